/**
 * The tickets' share of the daily job, and the one erase of a ticket:
 * - a ticket « Résolu » for 7 days is closed (actor « systeme », a history entry), its customer having had
 *   the grace period to reopen it;
 * - a closed ticket is erased — its blob, index entries, photos, reports, e-mails and leftover intents —
 *   5 years after the later of its closing and its company's contract's end (src/features/tickets/retention.ts).
 * The job walks the index's month entries (small blobs), and reads a ticket only when its entry says it may
 * be due.
 */
import { oldestKeptClosing, resolvedGraceOver, ticketExpired } from '../../../src/features/tickets/retention.ts';
import type { Ticket, TicketAuthor } from '../../../src/features/tickets/model.ts';
import { getCompany } from '../customers/companies.ts';
import { eraseMails } from '../mail/outbox.ts';
import { deleteUnder, storeNames, strongStore } from '../storage/storage.ts';
import { eraseReports } from './reports.ts';
import { erasePhotos } from './photo-store.ts';
import { companyEntries, forgetCompanyEntries, indexedMonths, monthEntries, unindexTicket } from './ticket-index.ts';
import { ticketMailOwner } from './ticket-mail.ts';
import { getTicket, moveTicket } from './tickets.ts';
import { ticketClosed } from '../../../src/features/tickets/states.ts';

/** Who the history names for the job's changes. */
export const DAILY_JOB: TicketAuthor = { kind: 'systeme', id: 'tache-quotidienne', name: 'Tâche quotidienne' };

/**
 * Erases a ticket and everything derived from it: its blob and index entries, its photos (read here
 * without the image library, so the daily job stays light), its reports, its e-mails and any intent left of
 * a write. False when there was no such ticket (what an earlier half-finished erase left is erased all the same).
 */
export async function eraseTicket(id: string): Promise<boolean> {
  const ticket = await getTicket(id);
  if (ticket) await unindexTicket(ticket);
  await Promise.all([
    erasePhotos(id),
    eraseReports(id),
    eraseMails(ticketMailOwner(id)),
    deleteUnder(storeNames.ticketIntents, id),
  ]);
  if (ticket) await strongStore(storeNames.tickets).delete(id);
  return ticket !== undefined;
}

/** Erases every ticket of a company, whatever its state (the company removed), and its blob of the index; answers how many. */
export async function eraseTicketsOfCompany(companyId: string): Promise<number> {
  let erased = 0;
  for (const entry of await companyEntries(companyId)) if (await eraseTicket(entry.id)) erased += 1;
  await forgetCompanyEntries(companyId);
  return erased;
}

/** When a ticket was last closed (its last move to « Clos »), or null. */
const closedAt = (ticket: Ticket): string | null => ticket.history.findLast((change) => change.kind === 'etat' && change.to === 'clos')?.at ?? null;

/** What the job did to the tickets. */
export interface TicketPurge {
  closed: number;
  erased: number;
}

/** Closes the tickets resolved 7 days ago and erases the closed tickets past their retention, at `now`. */
export async function purgeTickets(now: Date): Promise<TicketPurge> {
  const done: TicketPurge = { closed: 0, erased: 0 };
  const oldestKept = oldestKeptClosing(now);
  for (const month of await indexedMonths()) {
    for (const entry of await monthEntries(month)) {
      if (entry.state === 'resolu' && resolvedGraceOver(entry.resolvedAt, now)) {
        const moved = await moveTicket(entry.id, 'clos', DAILY_JOB, { now });
        if (moved.ok) done.closed += 1;
        continue;
      }
      // A ticket opened within its lifetime was closed within it too: nothing to read.
      if (!ticketClosed(entry.state) || Date.parse(entry.openedAt) > oldestKept.getTime()) continue;
      const ticket = await getTicket(entry.id);
      if (!ticket || !ticketClosed(ticket.state)) continue;
      const company = await getCompany(ticket.companyId);
      if (!ticketExpired(closedAt(ticket), company?.contractEndsOn ?? null, now)) continue;
      if (await eraseTicket(ticket.id)) done.erased += 1;
    }
  }
  return done;
}
