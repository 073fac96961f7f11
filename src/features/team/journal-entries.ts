/**
 * The journal's vocabulary, shared by the server that writes it and the screen that reads it: the kinds
 * of events with their French labels, an entry's shape (checked with the same schema on both sides), and
 * the filters of `/admin/journal` (person, action, date range, page cursor), refused in French when bad.
 */
import { z } from '../../records/zod.ts';
import { DEFAULT_TERRITORY, isTerritoryId, type TerritoryId } from '../../lib/territories.ts';
import { moment } from '../../records/moment.ts';

/** The kinds of events, in the order the filter offers them. */
export const JOURNAL_ACTIONS = [
  { id: 'connexion', label: 'Connexion' },
  { id: 'echec_connexion', label: 'Échec de connexion' },
  { id: 'compte', label: 'Modification de compte' },
  { id: 'suppression', label: 'Suppression' },
  { id: 'export', label: 'Export' },
  { id: 'client', label: 'Fiche client' },
] as const;

export type JournalAction = (typeof JOURNAL_ACTIONS)[number]['id'];

const actionIds = JOURNAL_ACTIONS.map((action) => action.id) as [JournalAction, ...JournalAction[]];

/** The label of an action (« Échec de connexion »). */
export const journalActionLabel = (id: JournalAction): string => JOURNAL_ACTIONS.find((action) => action.id === id)!.label;

/** When an entry happened, in its territory's time (Antilles time without one), the zone named in Guyane. */
export const journalMoment = (entry: Pick<JournalEntry, 'at' | 'territory'>): string => moment(entry.at, entry.territory ?? DEFAULT_TERRITORY);

/**
 * Where an event came from, as a person reads it: the stored address is an IPv4 address or an IPv6 /64
 * network (`2001:db8:a:b::/64`, one subscriber's), the loopback's (`0:0:0:0::/64`, `127.0.0.1`) this
 * machine itself. Empty without an address.
 */
export function journalAddressText(address: string | undefined): string {
  if (!address) return '';
  if (/^(?:0:0:0:0::\/64|::1|127\.\d+\.\d+\.\d+)$/.test(address)) return 'depuis cet ordinateur (adresse locale)';
  const network = /^([0-9a-f]{1,4}(?::[0-9a-f]{1,4}){3})::\/64$/i.exec(address);
  if (network) return `depuis le réseau IPv6 ${network[1]}…`;
  return `depuis l’adresse IP ${address}`;
}

/** One event of the journal. */
export const journalEntrySchema = z.object({
  /** Its key in the store, which also orders the entries by time. */
  id: z.string(),
  at: z.iso.datetime(),
  action: z.enum(actionIds),
  /** Who acted; absent for a failed sign-in under an unknown name. */
  actor: z.object({ id: z.string(), name: z.string() }).optional(),
  /** What the action was about (« compte » Marie Joseph, « demande » DV-2026-00042…). */
  subject: z.object({ kind: z.string(), id: z.string(), label: z.string() }).optional(),
  /** The client's address, for sign-ins and their failures. */
  address: z.string().optional(),
  /** What happened, in French. */
  detail: z.string(),
  /**
   * The territory of the record, when it has one (a company's; a staff account of one territory): its time
   * is written in that territory's zone, named where it is not the Antilles' (Guyane). Absent: Antilles time.
   */
  territory: z.custom<TerritoryId>(isTerritoryId, 'territoire inconnu').optional(),
});

export type JournalEntry = z.infer<typeof journalEntrySchema>;

/** An answer of the journal's list: a page of entries, newest first, and the cursor of the next page. */
export const journalPageSchema = z.object({ entries: z.array(journalEntrySchema), nextCursor: z.string().optional() });

export type JournalPage = z.infer<typeof journalPageSchema>;

const day = (what: string) => z.iso.date({ error: `${what} doit être une date (AAAA-MM-JJ).` });

/** The filters of the journal, as the URL carries them (every one optional). */
export const journalFilterSchema = z
  .object({
    person: z.string().trim().regex(/^[A-Za-z0-9-]{1,64}$/, { error: 'Personne inconnue.' }).optional(),
    action: z.enum(actionIds, { error: 'Action inconnue.' }).optional(),
    from: day('La date de début').optional(),
    to: day('La date de fin').optional(),
    cursor: z.string().max(200, { error: 'Page inconnue.' }).optional(),
  })
  .refine((filter) => !filter.from || !filter.to || filter.from <= filter.to, { error: 'La date de début doit précéder la date de fin.' });

export type JournalFilter = z.infer<typeof journalFilterSchema>;
