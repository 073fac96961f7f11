/**
 * The outbox job, a Netlify Scheduled Function run every minute: first the repair pass (completes the
 * requests whose submitting function stopped before indexing them or queueing their e-mails, see
 * netlify/lib/requests/submit.ts; then the inbox index's own repairs, its first build and the entries left
 * pending, which no visitor's call makes, netlify/lib/requests/requests.ts) and the devis sends and answers likewise (netlify/lib/devis/devis-completion.ts) and the tickets' writes (netlify/lib/tickets/tickets.ts) and the workshop's repairs (netlify/lib/repairs/repairs.ts), then it sends every e-mail that is due (retries of failed sends, e-mails a
 * stopped function never tried, claims whose sender stopped; netlify/lib/mail/outbox.ts). Between the two, the
 * tickets still « Nouveau » with nobody on them 30 minutes before their taking-in-charge deadline warn their
 * territory's administrators by push (netlify/lib/tickets/ticket-push.ts), and the repairs that just passed
 * their state's target tell their technicians (netlify/lib/repairs/repair-late.ts).
 * Locally: `curl -X POST http://localhost:8888/.netlify/functions/mail-outbox`.
 */
import type { Config } from '@netlify/functions';
import { runOutbox } from '../lib/mail/outbox.ts';
import { repairDevis } from '../lib/devis/devis-completion.ts';
import { repairSubmissions } from '../lib/requests/submit.ts';
import { completeInboxIndex } from '../lib/requests/requests.ts';
import { repairTickets } from '../lib/tickets/tickets.ts';
import { warnUntakenTickets } from '../lib/tickets/ticket-push.ts';
import { completeRepairWrites } from '../lib/repairs/repairs.ts';
import { warnLateRepairs } from '../lib/repairs/repair-late.ts';
// The devis repair pass completes answers to repairs' devis too: the workshop follows them (it registers as it loads).
import '../lib/repairs/repair-devis-answer.ts';

export default async (): Promise<Response> => {
  const repair = await repairSubmissions();
  if (repair.completed + repair.dropped > 0) console.log('mail-outbox: repair', JSON.stringify(repair));
  const inbox = await completeInboxIndex();
  if (inbox.rebuilt !== undefined || inbox.pending > 0) console.log('mail-outbox: inbox index', JSON.stringify(inbox));
  const devis = await repairDevis();
  if (devis.completed + devis.dropped > 0) console.log('mail-outbox: devis repair', JSON.stringify(devis));
  const tickets = await repairTickets();
  if (tickets.completed + tickets.dropped > 0) console.log('mail-outbox: tickets repair', JSON.stringify(tickets));
  const repairs = await completeRepairWrites();
  if (repairs.completed + repairs.dropped > 0) console.log('mail-outbox: workshop repair', JSON.stringify(repairs));
  const warned = await warnUntakenTickets();
  if (warned > 0) console.log(`mail-outbox: ${warned} ticket(s) without anyone near their deadline, administrators warned`);
  const late = await warnLateRepairs();
  if (late > 0) console.log(`mail-outbox: ${late} repair(s) past their state's target, technicians told`);
  const run = await runOutbox();
  if (run.pending > 0) console.log('mail-outbox:', JSON.stringify(run));
  return new Response(JSON.stringify({ repair, inbox, devis, tickets, repairs, warned, late, ...run }), { headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' } });
};

export const config: Config = {
  schedule: '* * * * *',
};
