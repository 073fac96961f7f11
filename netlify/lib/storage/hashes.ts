/**
 * The one way an e-mail address is hashed, wherever a key or an id stands for an address without naming it
 * (address claims, request owners, sign-in and acknowledgement counters, tickets' mail ids): SHA-256 of the
 * address trimmed and lower-cased (normalEmail), in hex.
 */
import { createHash } from 'node:crypto';
import { normalEmail } from '../../../src/features/customers/model.ts';

/** SHA-256 of an e-mail address as the site compares addresses (trimmed, lower-cased), in hex. */
export const emailHash = (email: string): string => createHash('sha256').update(normalEmail(email)).digest('hex');
