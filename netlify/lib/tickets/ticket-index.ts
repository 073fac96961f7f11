/**
 * The tickets' index: what the lists, filters, counters and the chart read, so that no list ever reads one
 * blob per ticket. The ticket blobs stay the truth (tickets.ts); each write of a ticket is followed by
 * `indexTicket`, and the repair pass does it again for a write whose function stopped before.
 *
 * Layout (store `ticket-index`), each blob `{ entries: { [ticketId]: entry } }`:
 * - `ouverts`: every ticket still being worked on (not « Résolu », not « Clos »): the staff's list, the
 *   « En retard » filter and the counters read this one blob;
 * - `societe/<companyId>`: every ticket of a company, whatever its state: the space's « Mes tickets » and
 *   the company's page;
 * - `mois/<YYYY-MM>`: every ticket opened in that month (local time of its territory): the chart and the
 *   history of closed tickets.
 * An entry is about 400 bytes: 20 000 tickets over 300 companies make company blobs of some 30 KB and
 * month blobs of well under 1 MB, and the open blob holds only the few hundred tickets in progress.
 *
 * Writes go through `updateJSON` (conditional, retried); an entry is only replaced by one made from a
 * ticket at least as recent (`updatedAt`), so two updates landing in the wrong order keep the newer one.
 */
import { z } from '../../../src/records/zod.ts';
import { ticketSummarySchema, type Ticket, type TicketSummary } from '../../../src/features/tickets/model.ts';
import { dueTimes, formatLocalIso, timeLeft, type TicketClockInput } from '../../../src/features/tickets/clock.ts';
import { pausedIntervals, ticketStateOf, type SlaTarget } from '../../../src/features/tickets/states.ts';
import { storeNames, strongStore } from '../storage/storage.ts';
import { writeBucketEntry, type Bucket as IndexBucket } from '../storage/index-buckets.ts';

/** One ticket as the index keeps it: what a TicketSummary needs, and its paused intervals for the clock. */
export const ticketIndexEntrySchema = ticketSummarySchema
  .pick({ id: true, reference: true, companyId: true, companyName: true, territory: true, impact: true, state: true, openedAt: true, assignedTo: true, takenInChargeAt: true, resolvedAt: true, updatedAt: true, model: true })
  .extend({
    /** Intervals spent « En attente client » (ISO instants; end null: still waiting). */
    paused: z.array(z.object({ start: z.string(), end: z.string().nullable() })),
  });
export type TicketIndexEntry = z.infer<typeof ticketIndexEntrySchema>;

type Bucket = IndexBucket<TicketIndexEntry>;

const OPEN_KEY = 'ouverts';
const companyKey = (companyId: string): string => `societe/${companyId}`;
const monthKey = (month: string): string => `mois/${month}`;

/** The open blob meets every ticket's every change: far more patience than the default. */
const INDEX_WRITE_ATTEMPTS = 60;

const indexStore = () => strongStore(storeNames.ticketIndex);

/** The month a ticket was opened in, local time of its territory (« 2026-05 »). */
export const openingMonth = (ticket: Pick<Ticket, 'openedAt' | 'territory'>): string => formatLocalIso(new Date(ticket.openedAt), ticket.territory).slice(0, 7);

/** The index entry of a ticket. */
export function entryOf(ticket: Ticket): TicketIndexEntry {
  const changes = ticket.history.flatMap((change) => (change.kind === 'etat' ? [{ state: change.to, at: new Date(change.at) }] : []));
  return {
    id: ticket.id,
    reference: ticket.reference,
    companyId: ticket.companyId,
    companyName: ticket.companyName,
    territory: ticket.territory,
    impact: ticket.impact,
    state: ticket.state,
    openedAt: ticket.openedAt,
    assignedTo: ticket.assignedTo,
    model: ticket.equipment.model,
    takenInChargeAt: ticket.takenInChargeAt,
    resolvedAt: ticket.resolvedAt,
    updatedAt: ticket.updatedAt,
    paused: pausedIntervals(changes).map((pause) => ({ start: pause.start.toISOString(), end: pause.end ? pause.end.toISOString() : null })),
  };
}

/** Puts an entry in a bucket (or takes it out), unless the bucket already holds a newer one. */
const writeEntry = (key: string, entry: TicketIndexEntry, keep: boolean): Promise<void> => writeBucketEntry(storeNames.ticketIndex, key, entry, keep, INDEX_WRITE_ATTEMPTS);

/** Writes a ticket's entries: its company's and its month's, and the open blob's while it is open. Idempotent. */
export async function indexTicket(ticket: Ticket): Promise<void> {
  const entry = entryOf(ticket);
  await Promise.all([
    writeEntry(companyKey(ticket.companyId), entry, true),
    writeEntry(monthKey(openingMonth(ticket)), entry, true),
    writeEntry(OPEN_KEY, entry, ticketStateOf(ticket.state).open),
  ]);
}

/**
 * Writes the index of many tickets at once, one write per blob (a throw-away copy seeded by the benchmark;
 * a live index is kept by indexTicket): replaces the open, company and month blobs these tickets fall in.
 * @public scripts/bench-tickets.mjs bundles it with esbuild, where knip cannot follow the import.
 */
export async function writeIndexOf(tickets: readonly Ticket[]): Promise<void> {
  const buckets = new Map<string, Bucket>();
  const put = (key: string, entry: TicketIndexEntry) => {
    const bucket = buckets.get(key) ?? { entries: {} };
    bucket.entries[entry.id] = entry;
    buckets.set(key, bucket);
  };
  buckets.set(OPEN_KEY, { entries: {} });
  for (const ticket of tickets) {
    const entry = entryOf(ticket);
    put(companyKey(ticket.companyId), entry);
    put(monthKey(openingMonth(ticket)), entry);
    if (ticketStateOf(ticket.state).open) put(OPEN_KEY, entry);
  }
  for (const [key, bucket] of buckets) await indexStore().setJSON(key, bucket);
}

/** Removes a ticket from every blob of the index (its erasure by the retention job). */
export async function unindexTicket(ticket: Ticket): Promise<void> {
  const gone = { ...entryOf(ticket), updatedAt: '9999' };
  await Promise.all([companyKey(ticket.companyId), monthKey(openingMonth(ticket)), OPEN_KEY].map((key) => writeEntry(key, gone, false)));
}

/** Drops a company's blob of the index (its company removed, its tickets erased first). */
export async function forgetCompanyEntries(companyId: string): Promise<void> {
  await indexStore().delete(companyKey(companyId));
}

async function readBucket(key: string): Promise<TicketIndexEntry[]> {
  const bucket = (await indexStore().get(key, { type: 'json' })) as Bucket | null;
  return Object.values(bucket?.entries ?? {});
}

/** Every ticket still being worked on (not « Résolu », not « Clos »). */
export const openEntries = (): Promise<TicketIndexEntry[]> => readBucket(OPEN_KEY);

/** Every ticket of a company, whatever its state. */
export const companyEntries = (companyId: string): Promise<TicketIndexEntry[]> => readBucket(companyKey(companyId));

/** Every ticket opened in a month (« 2026-05 », local time of each ticket's territory). */
export const monthEntries = (month: string): Promise<TicketIndexEntry[]> => readBucket(monthKey(month));

/** Every opening month the index holds (« 2026-05 »), oldest first: what the daily job walks. */
export async function indexedMonths(): Promise<string[]> {
  const { blobs } = await indexStore().list({ prefix: 'mois/' });
  return blobs.map((blob) => blob.key.slice('mois/'.length)).sort();
}

/** How many of a company's tickets are still being worked on (the space's summary, « Tickets ouverts »). */
export async function openTicketCount(companyId: string): Promise<number> {
  return (await companyEntries(companyId)).filter((entry) => ticketStateOf(entry.state).open).length;
}

/** What the clock needs of an entry. */
export const clockInputOf = (entry: Pick<TicketIndexEntry, 'openedAt' | 'territory' | 'impact' | 'paused'>): TicketClockInput => ({
  openedAt: new Date(entry.openedAt),
  territory: entry.territory,
  impact: entry.impact,
  paused: entry.paused.map((pause) => ({ start: new Date(pause.start), end: pause.end ? new Date(pause.end) : null })),
});

/**
 * Until when the ticket is to be taken in charge (business time of its territory from the opening, the
 * waits for the customer deducted); null once someone took it, once it is no longer open, or while a wait
 * holds the clock. The customer reads it on their ticket's page and in the acknowledgement e-mail.
 */
export function takeInChargeDeadline(ticket: Ticket): Date | null {
  if (ticket.takenInChargeAt !== null || !ticketStateOf(ticket.state).open) return null;
  return dueTimes(clockInputOf(entryOf(ticket))).priseEnCharge;
}

/**
 * The target a ticket is running for: « prise en charge » until someone took it, then « résolution »
 * while it is open; none once resolved or closed.
 */
export function runningTarget(entry: Pick<TicketIndexEntry, 'state' | 'takenInChargeAt'>): SlaTarget | null {
  if (!ticketStateOf(entry.state).open) return null;
  return entry.takenInChargeAt === null ? 'priseEnCharge' : 'resolution';
}

/**
 * A list row at `now`: the due times still to meet (ISO with the territory's offset; null once met or
 * when the ticket is no longer open), the business minutes left on the running target (negative: late).
 */
export function summaryOf(entry: TicketIndexEntry, now: Date): TicketSummary {
  const { paused: _paused, ...rest } = entry;
  const clock = clockInputOf(entry);
  const due = dueTimes(clock);
  const open = ticketStateOf(entry.state).open;
  const target = runningTarget(entry);
  const minutesLeft = target ? Math.round(timeLeft(clock, target, now)) : null;
  const local = (instant: Date | null): string | null => (instant ? formatLocalIso(instant, entry.territory) : null);
  return {
    ...rest,
    due: { priseEnCharge: entry.takenInChargeAt === null && open ? local(due.priseEnCharge) : null, resolution: open ? local(due.resolution) : null },
    minutesLeft,
    late: minutesLeft !== null && minutesLeft < 0,
  };
}
