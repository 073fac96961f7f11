/**
 * The tickets' store against a real BlobsServer, with Postmark's API replaced by a local HTTP server: a
 * ticket is opened once per idempotency key, a write stopped at any step is completed (or dropped) by the
 * repair pass, the index follows every change, and each event is e-mailed to the verified people who follow
 * the ticket and to the assigned technician — never to its author, and an internal note never to a customer.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getStore } from '@netlify/blobs';
import { useApiTestEnvironment } from '../helpers/api-environment';
import { saveCompany } from '../../netlify/lib/customers/companies';
import { requestIdOfKey } from '../../netlify/lib/storage/idempotency';
import { storeNames } from '../../netlify/lib/storage/storage';
import { ORPHAN_AFTER_MS } from '../../netlify/lib/requests/submit';
import { companyEntries, monthEntries, openEntries, openTicketCount, summaryOf } from '../../netlify/lib/tickets/ticket-index';
import { API_ERRORS } from '../../netlify/lib/http/errors';
import { Refusal } from '../../netlify/lib/http/refusal';
import { addMessage, changeTicket, getTicket, moveTicket, newMessageId, openTicket, repairTickets, type NewTicket } from '../../netlify/lib/tickets/tickets';
import { dueTimes, formatLocalIso } from '../../src/features/tickets/clock';
import { frenchTypography } from '../../src/lib/typography';
import { officeOf } from '../../src/lib/site';
import { siteAddress } from '../../netlify/lib/http/site-url';
import { moment } from '../../src/records/moment';
import type { Company } from '../../src/features/customers/model';
import type { TicketAuthor } from '../../src/features/tickets/model';
import type { StaffAccount } from '../../netlify/lib/team/accounts';

const world = useApiTestEnvironment();
const INBOX = 'commercial@vision-caraibes.fr';
/** Thursday 21 May 2026, 16:30 in Martinique (the next day is a public holiday there). */
const THURSDAY_EVENING = new Date('2026-05-21T20:30:00Z');
const store = (name: string) => getStore({ name, consistency: 'strong' });
/** Whether a Store object is the one of that name (site stores carry a prefix). */
const isStore = (object: { name: string }, name: string) => object.name === name || object.name.endsWith(`:${name}`);
const unique = () => crypto.randomUUID().slice(0, 8);

const staffAccount = (id: string, role: string, territories: string[], state = 'actif'): StaffAccount =>
  ({ id, name: `Tech ${id}`, email: `${id}@vision-caraibes.fr`, role, territories, state, passkeys: [], sessionVersion: 0, createdAt: '2026-01-01T00:00:00Z', history: [] }) as unknown as StaffAccount;
/** A technician in Martinique, a disabled one there, one in Guadeloupe, a salesman in Martinique. */
const TEAM = [staffAccount('tech-mq', 'technicien', ['martinique']), staffAccount('tech-off', 'technicien', ['martinique'], 'desactive'), staffAccount('tech-gp', 'technicien', ['guadeloupe']), staffAccount('com-mq', 'commercial', ['martinique'])];
const techMq: TicketAuthor = { kind: 'staff', id: 'tech-mq', name: 'Tech tech-mq' };
const salesMq: TicketAuthor = { kind: 'staff', id: 'com-mq', name: 'Tech com-mq' };

/** A company with a verified person (signed in once) and one who never signed in. */
async function makeCompany(territory: Company['territory'] = 'martinique'): Promise<{ company: Company; verified: TicketAuthor & { email: string }; unverified: TicketAuthor & { email: string } }> {
  await store(storeNames.team).setJSON('equipe', { accounts: TEAM, ownerSessionVersion: 0 });
  const id = crypto.randomUUID();
  const tag = unique();
  const at = '2026-01-01T00:00:00.000Z';
  const people = [
    { id: `p1-${tag}`, name: 'Line Verifiee', email: `line-${tag}@client.fr`, phone: '0696 00 00 01', createdAt: at, lastSignInAt: at },
    { id: `p2-${tag}`, name: 'Paul Nonverifie', email: `paul-${tag}@client.fr`, phone: '0696 00 00 02', createdAt: at, lastSignInAt: null },
  ];
  const company = (await saveCompany(id, () => ({
    id,
    name: `Boulangerie ${tag}`,
    clientCode: `C-${tag}`,
    territory,
    shops: [{ id: 's1', name: 'Fort-de-France', address: '1 rue Victor Hugo' }],
    contractEndsOn: '2027-12-31',
    people,
    equipment: [{ id: 'e1', productSlug: null, model: 'Caisse TPV-15', serial: 'SN-001', shopId: 's1', underContract: true }],
    createdAt: at,
    updatedAt: at,
  })))!;
  const author = (index: number) => ({ kind: 'client' as const, id: people[index]!.id, name: people[index]!.name, email: people[index]!.email });
  return { company, verified: author(0), unverified: author(1) };
}

const declaration = (company: Company, by: TicketAuthor, overrides: Partial<NewTicket> = {}): NewTicket => ({
  company,
  openedBy: { kind: by.kind, id: by.id, name: by.name },
  equipment: { equipmentId: 'e1', model: 'Caisse TPV-15', serial: 'SN-001' },
  shop: { shopId: 's1', name: 'Fort-de-France' },
  impact: 'bloquant',
  description: 'La caisse ne démarre plus, écran noir.',
  phone: '0696 00 00 01',
  photos: [],
  ...overrides,
});

const mailsTo = (address: string) => world.postmark.sentTo(address);
const mailsAbout = (reference: string) => world.postmark.sent.filter((mail) => mail.body.Subject.includes(reference));
const message = (kind: 'client' | 'reponse' | 'note', by: TicketAuthor, text: string, at: Date) => ({ id: newMessageId(), kind, at: at.toISOString(), by: { kind: by.kind, id: by.id, name: by.name }, text, photos: [] });
const later = (minutes: number) => new Date(THURSDAY_EVENING.getTime() + minutes * 60_000);

afterEach(() => vi.restoreAllMocks());

describe('opening a ticket', () => {
  it('stores it « Nouveau » with a TK reference, its description first, indexed (open, company, month), the intent gone', async () => {
    const { company, verified } = await makeCompany();
    const { ticket, created } = await openTicket(declaration(company, verified), { now: THURSDAY_EVENING });
    expect(created).toBe(true);
    expect(ticket.reference).toMatch(/^TK-2026-\d{5}$/);
    expect(ticket).toMatchObject({ state: 'nouveau', companyId: company.id, territory: 'martinique', followers: [verified.id], takenInChargeAt: null });
    expect(ticket.messages).toEqual([expect.objectContaining({ kind: 'client', text: 'La caisse ne démarre plus, écran noir.' })]);
    expect(await getTicket(ticket.id)).toEqual(ticket);
    expect((await openEntries()).map((entry) => entry.id)).toContain(ticket.id);
    expect((await companyEntries(company.id)).map((entry) => entry.reference)).toEqual([ticket.reference]);
    expect((await monthEntries('2026-05')).map((entry) => entry.id)).toContain(ticket.id);
    expect(await openTicketCount(company.id)).toBe(1);
    expect((await store(storeNames.ticketIntents).list({ prefix: ticket.id })).blobs).toEqual([]);
  });

  it('a « Bloquant » ticket e-mails the territory’s inbox and its active technicians at once — not a disabled one, not another territory’s; its author gets the acknowledgement only', async () => {
    const { company, verified } = await makeCompany();
    const { ticket } = await openTicket(declaration(company, verified), { now: THURSDAY_EVENING });
    const recipients = mailsAbout(ticket.reference).map((mail) => mail.body.To).sort();
    expect(recipients).toEqual(['commercial@vision-caraibes.fr', verified.email, 'tech-mq@vision-caraibes.fr'].sort());
    expect(mailsTo(verified.email).map((mail) => mail.body.Subject)).toEqual([frenchTypography(`[${ticket.reference}] Votre déclaration de panne est enregistrée (Bloquant)`)]);
    const technician = mailsTo('tech-mq@vision-caraibes.fr').find((mail) => mail.body.Subject.includes(ticket.reference))!;
    expect(technician.body.Subject).toContain('URGENT');
    expect(technician.body.TextBody).toContain('La caisse ne démarre plus');
    expect(technician.body.TextBody).toContain(`/admin/tickets/ticket?id=${ticket.id}`);
  });

  it('a « Dégradé » ticket e-mails the territory’s inbox, and its acknowledgement to the people who follow it', async () => {
    const { company, verified } = await makeCompany();
    const { ticket } = await openTicket(declaration(company, verified, { impact: 'degrade' }), { now: THURSDAY_EVENING });
    expect(mailsAbout(ticket.reference).map((mail) => mail.body.To).sort()).toEqual([INBOX, verified.email].sort());
  });

  it('a Guyane customer declaring a « Bloquant » gets the acknowledgement through the outbox: reference, impact, the deadline in Cayenne time named, the Guyane office’s phone, the link to the running site', async () => {
    const { company, verified } = await makeCompany('guyane');
    // Thursday 21 May 2026, 17:30 in Cayenne: after hours, so the 2 business hours run from Friday 8:00.
    const { ticket } = await openTicket(declaration(company, verified), { now: THURSDAY_EVENING });
    const expected = dueTimes({ openedAt: THURSDAY_EVENING, territory: 'guyane', impact: 'bloquant', paused: [] }).priseEnCharge!;
    expect(moment(expected, 'guyane', { zone: 'always' })).toBe('22/05/2026 à 10:00 (heure de Cayenne)');
    const entries = (await store(storeNames.outbox).list({ prefix: `ticket-${ticket.id}/` })).blobs.map((blob) => blob.key);
    expect(entries.some((key) => key.includes('/a0-'))).toBe(true);
    const [acknowledgement, ...more] = mailsTo(verified.email);
    expect(more).toEqual([]);
    const text = acknowledgement!.body.TextBody;
    expect(acknowledgement!.body.Subject).toContain(ticket.reference);
    expect(text).toContain(frenchTypography(`ticket ${ticket.reference}, impact « Bloquant »`));
    expect(text).toContain(frenchTypography('avant le 22/05/2026 à 10:00 (heure de Cayenne)'));
    expect(text).toContain(officeOf('guyane').phone);
    expect(officeOf('guyane').phoneE164).toMatch(/^\+594594\d{6}$/);
    expect(text).toContain(`${siteAddress()}/espace-client/tickets/ticket?id=${ticket.id}`);
    expect(acknowledgement!.body.HtmlBody).toContain(officeOf('guyane').phone);
  });

  it('a retry with the same key gives the same ticket, even two sends at once; the key with another content is refused in French', async () => {
    const { company, verified } = await makeCompany();
    const key = crypto.randomUUID();
    const [first, second] = await Promise.all([openTicket(declaration(company, verified), { idempotencyKey: key, now: THURSDAY_EVENING }), openTicket(declaration(company, verified), { idempotencyKey: key, now: THURSDAY_EVENING })]);
    const again = await openTicket(declaration(company, verified), { idempotencyKey: key, now: later(1) });
    expect(new Set([first.ticket.id, second.ticket.id, again.ticket.id]).size).toBe(1);
    expect([first.created, second.created, again.created].filter(Boolean)).toHaveLength(1);
    expect(await companyEntries(company.id)).toHaveLength(1);
    const refused = await openTicket(declaration(company, verified, { description: 'Autre chose' }), { idempotencyKey: key, now: later(2) }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Refusal);
    expect((refused as Refusal).status).toBe(422);
    expect((refused as Refusal).message).toMatch(/clé d’envoi d’une autre demande/);
  });

  it('photos accepted once the id is known are stored with the description; a refusal stores nothing', async () => {
    const { company, verified } = await makeCompany();
    const seen: string[] = [];
    const { ticket } = await openTicket(declaration(company, verified, { photos: async (id) => (seen.push(id), [{ id: 'ph1', width: 800, height: 600, bytes: 51_000 }]) }));
    expect(seen).toEqual([ticket.id]);
    expect(ticket.messages[0]!.photos).toEqual([{ id: 'ph1', width: 800, height: 600, bytes: 51_000 }]);
    const refusing = declaration(company, verified, {
      photos: async () => {
        throw new Refusal('photo_type_refused');
      },
    });
    await expect(openTicket(refusing)).rejects.toThrow(API_ERRORS.photo_type_refused.message);
    expect(await companyEntries(company.id)).toHaveLength(1);
  });
});

describe('a write stopped at any step is completed by the repair pass', () => {
  it('stopped between the intent and the ticket: nothing half-done is shown; the pass waits, then drops the intent and frees the key; a retry opens the ticket once', async () => {
    const { company, verified } = await makeCompany();
    const key = crypto.randomUUID();
    const prototype = Object.getPrototypeOf(store(storeNames.tickets)) as { setJSON: (...args: unknown[]) => Promise<unknown> };
    const original = prototype.setJSON;
    const crash = vi.spyOn(prototype, 'setJSON').mockImplementation(function (this: { name: string }, ...args: unknown[]) {
      if (isStore(this, storeNames.tickets)) return Promise.reject(new Error('fonction arrêtée'));
      return original.apply(this, args);
    });
    await expect(openTicket(declaration(company, verified), { idempotencyKey: key, now: THURSDAY_EVENING })).rejects.toThrow('fonction arrêtée');
    crash.mockRestore();
    const boundId = await requestIdOfKey(key);
    expect(boundId).toBeDefined();
    expect(await getTicket(boundId!)).toBeUndefined();
    expect((await store(storeNames.ticketIntents).get(boundId!, { type: 'json' })) as unknown).toMatchObject({ ticketId: boundId, opening: true });
    expect(await companyEntries(company.id)).toEqual([]);

    expect(await repairTickets({ now: later(1) })).toMatchObject({ waiting: 1, dropped: 0 });
    expect(await repairTickets({ now: new Date(later(1).getTime() + ORPHAN_AFTER_MS) })).toMatchObject({ dropped: 1 });
    expect(await store(storeNames.ticketIntents).get(boundId!)).toBeNull();
    expect(await requestIdOfKey(key)).toBeUndefined();

    const retried = await openTicket(declaration(company, verified), { idempotencyKey: key, now: later(10) });
    expect(retried.created).toBe(true);
    expect((await companyEntries(company.id)).map((entry) => entry.id)).toEqual([retried.ticket.id]);
  });

  it('stopped after the ticket (before its index and e-mails): the pass indexes it and sends its e-mails; a retry with its key answers it', async () => {
    const { company, verified } = await makeCompany();
    const key = crypto.randomUUID();
    const prototype = Object.getPrototypeOf(store(storeNames.ticketIndex)) as { setJSON: (...args: unknown[]) => Promise<unknown> };
    const original = prototype.setJSON;
    vi.spyOn(prototype, 'setJSON').mockImplementation(function (this: { name: string }, ...args: unknown[]) {
      if (isStore(this, storeNames.ticketIndex)) return Promise.reject(new Error('fonction arrêtée'));
      return original.apply(this, args);
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { ticket } = await openTicket(declaration(company, verified), { idempotencyKey: key, now: THURSDAY_EVENING });
    vi.restoreAllMocks();
    expect(await getTicket(ticket.id)).toBeDefined();
    expect(await companyEntries(company.id)).toEqual([]);
    expect(mailsAbout(ticket.reference)).toEqual([]);

    expect(await repairTickets({ now: later(1) })).toMatchObject({ completed: 1 });
    expect((await companyEntries(company.id)).map((entry) => entry.id)).toEqual([ticket.id]);
    expect(mailsAbout(ticket.reference).map((mail) => mail.body.To).sort()).toEqual([INBOX, verified.email, 'tech-mq@vision-caraibes.fr'].sort());
    expect((await store(storeNames.ticketIntents).list()).blobs.filter((blob) => blob.key.startsWith(ticket.id))).toEqual([]);
    // A second pass, or a retry, sends nothing again and stores nothing more.
    await repairTickets({ now: later(2) });
    const retried = await openTicket(declaration(company, verified), { idempotencyKey: key, now: later(3) });
    expect(retried).toMatchObject({ created: false, ticket: { id: ticket.id } });
    expect(mailsAbout(ticket.reference)).toHaveLength(3);
  });
});

describe('changes, their index and their e-mails', () => {
  it('e-mails go to the verified followers and the assignee, never the author; a note reaches staff only', async () => {
    const { company, verified, unverified } = await makeCompany();
    const { ticket } = await openTicket(declaration(company, verified, { impact: 'degrade' }), { now: THURSDAY_EVENING });
    const assigned = await changeTicket(
      ticket.id,
      (current) => ({ ok: true, ticket: { ...current, assignedTo: { id: techMq.id, name: techMq.name }, history: [...current.history, { kind: 'assignation', to: { id: techMq.id, name: techMq.name }, at: later(5).toISOString(), by: salesMq }] } }),
      { now: later(5) },
    );
    expect(assigned.ok).toBe(true);
    expect(mailsTo('tech-mq@vision-caraibes.fr').filter((mail) => mail.body.Subject.includes(ticket.reference)).map((mail) => mail.body.Subject)).toEqual([frenchTypography(`[${ticket.reference}] Ticket attribué : ${company.name}`)]);

    // The unverified person writes: the technician and the verified follower are told; the author is not.
    await addMessage(ticket.id, message('client', unverified, 'Le tiroir-caisse reste bloqué aussi.', later(10)), { now: later(10) });
    expect(mailsTo('tech-mq@vision-caraibes.fr').some((mail) => mail.body.TextBody.includes('Le tiroir-caisse reste bloqué aussi.'))).toBe(true);
    expect(mailsTo(verified.email).some((mail) => mail.body.TextBody.includes('Le tiroir-caisse reste bloqué aussi.'))).toBe(true);
    expect(mailsTo(unverified.email)).toEqual([]);
    expect((await getTicket(ticket.id))!.followers).toEqual([verified.id, unverified.id]);

    // A note by a salesman: the assigned technician only. By the technician: nobody.
    await addMessage(ticket.id, message('note', salesMq, 'NOTE-SECRETE client mauvais payeur', later(15)), { now: later(15) });
    await addMessage(ticket.id, message('note', techMq, 'NOTE-TECH pièce à commander', later(16)), { now: later(16) });
    const noteMails = world.postmark.sent.filter((mail) => /NOTE-SECRETE|NOTE-TECH/.test(`${mail.body.Subject}${mail.body.TextBody}${mail.body.HtmlBody}`));
    expect(noteMails.map((mail) => mail.body.To)).toEqual(['tech-mq@vision-caraibes.fr']);

    // The technician's reply: the verified follower gets it, the unverified one does not, the author neither.
    await addMessage(ticket.id, message('reponse', techMq, 'Je passe demain à 9 h.', later(20)), { now: later(20) });
    const reply = mailsTo(verified.email).find((mail) => mail.body.TextBody.includes('Je passe demain à 9'))!;
    expect(reply.body.TextBody).toContain(`/espace-client/tickets/ticket?id=${ticket.id}`);
    expect(reply.body.TextBody).toMatch(/réponses à cet e-mail ne sont pas lues/);
    expect(mailsTo(unverified.email)).toEqual([]);
    expect(mailsTo('tech-mq@vision-caraibes.fr').some((mail) => mail.body.TextBody.includes('Je passe demain à 9'))).toBe(false);
    // No e-mail to a person of the company ever carried a note.
    for (const mail of [...mailsTo(verified.email), ...mailsTo(unverified.email)]) expect(`${mail.body.TextBody}${mail.body.HtmlBody}`).not.toMatch(/NOTE-/);
  });

  it('a customer’s reply ends « En attente client » (one e-mail to the technician, not two) and the index follows', async () => {
    const { company, verified } = await makeCompany();
    const { ticket } = await openTicket(declaration(company, verified, { impact: 'question' }), { now: THURSDAY_EVENING });
    await changeTicket(ticket.id, (current) => ({ ok: true, ticket: { ...current, assignedTo: { id: techMq.id, name: techMq.name } } }), { now: later(1) });
    expect(await moveTicket(ticket.id, 'en_attente_client', techMq, { now: later(2) })).toMatchObject({ ok: true, ticket: { state: 'en_attente_client', takenInChargeAt: later(2).toISOString() } });
    expect(mailsTo(verified.email).filter((mail) => mail.body.Subject.includes('En attente client'))).toHaveLength(1);
    const before = mailsTo('tech-mq@vision-caraibes.fr').length;
    const answered = await addMessage(ticket.id, message('client', verified, 'Voici le numéro de série : SN-001.', later(60)), { now: later(60) });
    expect(answered).toMatchObject({ ok: true, ticket: { state: 'pris_en_charge' } });
    expect(mailsTo('tech-mq@vision-caraibes.fr').length - before).toBe(1);
    const [entry] = await companyEntries(company.id);
    expect(entry).toMatchObject({ state: 'pris_en_charge', paused: [{ start: later(2).toISOString(), end: later(60).toISOString() }] });
  });

  it('« Rouvrir » within 7 days of « Résolu », refused after; the closed ticket takes no customer message; the index keeps « open » right', async () => {
    const { company, verified } = await makeCompany();
    const { ticket } = await openTicket(declaration(company, verified), { now: THURSDAY_EVENING });
    expect(await moveTicket(ticket.id, 'resolu', techMq, { now: later(60) })).toMatchObject({ ok: true, ticket: { resolvedAt: later(60).toISOString() } });
    expect((await openEntries()).some((entry) => entry.id === ticket.id)).toBe(false);
    expect(await openTicketCount(company.id)).toBe(0);
    const sixDays = later(60 + 6 * 24 * 60);
    expect(await moveTicket(ticket.id, 'pris_en_charge', verified, { now: sixDays })).toMatchObject({ ok: true, ticket: { state: 'pris_en_charge' } });
    expect((await openEntries()).some((entry) => entry.id === ticket.id)).toBe(true);
    expect(mailsAbout(ticket.reference).some((mail) => mail.body.Subject.includes('rouvert'))).toBe(true);

    const resolvedAgain = later(60 + 6 * 24 * 60 + 30);
    await moveTicket(ticket.id, 'resolu', techMq, { now: resolvedAgain });
    const tooLate = new Date(resolvedAgain.getTime() + 7 * 24 * 3_600_000 + 1);
    expect(await moveTicket(ticket.id, 'pris_en_charge', verified, { now: tooLate })).toEqual({
      ok: false,
      code: 'ticket_transition_refused',
      message: frenchTypography('Ce ticket a été résolu il y a plus de 7 jours : il ne peut plus être rouvert. Déclarez une nouvelle panne.'),
    });
    await moveTicket(ticket.id, 'clos', { kind: 'systeme', id: 'systeme', name: 'Vision Caraïbes' }, { now: tooLate });
    expect(await addMessage(ticket.id, message('client', verified, 'Encore en panne', tooLate), { now: tooLate })).toMatchObject({ ok: false, code: 'ticket_closed' });
    expect((await getTicket(ticket.id))!.messages).toHaveLength(1);
  });

  it('a change of an unknown ticket is refused and writes nothing', async () => {
    expect(await moveTicket('inconnu', 'pris_en_charge', techMq)).toMatchObject({ ok: false, code: 'ticket_not_found' });
    expect((await store(storeNames.ticketIntents).list({ prefix: 'inconnu' })).blobs).toEqual([]);
  });
});

describe('the index’s summaries', () => {
  it('a Thursday 16:30 « Bloquant » in Martinique: due Tuesday 9:30 (Friday 22 May and Whit Monday are holidays there), 120 minutes left, then late', async () => {
    const { company, verified } = await makeCompany();
    const { ticket } = await openTicket(declaration(company, verified), { now: THURSDAY_EVENING });
    const [entry] = await companyEntries(company.id);
    const summary = summaryOf(entry!, THURSDAY_EVENING);
    expect(summary.due.priseEnCharge).toBe('2026-05-26T09:30:00-04:00');
    expect(summary.due.resolution).toBe(formatLocalIso(dueTimes({ openedAt: THURSDAY_EVENING, territory: 'martinique', impact: 'bloquant', paused: [] }).resolution!, 'martinique'));
    expect(summary).toMatchObject({ id: ticket.id, model: 'Caisse TPV-15', minutesLeft: 120, late: false });
    expect(summaryOf(entry!, new Date('2026-05-26T14:00:00Z'))).toMatchObject({ minutesLeft: -30, late: true });
    await moveTicket(ticket.id, 'pris_en_charge', techMq, { now: new Date('2026-05-26T12:00:00Z') });
    const [taken] = await companyEntries(company.id);
    expect(summaryOf(taken!, new Date('2026-05-26T12:00:00Z'))).toMatchObject({ due: { priseEnCharge: null }, late: false, minutesLeft: 480 - 30 });
  });
});
