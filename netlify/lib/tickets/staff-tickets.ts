/**
 * What the staff's ticket endpoints do, so that each endpoint only reads, calls and answers: which tickets
 * a person may open (their territories, as for requests), the ticket as staff read it (figures of the
 * clock, company, equipment, who it can be given to, the moves allowed now), and the staff's changes —
 * state, impact, assignment, a reply or an internal note, the resolution with its report — each in the
 * ticket's history with its author.
 */
import { randomUUID } from 'node:crypto';
import type { z } from '../../../src/records/zod.ts';
import type { Ticket, TicketAuthor, TicketMessage, TicketPhoto, TicketSummary } from '../../../src/features/tickets/model.ts';
import type { StaffTicket, staffTicketAnswerSchema, TicketChangeBody } from '../../../src/features/tickets/staff.ts';
import { nextStates, ticketClosed, ticketStateOf, type TicketImpact, type TicketState } from '../../../src/features/tickets/states.ts';
import type { StaffMember } from '../auth/permissions.ts';
import type { ContactRequest } from '../../../src/features/contact/request.ts';
import { normalEmail, type Company } from '../../../src/features/customers/model.ts';
import { getCompany } from '../customers/companies.ts';
import { addNote } from '../requests/requests.ts';
import { API_ERRORS, apiErrorMessage, type ApiErrorCode, type PlainErrorCode } from '../http/errors.ts';
import { json, jsonError } from '../http/http.ts';
import { fingerprintOf, IdempotencyMismatchError } from '../storage/idempotency.ts';
import { maySee } from '../requests/scope.ts';
import { activeWith, listAccounts, type StaffAccount } from '../team/accounts.ts';
import { entryOf, monthEntries, openEntries, summaryOf, type TicketIndexEntry } from './ticket-index.ts';
import { applyMessage, applyMove, changeTicket, getTicket, openTicket, refusal, replayOf, type ChangeKey, type ChangeOptions, type TicketChangeOutcome, type TicketRefusal, type WriteOptions } from './tickets.ts';

/** The staff member as a ticket's history names them. */
export const staffAuthor = (staff: StaffMember): TicketAuthor => ({ kind: 'staff', id: staff.id, name: staff.name });

/** A ticket this person may see, or undefined (unknown id, or another territory's ticket: the same 404). */
export async function getVisibleTicket(staff: StaffMember, id: string): Promise<Ticket | undefined> {
  const ticket = await getTicket(id);
  return ticket && maySee(staff, { territory: ticket.territory }) ? ticket : undefined;
}

/** How far back the list looks for « Résolu » and « Clos » tickets (by opening month). */
const CLOSED_LIST_MONTHS = 12;

/** The opening months (YYYY-MM) of the last `count` months at `now`, newest first. */
function lastMonths(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, back) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7));
}

/**
 * The summaries the list filters, at `now`: the open tickets (one blob) for an open state or none; for
 * « Résolu » or « Clos », those of that state opened in the last 12 months.
 */
export async function listedSummaries(state: TicketState | '', now: Date): Promise<TicketSummary[]> {
  let entries: TicketIndexEntry[];
  if (state === '' || ticketStateOf(state).open) entries = await openEntries();
  else entries = (await Promise.all(lastMonths(now, CLOSED_LIST_MONTHS).map(monthEntries))).flat().filter((entry) => entry.state === state);
  return entries.map((entry) => summaryOf(entry, now));
}

/** Who a ticket can be given to: the active accounts of its territory whose role is `tickets.assignable` (technicians), by name. */
export async function ticketAssignees(ticket: Pick<Ticket, 'territory'>, accounts?: readonly StaffAccount[]): Promise<{ id: string; name: string }[]> {
  return (accounts ?? (await listAccounts()))
    .filter((account) => activeWith(account, 'tickets.assignable', ticket.territory))
    .map(({ id, name }) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'fr'));
}

/** What a view of many tickets reads once for all of them: the team's accounts and each company (by id). */
interface ViewReads {
  accounts: readonly StaffAccount[];
  company: (id: string) => Promise<Company | undefined>;
}

/** The ticket as the staff's view shows it at `now`; `reads`: what a caller viewing many tickets already read. */
export async function staffViewOf(ticket: Ticket, now = new Date(), reads?: ViewReads): Promise<StaffTicket> {
  const [company, assignees] = await Promise.all([(reads?.company ?? getCompany)(ticket.companyId), ticketAssignees(ticket, reads?.accounts)]);
  const { due, minutesLeft, late } = summaryOf(entryOf(ticket), now);
  const equipment = ticket.equipment.equipmentId ? (company?.equipment.find((one) => one.id === ticket.equipment.equipmentId) ?? null) : null;
  // Whoever has it stays in the choices even if they left the territory, so the select shows them.
  const holder = ticket.assignedTo && !assignees.some((person) => person.id === ticket.assignedTo!.id) ? [ticket.assignedTo] : [];
  return {
    ticket,
    due,
    minutesLeft,
    late,
    company: company ? { id: company.id, name: company.name, clientCode: company.clientCode, contractEndsOn: company.contractEndsOn } : null,
    equipment,
    assignees: [...holder, ...assignees],
    nextStates: nextStates(ticket.state, 'staff', { at: now, resolvedAt: ticket.resolvedAt ? new Date(ticket.resolvedAt) : null }),
  };
}

/**
 * An action written on the phone while the ticket was held by `seen` (an account's id, or null: nobody) is
 * refused when the ticket has been given to someone else since — unless it is now the author's own (they
 * took it in charge meanwhile). `seen` undefined: no check (the office's screens, or a refused action sent
 * again by choice). The refusal names the new holder, so the technician knows whom to pass the text to.
 */
export function heldElsewhere(ticket: Pick<Ticket, 'assignedTo'>, staff: Pick<StaffMember, 'id'>, seen: string | null | undefined): TicketRefusal | undefined {
  if (seen === undefined) return undefined;
  const holder = ticket.assignedTo ?? null;
  if ((holder?.id ?? null) === seen || holder?.id === staff.id) return undefined;
  if (!holder) return refusal('ticket_unassigned_since');
  return refusal('ticket_reassigned', apiErrorMessage('ticket_reassigned', { holder: holder.name }));
}

/**
 * A change of impact: the due times follow at once (they are computed from the opening with the new
 * impact, paused time still deducted). A closed ticket keeps its impact.
 */
function applyImpact(ticket: Ticket, impact: TicketImpact, by: TicketAuthor, now: Date): TicketChangeOutcome {
  if (ticket.impact === impact) return { ok: true, ticket };
  if (ticketClosed(ticket.state)) return refusal('ticket_closed');
  return { ok: true, ticket: { ...ticket, impact, history: [...ticket.history, { kind: 'impact', from: ticket.impact, to: impact, at: now.toISOString(), by }] } };
}

function applyAssignment(ticket: Ticket, to: { id: string; name: string } | null, by: TicketAuthor, now: Date): TicketChangeOutcome {
  if ((ticket.assignedTo?.id ?? null) === (to?.id ?? null)) return { ok: true, ticket };
  if (ticketClosed(ticket.state)) return refusal('ticket_closed');
  return { ok: true, ticket: { ...ticket, assignedTo: to, history: [...ticket.history, { kind: 'assignation', to, at: now.toISOString(), by }] } };
}

/**
 * PATCH by staff: impact, assignment, then state, in one write (all or nothing). The assignee must be an
 * active technician of the ticket's territory (or null); « Résolu » goes through the resolution, which
 * asks for the report. « Prendre en charge » a ticket nobody holds, by a person it may be assigned to,
 * assigns it to them in the same write.
 */
export async function changeAsStaff(staff: StaffMember, id: string, body: TicketChangeBody, options: WriteOptions & { changeKey?: ChangeKey } = {}): Promise<TicketChangeOutcome> {
  const now = options.now ?? new Date();
  const by = staffAuthor(staff);
  if (body.state === 'resolu') return refusal('ticket_resolution_needs_report');
  let assignee: { id: string; name: string } | null | undefined;
  let taker: { id: string; name: string } | undefined;
  if (options.changeKey || body.assignedTo !== undefined || body.state === 'pris_en_charge') {
    const ticket = await getVisibleTicket(staff, id);
    if (!ticket) return refusal('ticket_not_found');
    // Sent again after a lost answer (or with another change's key): answered before the choices are checked.
    const replay = replayOf(ticket, options.changeKey);
    if (replay) return replay;
    if (body.assignedTo !== undefined) {
      assignee = body.assignedTo === null ? null : (await ticketAssignees(ticket)).find((person) => person.id === body.assignedTo);
      if (assignee === undefined) return refusal('ticket_assignee_invalid');
    } else if (body.state === 'pris_en_charge' && !ticket.assignedTo) taker = (await ticketAssignees(ticket)).find((person) => person.id === by.id);
  }
  return changeTicket(
    id,
    (current) => {
      if (!maySee(staff, { territory: current.territory })) return refusal('ticket_not_found');
      const reassigned = heldElsewhere(current, staff, body.seenAssignee);
      if (reassigned) return reassigned;
      let outcome: TicketChangeOutcome = { ok: true, ticket: current };
      if (body.impact && outcome.ok) outcome = applyImpact(outcome.ticket, body.impact, by, now);
      if (assignee !== undefined && outcome.ok) outcome = applyAssignment(outcome.ticket, assignee, by, now);
      if (taker && outcome.ok && !outcome.ticket.assignedTo) outcome = applyAssignment(outcome.ticket, taker, by, now);
      if (body.state && outcome.ok) outcome = applyMove(outcome.ticket, body.state, by, now);
      return outcome;
    },
    keyedFor(staff, { ...options, now }),
  );
}

/**
 * A staff change sent with an idempotency key: the key, and the fingerprint of its method, path and body
 * (without the key itself and `seenAssignee`, which says what the phone saw, not what it asks), so the key
 * sent again with anything else is told apart from a resend. `extra`: what the body does not carry (a
 * form's photos). Undefined without a key.
 */
export function changeKeyOf(request: Request, body: { idempotencyKey?: string | undefined; seenAssignee?: unknown }, extra?: unknown): ChangeKey | undefined {
  const { idempotencyKey, seenAssignee: _seen, ...asked } = body;
  if (!idempotencyKey) return undefined;
  return { key: idempotencyKey, fingerprint: fingerprintOf(`${request.method} ${new URL(request.url).pathname}`, extra === undefined ? asked : [asked, extra]) };
}

/** A change's options for this staff member: with a key, a resend is answered only if they may see the ticket. */
export function keyedFor(staff: StaffMember, { changeKey, ...options }: WriteOptions & { changeKey?: ChangeKey | undefined }): ChangeOptions {
  return changeKey ? { ...options, changeKey, mayReplay: (ticket) => maySee(staff, { territory: ticket.territory }) } : options;
}

/** A reply to the customer (`reponse`) or an internal note (`note`) by staff, with its photos. */
export function messageBy(staff: StaffMember, kind: 'reponse' | 'note', text: string, photos: TicketPhoto[], now: Date): TicketMessage {
  return { id: randomUUID(), kind, at: now.toISOString(), by: staffAuthor(staff), text, photos };
}

/** Adds a staff message to a ticket this person may see (written while `seen` held it: see heldElsewhere). */
export const addStaffMessage = (staff: StaffMember, id: string, message: TicketMessage, options: WriteOptions & { changeKey?: ChangeKey; seenAssignee?: string | null } = {}): Promise<TicketChangeOutcome> =>
  changeTicket(
    id,
    (ticket) => {
      if (!maySee(staff, { territory: ticket.territory })) return refusal('ticket_not_found');
      return heldElsewhere(ticket, staff, options.seenAssignee) ?? applyMessage(ticket, message, options.now ?? new Date());
    },
    keyedFor(staff, options),
  );

/** The answer to a refused body: 400, the first problem's French sentence, and each field's. */
export function invalidBody(error: z.ZodError): Response {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.') || 'body'] ??= issue.message;
  return jsonError(400, error.issues[0]!.message, { fields });
}

/** The answer to a staff change: the ticket as the view shows it (`status`), or the refusal with its sentence. */
export async function staffAnswer(outcome: TicketChangeOutcome, status = 200): Promise<Response> {
  if (outcome.ok) return json({ success: true, data: await staffViewOf(outcome.ticket) } satisfies z.infer<typeof staffTicketAnswerSchema>, status);
  // A refusal's own sentence (a move the state table refuses names both states), with its code's status.
  const refusedWith = outcome.code in API_ERRORS ? API_ERRORS[outcome.code as ApiErrorCode].status : 409;
  return jsonError(refusedWith, outcome.message, { code: outcome.code });
}

/** The note a request gets when it becomes a ticket; a request with one is not turned into another. */
export const TICKET_NOTE_PREFIX = 'Transformée en ticket';

/**
 * A contact request turned into a ticket of a company by staff: the request's text is the description, its
 * phone the call-back number; the equipment from the company's list or « Non précisé »; its sender follows
 * the ticket when they are one of the company's people. The request gets a note naming the ticket. The
 * request's id is the opening's idempotency key, so a double click makes one ticket.
 */
export async function ticketFromRequest(
  staff: StaffMember,
  request: ContactRequest,
  company: Company,
  choice: { impact: TicketImpact; equipmentId?: string | null; shopId?: string | null },
  options: WriteOptions = {},
): Promise<{ ok: true; ticket: Ticket; created: boolean } | { ok: false; code: PlainErrorCode }> {
  const now = options.now ?? new Date();
  if (request.kind !== 'contact') return { ok: false, code: 'ticket_request_not_contact' };
  if (request.notes.some((note) => note.text.startsWith(TICKET_NOTE_PREFIX))) return { ok: false, code: 'ticket_request_already_ticket' };
  const equipment = choice.equipmentId ? company.equipment.find((one) => one.id === choice.equipmentId) : undefined;
  if (choice.equipmentId && !equipment) return { ok: false, code: 'equipment_not_found' };
  const shopId = choice.shopId ?? equipment?.shopId ?? null;
  const shop = shopId ? company.shops.find((one) => one.id === shopId) : undefined;
  const sender =
    (request.customer?.companyId === company.id ? company.people.find((person) => person.id === request.customer!.personId) : undefined) ??
    company.people.find((person) => person.email === normalEmail(request.email));
  let opened: { ticket: Ticket; created: boolean };
  try {
    opened = await openTicket(
      {
        company,
        openedBy: staffAuthor(staff),
        equipment: equipment ? { equipmentId: equipment.id, model: equipment.model, serial: equipment.serial } : { equipmentId: null, model: 'Non précisé', serial: '' },
        shop: shop ? { shopId: shop.id, name: shop.name } : { shopId: null, name: '' },
        impact: choice.impact,
        description: request.message,
        phone: request.phone,
        photos: [],
        sourceRequestId: request.id,
        followers: sender ? [sender.id] : [],
      },
      { ...options, now, idempotencyKey: request.id },
    );
  } catch (error) {
    // The same request sent again with other choices within a day: it already is a ticket.
    if (error instanceof IdempotencyMismatchError) return { ok: false, code: 'ticket_request_already_ticket' };
    throw error;
  }
  if (opened.created) await addNote(request.id, `${TICKET_NOTE_PREFIX} ${opened.ticket.reference} (${company.name}).`, now, { id: staff.id, name: staff.name });
  return { ok: true, ...opened };
}
