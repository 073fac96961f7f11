/**
 * Netlify Blobs stores used by the API. Reads that must see the last write use strong consistency.
 */
import { getStore, type Store } from '@netlify/blobs';

/** Store names, in one place. */
export const storeNames = {
  health: 'health',
} as const;

/** A Blobs store with strong consistency (a read sees the last write). */
export function strongStore(name: string): Store {
  return getStore({ name, consistency: 'strong' });
}
