/**
 * Forgetting a customer person, the one way (staff removing them or their company, or the daily job three
 * years after their last sign-in): their sessions, passkeys and passkey challenges, sign-in links and the
 * e-mails that carried those links go. The company's records (tickets, requests, devis) stay: they are the company's.
 */
import { eraseMails } from '../mail/outbox.ts';
import { storeNames, strongStore } from '../storage/storage.ts';
import { endAllCustomerSessions } from './customer-session.ts';
import { customerMailOwner } from './mail-owner.ts';

/** Deletes the blobs of a store under a person's prefix (`<personId>/…`). */
async function deletePrefix(storeName: string, prefix: string): Promise<void> {
  const store = strongStore(storeName);
  const { blobs } = await store.list({ prefix });
  await Promise.all(blobs.map(({ key }) => store.delete(key)));
}

/** Deletes the blobs of a store under a prefix whose record `belongs` (records keyed by something else than the person). */
async function deleteWhere(storeName: string, prefix: string, belongs: (record: Record<string, unknown> | null) => boolean): Promise<void> {
  const store = strongStore(storeName);
  for await (const page of store.list({ prefix, paginate: true })) {
    for (const { key } of page.blobs) if (belongs((await store.get(key, { type: 'json' })) as Record<string, unknown> | null)) await store.delete(key);
  }
}

/** Ends a person's sessions and erases their passkeys and challenges, their sign-in links and the e-mails of those links. */
export async function forgetPerson(personId: string): Promise<void> {
  await endAllCustomerSessions(personId);
  await deletePrefix(storeNames.customerPasskeys, `${personId}/`);
  // Challenges (`defis/<challenge>`, answered or not) and links (keyed by their token's hash) name the person inside.
  await deleteWhere(storeNames.customerPasskeys, 'defis/', (challenge) => challenge?.accountId === personId);
  await deleteWhere(storeNames.customerSignInLinks, '', (link) => link?.personId === personId);
  await eraseMails(customerMailOwner(personId));
}
