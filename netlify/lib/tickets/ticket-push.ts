/**
 * Who a ticket's events wake by push (the technicians' app), queued in the outbox beside its e-mails (owner
 * `ticket-<id>`, one entry per event and device: `p-h<index>-<device>`, or `p-echeance-<device>` for the
 * deadline warning), so a repair after a crash queues nothing twice:
 * - a « Bloquant » ticket opened: the territory's on-call technician that week (« Astreinte »), at any hour;
 *   and during business hours (the tickets' clock: 8 h–17 h on working days, holidays excepted) every active
 *   technician of the territory;
 * - an assignment: the person assigned (not when they assigned it to themselves);
 * - 30 minutes (business time) before the taking-in-charge deadline of a ticket still « Nouveau » that
 *   nobody has: the territory's administrators (and the owner), from the every-minute job.
 * A notification names the reference, the company and the impact — never the customer's text — and opens
 * the ticket.
 */
import pLimit from 'p-limit';
import type { PushNotice } from '../../../src/features/field/on-call.ts';
import type { Ticket } from '../../../src/features/tickets/model.ts';
import { isBusinessTime, timeLeft } from '../../../src/features/tickets/clock.ts';
import { ticketImpactOf } from '../../../src/features/tickets/states.ts';
import { ticketPages } from '../../../src/features/tickets/ticket-paths.ts';
import { can, OWNER_ID } from '../auth/permissions.ts';
import { deliverMail, enqueueMails, type OutboxEntry, type OutgoingMail, type Versioned } from '../mail/outbox.ts';
import { listAccounts, mayBeOnCall } from '../team/accounts.ts';
import { ticketMailOwner, type TicketEventsFrom } from './ticket-mail.ts';
import { clockInputOf, openEntries } from './ticket-index.ts';
import { onCallAt } from '../push/rota.ts';
import { pushesTo } from '../mail/push-entries.ts';

/** How long before the taking-in-charge deadline the administrators are warned (business minutes). */
export const DEADLINE_WARNING_MINUTES = 30;

/** The notice of a ticket: reference, company, impact; never the customer's text. */
export function noticeOf(ticket: Pick<Ticket, 'id' | 'reference' | 'companyName' | 'impact'>, headline: string): PushNotice {
  return {
    title: `${headline} ${ticket.reference}`,
    body: `${ticket.companyName} — impact «\u00a0${ticketImpactOf(ticket.impact).label}\u00a0»`,
    url: ticketPages.view(ticket.id),
    tag: `ticket-${ticket.id}`,
  };
}

/**
 * Queues the pushes of a ticket's history entries from `from` on (entries that exist are left as they
 * are). `dueNow`: the job may send them at its next run (a repair). Returns the entries written, to send.
 */
export async function queueTicketPushes(ticket: Ticket, from: TicketEventsFrom, { now = new Date(), dueNow = false }: { now?: Date; dueNow?: boolean } = {}): Promise<Versioned<OutboxEntry>[]> {
  const events = ticket.history.map((change, index) => ({ change, index })).filter(({ index }) => index >= from.history);
  if (events.length === 0) return [];
  const accounts = (await listAccounts()).filter((account) => account.state === 'actif');
  const pushes: OutgoingMail[] = [];
  for (const { change, index } of events) {
    if (change.kind === 'etat' && change.from === null && ticket.impact === 'bloquant') {
      // Who is woken is decided at the opening's instant (a repair later wakes the same people).
      const at = new Date(change.at);
      const onCall = await onCallAt(ticket.territory, at);
      const technicians = isBusinessTime(at, ticket.territory)
        ? accounts.filter((account) => can(account.role, 'tickets.assignable') && account.territories.includes(ticket.territory)).map((account) => account.id)
        : [];
      // The rota may still name someone who since left the territory or the role: they are not woken.
      const woken = [...(onCall && accounts.some((account) => account.id === onCall && mayBeOnCall(account, ticket.territory)) ? [onCall] : []), ...technicians];
      pushes.push(...(await pushesTo(woken, `h${index}`, noticeOf(ticket, 'URGENT — Bloquant'))));
    }
    if (change.kind === 'assignation' && change.to && change.to.id !== change.by.id) {
      pushes.push(...(await pushesTo([change.to.id], `h${index}`, noticeOf(ticket, 'Ticket attribué\u00a0:'))));
    }
  }
  if (pushes.length === 0) return [];
  const entries = await enqueueMails(ticketMailOwner(ticket.id), pushes, { now, dueNow });
  return entries.filter((entry) => entry.etag && entry.data.state === 'en_attente');
}

/**
 * The every-minute job's pass: each ticket still « Nouveau », assigned to nobody, whose taking-in-charge
 * deadline is 30 business minutes away or less (and not yet passed) warns its territory's administrators
 * and the owner, once (the entries are write-if-new), sent at once. Answers how many tickets warned.
 */
export async function warnUntakenTickets({ now = new Date(), concurrency = 4 }: { now?: Date; concurrency?: number } = {}): Promise<number> {
  const near = (await openEntries()).filter((entry) => {
    if (entry.state !== 'nouveau' || entry.assignedTo || entry.takenInChargeAt) return false;
    const left = timeLeft(clockInputOf(entry), 'priseEnCharge', now);
    return left > 0 && left <= DEADLINE_WARNING_MINUTES;
  });
  if (near.length === 0) return 0;
  const accounts = (await listAccounts()).filter((account) => account.state === 'actif' && can(account.role, 'territories.all'));
  const limit = pLimit(concurrency);
  await Promise.all(
    near.map((entry) =>
      limit(async () => {
        const administrators = [OWNER_ID, ...accounts.filter((account) => account.territories.includes(entry.territory)).map((account) => account.id)];
        const notice = noticeOf({ id: entry.id, reference: entry.reference, companyName: entry.companyName, impact: entry.impact }, 'Personne sur le ticket, échéance dans 30 min\u00a0:');
        const pushes = await pushesTo(administrators, 'echeance', notice);
        const written = (await enqueueMails(ticketMailOwner(entry.id), pushes, { now })).filter((one) => one.etag && one.data.state === 'en_attente');
        await Promise.all(written.map((known) => deliverMail(ticketMailOwner(entry.id), known.data.id, { now, known })));
      }),
    ),
  );
  return near.length;
}
