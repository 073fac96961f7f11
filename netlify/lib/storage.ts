/**
 * Netlify Blobs stores used by the API. Reads that must see the last write use strong consistency.
 */
import { getStore, type Store } from '@netlify/blobs';

/** Store names, in one place. */
export const storeNames = {
  health: 'health',
  /** One blob per contact or quote request, keyed by its id. */
  requests: 'contact-requests',
  /** Revoked token ids (jti), kept until the token would have expired anyway. */
  revokedTokens: 'auth-revoked-tokens',
  /** Failed login counters, one blob per client IP (hashed). */
  loginThrottle: 'auth-login-throttle',
  /** Mails written locally instead of sent, when no Postmark token is configured. */
  outbox: 'mail-outbox',
} as const;

/** A Blobs store with strong consistency (a read sees the last write). */
export function strongStore(name: string): Store {
  return getStore({ name, consistency: 'strong' });
}
