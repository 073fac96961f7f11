/**
 * Erasing a request, the one way: its own records (blob, index entry, search text, submission intent),
 * its e-mails (the outbox entries and their markers, attachments included) and its devis (drafts, sent
 * versions, answers, index entry). The admin's « Supprimer » and the retention job both call it, so what
 * a deletion leaves behind cannot differ between them. It sits above requests, mail and devis because it
 * erases records of all three.
 */
import { deleteDevis } from '../devis/devis-records.ts';
import { eraseMails } from '../mail/outbox.ts';
import { removeRequestRecords } from '../requests/requests.ts';

/**
 * Erases a request and everything derived from it; false when there was no such request (what a
 * half-finished earlier erase left of it is erased all the same).
 */
export async function eraseRequest(id: string): Promise<boolean> {
  const existed = await removeRequestRecords(id);
  await Promise.all([eraseMails(id), deleteDevis(id)]);
  return existed;
}
