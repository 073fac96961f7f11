/**
 * Erasing a request, the one way: its own records (blob, index entry, search text, submission intent),
 * its e-mails (the outbox entries and their markers, attachments included) and its devis (drafts, sent
 * versions, answers, index entry). The admin's « Supprimer » and the retention job both call it, so what
 * a deletion leaves behind cannot differ between them. It sits above requests, mail and devis because it
 * erases records of all three.
 */
import { deleteDevis } from '../devis/devis-records.ts';
import { eraseMails } from '../mail/outbox.ts';
import type { StaffMember } from '../auth/permissions.ts';
import { getRequest, removeRequestRecords } from '../requests/requests.ts';
import { forgetRequestOwner } from '../requests/request-owners.ts';
import { actorOf, maySee } from '../requests/scope.ts';
import { recordEvent } from '../team/journal.ts';

/**
 * Erases a request and everything derived from it; false when there was no such request (what a
 * half-finished earlier erase left of it is erased all the same).
 */
export async function eraseRequest(id: string): Promise<boolean> {
  // Its place in the customers' space goes first, while the request still says whose it is.
  const stored = await getRequest(id);
  if (stored) await forgetRequestOwner(stored);
  const existed = await removeRequestRecords(id);
  await Promise.all([eraseMails(id), deleteDevis(id)]);
  return existed;
}

/**
 * « Supprimer » in the admin: erases a request this person may see, and records in the journal who erased
 * which request (by its reference, never the customer's name). False when there is no such request for them (another territory's request is not
 * touched); without a stored request, what a half-finished erase left of it is erased all the same.
 */
export async function eraseRequestAs(staff: StaffMember, id: string): Promise<boolean> {
  const stored = await getRequest(id);
  if (stored && !maySee(staff, stored)) return false;
  if (!(await eraseRequest(id)) || !stored) return false;
  // The journal names the request by its reference only: nothing of the customer outlives the erase.
  const label = stored.reference || stored.id;
  await recordEvent({ action: 'suppression', actor: actorOf(staff), subject: { kind: 'demande', id, label }, detail: `Demande ${label} supprimée.` });
  return true;
}
