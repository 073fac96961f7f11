/**
 * The tickets of the customers' space, for the signed-in person's company only: « Mes tickets », a
 * declaration (« Déclarer une panne »), a ticket's page, a reply and « Rouvrir ». A ticket of another
 * company is answered as one that does not exist (404). What a customer reads is the customer's view: no
 * internal note, no assignment, nobody's following.
 */
import type { Company, Person } from '../../../src/features/customers/model.ts';
import { validate, type ValidationFailure } from '../../../src/features/contact/schema.ts';
import { isPhoneNumber, PHONE_REFUSED } from '../../../src/lib/characters.ts';
import { line, lines } from '../../../src/records/text.ts';
import { z } from '../../../src/records/zod.ts';
import { customerViewOf, type Ticket, type TicketAuthor } from '../../../src/features/tickets/model.ts';
import { canReopen, NEXT_STEP, reopenUntil, TICKET_LIMITS } from '../../../src/features/tickets/space-tickets.ts';
import type { SpaceTicket, SpaceTicketChoices, SpaceTicketRow } from '../../../src/features/tickets/space-answers.ts';
import { isTicketImpact, ticketStateOf } from '../../../src/features/tickets/states.ts';
import { isBusinessTime } from '../../../src/features/tickets/clock.ts';
import { urgencyLine } from '../../../src/features/tickets/urgency-line.ts';
import { shownToCustomers } from '../auth/permissions.ts';
import { companyEquipment } from '../customers/equipment-view.ts';
import { API_ERRORS } from '../http/errors.ts';
import { readIdempotencyKey } from '../storage/idempotency.ts';
import { companyEntries, takeInChargeDeadline } from './ticket-index.ts';
import type { NewTicket } from './tickets.ts';

/** The author of what a person of the company writes or does. */
export const authorOf = (person: Pick<Person, 'id' | 'name'>): TicketAuthor => ({ kind: 'client', id: person.id, name: person.name });

/** The company's tickets for « Mes tickets »: those still open first, then the newest. */
export async function companyTicketRows(company: Company): Promise<SpaceTicketRow[]> {
  const entries = await companyEntries(company.id);
  return entries
    .map((entry) => ({ id: entry.id, reference: entry.reference, state: entry.state, impact: entry.impact, model: entry.model, territory: entry.territory, openedAt: entry.openedAt, updatedAt: entry.updatedAt, next: NEXT_STEP[entry.state] }))
    .sort((a, b) => Number(ticketStateOf(b.state).open) - Number(ticketStateOf(a.state).open) || b.openedAt.localeCompare(a.openedAt));
}

/** What « Déclarer une panne » offers the person: the company's equipment (by shop, then model), its shops, their phone. */
export async function ticketChoices(company: Company, person: Person, now = new Date()): Promise<SpaceTicketChoices> {
  const equipment = await companyEquipment(company, now);
  return {
    equipment: equipment.map((piece) => ({ id: piece.id, model: piece.model, serial: piece.serial, shopId: company.equipment.find((known) => known.id === piece.id)?.shopId ?? null })),
    shops: company.shops.map((shop) => ({ id: shop.id, name: shop.name })),
    phone: person.phone,
  };
}

/** A ticket as its company's people read it on its page, its staff named as customers read them. */
export function spaceTicketOf(ticket: Ticket, now = new Date()): SpaceTicket {
  const deadline = takeInChargeDeadline(ticket);
  const view = customerViewOf(ticket);
  const named = {
    ...view,
    openedBy: shownToCustomers(view.openedBy),
    messages: view.messages.map((message) => ({ ...message, by: shownToCustomers(message.by) })),
    history: view.history.map((change) => (change.kind === 'assignation' ? { ...change, by: shownToCustomers(change.by), to: change.to && shownToCustomers(change.to) } : { ...change, by: shownToCustomers(change.by) })),
    report: view.report ? { ...view.report, by: shownToCustomers(view.report.by) } : null,
  };
  const urgency = urgencyLine({ territory: ticket.territory, impact: ticket.impact, officeOpen: isBusinessTime(now, ticket.territory) });
  return { ...named, next: NEXT_STEP[ticket.state], reopenUntil: reopenUntil(ticket), canReopen: canReopen(ticket, now), takeInChargeBy: deadline ? deadline.toISOString() : null, urgency };
}

/** A ticket of the company, or undefined (unknown, or another company's: the same answer). */
export const ofCompany = (ticket: Ticket | undefined, company: Pick<Company, 'id'>): Ticket | undefined => (ticket && ticket.companyId === company.id ? ticket : undefined);

/** The form fields of a declaration (« Déclarer une panne »), before they are read against the company. */
export const declarationFieldsSchema = z.object({
  equipmentId: line({ label: 'Équipement', max: 64 }).default(''),
  model: line({ label: 'Modèle', max: TICKET_LIMITS.model }).default(''),
  serial: line({ label: 'Numéro de série', max: TICKET_LIMITS.serial }).default(''),
  shopId: line({ label: 'Magasin', max: 64 }).default(''),
  impact: line({ label: 'Impact', max: 40 }).default('').refine(isTicketImpact, { error: 'Impact\u00a0: choisissez l’une des trois réponses.' }),
  description: lines({ label: 'Description', max: TICKET_LIMITS.description, min: TICKET_LIMITS.descriptionMin }),
  phone: line({ label: 'Téléphone', max: TICKET_LIMITS.phone, min: 1 }).refine(isPhoneNumber, { error: PHONE_REFUSED }),
});

/** A reply's fields: its text, which may be empty when photos are sent alone. */
export const replyFieldsSchema = z.object({ text: lines({ label: 'Message', max: TICKET_LIMITS.message }).default('') });

/** A refused declaration or message: the 400 body, with the sentence to show and each field's own. */
export interface FieldsRefusal {
  ok: false;
  failure: ValidationFailure;
}

const refused = (fields: Record<string, string>): FieldsRefusal => ({ ok: false, failure: { success: false, error: API_ERRORS.ticket_fields_invalid.message, fields } });

/**
 * A declaration's fields read against the company: the equipment from its list (`equipmentId`) or typed
 * (`model`, `serial`), the shop (`shopId`, one of its shops, or the equipment's when none is chosen), the
 * impact, the description, the phone to call back, and the optional idempotency key.
 */
export async function readDeclaration(
  fields: Record<string, string>,
  company: Company,
  person: Person,
  now = new Date(),
): Promise<{ ok: true; input: Omit<NewTicket, 'photos'>; idempotencyKey?: string } | FieldsRefusal> {
  const checked = validate(declarationFieldsSchema, fields);
  const errors: Record<string, string> = checked.ok ? {} : { ...checked.failure.fields };
  let equipment: NewTicket['equipment'] | undefined;
  let equipmentShop: string | null = null;
  const equipmentId = fields.equipmentId?.trim() ?? '';
  if (equipmentId) {
    const known = company.equipment.find((piece) => piece.id === equipmentId);
    if (!known) errors.equipmentId = 'Équipement : choisissez-le dans la liste, ou saisissez son modèle.';
    else {
      const listed = (await companyEquipment(company, now)).find((piece) => piece.id === known.id);
      equipment = { equipmentId: known.id, model: listed?.model || known.model || 'Équipement', serial: known.serial };
      equipmentShop = known.shopId;
    }
  } else if (checked.ok) {
    if (!checked.data.model) errors.model = 'Modèle\u00a0: ce champ est obligatoire.';
    else equipment = { equipmentId: null, model: checked.data.model, serial: checked.data.serial };
  }
  const shopId = fields.shopId?.trim() || equipmentShop || '';
  const shop = shopId ? company.shops.find((candidate) => candidate.id === shopId) : undefined;
  if (shopId && !shop) errors.shopId = 'Magasin : choisissez-le dans la liste.';
  const key = readIdempotencyKey({ idempotencyKey: fields.idempotencyKey });
  if (!key.ok) errors.idempotencyKey = key.failure.error;
  if (Object.keys(errors).length > 0 || !checked.ok || !equipment || !key.ok) return refused(errors);
  const { impact, description, phone } = checked.data;
  if (!isTicketImpact(impact)) return refused({ impact: 'Impact\u00a0: choisissez l’une des trois réponses.' });
  return {
    ok: true,
    input: {
      company,
      openedBy: authorOf(person),
      equipment,
      shop: { shopId: shop?.id ?? null, name: shop?.name ?? '' },
      impact,
      description,
      phone,
    },
    ...(key.key ? { idempotencyKey: key.key } : {}),
  };
}

/** A reply's text: at least a word, unless photos are sent alone. */
export function readReply(fields: Record<string, string>, photos: number): { ok: true; text: string } | FieldsRefusal {
  const checked = validate(replyFieldsSchema, fields);
  if (!checked.ok) return refused(checked.failure.fields);
  if (!checked.data.text && photos === 0) return refused({ text: 'Message\u00a0: ce champ est obligatoire.' });
  return { ok: true, text: checked.data.text };
}
