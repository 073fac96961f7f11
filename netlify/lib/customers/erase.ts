/**
 * Forgetting a customer person, the one way (staff removing them or their company, or the daily job three
 * years after their last sign-in): their sessions, passkeys, sign-in links and the e-mails that carried
 * those links go. The company's records (tickets, requests, devis) stay: they are the company's.
 */
import { eraseMails } from '../mail/outbox.ts';
import { storeNames, strongStore } from '../storage/storage.ts';
import { endAllCustomerSessions } from './customer-session.ts';
import { customerMailOwner } from './sign-in-mail.ts';

/** Deletes the blobs of a store under a person's prefix (`<personId>/…`). */
async function deletePrefix(storeName: string, prefix: string): Promise<void> {
  const store = strongStore(storeName);
  const { blobs } = await store.list({ prefix });
  await Promise.all(blobs.map(({ key }) => store.delete(key)));
}

/** Ends a person's sessions and erases their passkeys, their sign-in links and the e-mails of those links. */
export async function forgetPerson(personId: string): Promise<void> {
  await endAllCustomerSessions(personId);
  await deletePrefix(storeNames.customerPasskeys, `${personId}/`);
  // The links are keyed by their token's hash: the person is in the record.
  const links = strongStore(storeNames.customerSignInLinks);
  for await (const page of links.list({ paginate: true })) {
    for (const { key } of page.blobs) {
      const link = (await links.get(key, { type: 'json' })) as { personId?: string } | null;
      if (link?.personId === personId) await links.delete(key);
    }
  }
  await eraseMails(customerMailOwner(personId));
}
