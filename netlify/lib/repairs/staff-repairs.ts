/**
 * What the staff's repair endpoints do, so that each endpoint only reads, calls and answers: which repairs
 * a person may see (their territories, as for tickets: another territory's repair is « not found »), the
 * board (counts per state, days in the workshop, overdue ones on the tickets' business clock, one page of
 * rows), the search (reference, serial, company), the repair as staff read it, and their changes.
 */
import type { Company } from '../../../src/features/customers/model.ts';
import type { Repair, RepairAuthor, RepairBoardAnswer, RepairChangeInput, RepairRow, RepairSummary, StaffRepair } from '../../../src/features/repairs/model.ts';
import { nextRepairStates, REPAIR_STATES, repairStateOf, type RepairDevisState, type RepairState } from '../../../src/features/repairs/states.ts';
import { businessMinutesBetween, BUSINESS_CLOSES_HOUR, BUSINESS_OPENS_HOUR } from '../../../src/features/tickets/clock.ts';
import { normalizeForSearch } from '../../../src/lib/text.ts';
import { can, type StaffMember } from '../auth/permissions.ts';
import { getCompany, listCompanySummaries } from '../customers/companies.ts';
import { getDevis } from '../devis/devis-records.ts';
import { maySee } from '../requests/scope.ts';
import { ticketAssignees } from '../tickets/staff-tickets.ts';
import { companyPool } from './loans.ts';
import { markRepaired } from './repair-report.ts';
import { companyRepairEntries, openRepairEntries, repairIdsOfReference, repairIdsOfSerial, restitutedRepairEntries, summaryOfRepair } from './repair-index.ts';
import { applyRepairMove, changeRepair, getRepair, repairRefusal, type RepairOutcome, type RepairWriteOptions } from './repairs.ts';

/** Rows of one page of the board. */
export const BOARD_PAGE_SIZE = 50;
/** A business day on the tickets' clock, in minutes (8 h – 17 h). */
const BUSINESS_DAY_MINUTES = (BUSINESS_CLOSES_HOUR - BUSINESS_OPENS_HOUR) * 60;
const DAY_MS = 24 * 3_600_000;

/** The staff member as a repair's history names them. */
export const staffRepairAuthor = (staff: StaffMember): RepairAuthor => ({ kind: 'staff', id: staff.id, name: staff.name });

/** A repair this person may see, or undefined (unknown id, or another territory's: the same 404). */
export async function getVisibleRepair(staff: StaffMember, id: string): Promise<Repair | undefined> {
  const repair = await getRepair(id);
  return repair && maySee(staff, { territory: repair.territory }) ? repair : undefined;
}

/** Where the repair's devis stands, from the devis' record (its last version). */
export async function repairDevisState(repair: Pick<Repair, 'devis'>): Promise<RepairDevisState> {
  if (!repair.devis) return 'aucun';
  const last = (await getDevis(repair.devis.requestId))?.versions.at(-1);
  if (last?.state === 'envoye' || last?.state === 'accepte' || last?.state === 'refuse') return last.state;
  // Expired or replaced: nothing stands; a new devis may be sent.
  return 'aucun';
}

/**
 * A board row at `now`: calendar days since the device arrived (or since the opening while expected), and
 * « late » when the repair has stayed in its state longer than the state's target, in business days of
 * its territory.
 */
export function rowOf(entry: RepairSummary, now: Date): RepairRow {
  const since = Date.parse(entry.receivedAt ?? entry.openedAt);
  const { targetDays: target, open } = repairStateOf(entry.state);
  const late = target !== null && businessMinutesBetween(new Date(entry.stateSince), now, entry.territory) > target * BUSINESS_DAY_MINUTES;
  // A restituted device's days in the workshop stopped at its restitution.
  const until = open ? now.getTime() : Date.parse(entry.stateSince);
  return { ...entry, days: Math.max(0, Math.floor((until - since) / DAY_MS)), late };
}

const emptyCounts = (): Record<RepairState, number> => Object.fromEntries(REPAIR_STATES.map((state) => [state.id, 0])) as Record<RepairState, number>;

/** The rows a search finds: by reference, by serial (exact), by company name or client code; any state. */
async function searchEntries(query: string): Promise<RepairSummary[]> {
  const wanted = query.trim();
  const byKey = [...(await repairIdsOfReference(wanted)), ...(await repairIdsOfSerial(wanted))];
  const direct = (await Promise.all([...new Set(byKey)].map(getRepair))).flatMap((repair) => (repair ? [summaryOfRepair(repair)] : []));
  const words = normalizeForSearch(wanted);
  const companies = words.length < 2 ? [] : (await listCompanySummaries()).filter((company) => company.search.includes(words)).slice(0, 20);
  const ofCompanies = (await Promise.all(companies.map((company) => companyRepairEntries(company.id)))).flat();
  const seen = new Set<string>();
  return [...direct, ...ofCompanies].filter((entry) => !seen.has(entry.id) && Boolean(seen.add(entry.id)));
}

/**
 * The board for this person at `now`: the open repairs of their territories (or a search), a state filter,
 * one page; « Restitués » lists the repairs restituted in the last RESTITUTED_SHOWN_DAYS days (counted too).
 */
export async function repairBoard(staff: StaffMember, { state, query, page }: { state: RepairState | ''; query: string; page: number }, now = new Date()): Promise<RepairBoardAnswer> {
  const visible = (entry: RepairSummary) => maySee(staff, { territory: entry.territory });
  const [openEntries, restitutedEntries] = await Promise.all([openRepairEntries(), restitutedRepairEntries(now)]);
  const open = openEntries.filter(visible);
  const restituted = restitutedEntries.filter(visible);
  const counts = emptyCounts();
  for (const entry of [...open, ...restituted]) counts[entry.state] += 1;
  // Without a search, the board lists the open repairs, or with « Restitués » those of the last days.
  const listed = query.trim() ? (await searchEntries(query)).filter(visible) : state === 'restitue' ? restituted : open;
  const rows = listed
    .filter((entry) => !state || entry.state === state)
    .map((entry) => rowOf(entry, now))
    // The longest in the workshop first: the board's question is « what is waiting ».
    .sort((a, b) => b.days - a.days || a.reference.localeCompare(b.reference));
  const late = query.trim() ? rows.filter((row) => row.late).length : open.reduce((sum, entry) => sum + (rowOf(entry, now).late ? 1 : 0), 0);
  const pages = Math.max(1, Math.ceil(rows.length / BOARD_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  return { success: true, counts, late, rows: rows.slice((current - 1) * BOARD_PAGE_SIZE, current * BOARD_PAGE_SIZE), page: current, pages, total: rows.length };
}

/** A company's repairs, newest first (the company's page). */
export async function companyRepairs(companyId: string, now = new Date()): Promise<RepairRow[]> {
  return (await companyRepairEntries(companyId)).sort((a, b) => b.openedAt.localeCompare(a.openedAt)).map((entry) => rowOf(entry, now));
}

/** The repair as the staff's page shows it. */
export async function staffRepairView(staff: StaffMember, repair: Repair): Promise<StaffRepair> {
  const [company, devisState, pool, technicians, devis] = await Promise.all([
    getCompany(repair.companyId),
    repairDevisState(repair),
    companyPool(repair.companyId),
    ticketAssignees(repair),
    repair.devis ? getDevis(repair.devis.requestId) : undefined,
  ]);
  const last = devis?.versions.at(-1);
  // Whoever has it stays among the choices even if they left the territory, so the select shows them.
  const holder = repair.technician && !technicians.some((person) => person.id === repair.technician!.id) ? [repair.technician] : [];
  return {
    repair,
    devisState,
    sentDevis: last ? { number: last.number, version: last.version, sentAt: last.sentAt, validUntil: last.validUntil, draft: { lines: last.draft.lines, shippingHTCents: last.draft.shippingHTCents, territory: last.draft.territory } } : null,
    technicians: [...holder, ...technicians],
    nextStates: nextRepairStates(repair.state, { warranty: repair.warranty, devis: devisState }),
    mayWrite: can(staff.role, 'repairs.write'),
    loanDevices: pool,
    company: company ? { id: company.id, name: company.name, clientCode: company.clientCode } : null,
  };
}

/** One of the people a repair can be given to (its territory's assignable people, as for tickets), or undefined. */
async function technicianOf(repair: Repair, id: string): Promise<{ id: string; name: string } | undefined> {
  return (await ticketAssignees(repair)).find((person) => person.id === id);
}

/**
 * A staff change of a repair: a move (its devis' state read first: the rule of states.ts), « Réparé » with
 * its final report and its PDF (repair-report.ts), the diagnosis (which moves « Reçu » to « Diagnostic »), the technician, a note.
 */
export async function changeRepairAs(staff: StaffMember, repair: Repair, input: RepairChangeInput, options: RepairWriteOptions = {}): Promise<RepairOutcome> {
  const now = options.now ?? new Date();
  const by = staffRepairAuthor(staff);
  const at = now.toISOString();
  if (input.action === 'etat' || input.action === 'repare') {
    const devis = await repairDevisState(repair);
    if (input.action === 'etat' && input.to === 'repare') return repairRefusal('repair_report_needed');
    if (input.action === 'repare') return markRepaired(repair, input, by, devis, options);
    return changeRepair(repair.id, (current) => applyRepairMove(current, input.to, by, { devis }, now), options);
  }
  if (input.action === 'diagnostic') {
    return changeRepair(
      repair.id,
      (current) => {
        if (current.state !== 'recu' && current.state !== 'diagnostic') return repairRefusal('repair_diagnosis_out_of_turn');
        const moved = current.state === 'recu' ? applyRepairMove(current, 'diagnostic', by, { devis: 'aucun' }, now) : ({ ok: true, repair: current } as const);
        return moved.ok ? { ok: true, repair: { ...moved.repair, diagnosis: input.diagnosis, technician: moved.repair.technician ?? (can(staff.role, 'tickets.assignable') ? { id: staff.id, name: staff.name } : null) } } : moved;
      },
      options,
    );
  }
  if (input.action === 'technicien') {
    const technician = input.technicianId === null ? null : await technicianOf(repair, input.technicianId);
    if (technician === undefined) return repairRefusal('repair_technician_not_assignable');
    return changeRepair(repair.id, (current) => ({ ok: true, repair: { ...current, technician } }), options);
  }
  return changeRepair(repair.id, (current) => ({ ok: true, repair: { ...current, history: [...current.history, { kind: 'note', text: input.text, at, by }] } }), options);
}

/** The company of an opening, if this person may see it (another territory's: not found). */
export async function visibleCompany(staff: StaffMember, companyId: string): Promise<Company | undefined> {
  const company = await getCompany(companyId);
  return company && maySee(staff, { territory: company.territory }) ? company : undefined;
}
