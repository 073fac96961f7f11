/**
 * The role a staff session's token names, read in the browser from its payload (the signature is the
 * server's business): what the admin screens show or hide by role. It only shapes the screens: the pages and
 * their API refuse anyone else themselves.
 */
import { decodeJwt } from 'jose/jwt/decode';

/** The role a token's payload names; undefined when it names none; null when the token is unreadable. */
export function tokenRole(token: string): string | undefined | null {
  try {
    const { role } = decodeJwt(token);
    return typeof role !== 'string' ? undefined : role;
  } catch {
    return null;
  }
}
