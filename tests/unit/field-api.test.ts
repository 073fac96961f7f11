/**
 * The technicians' app's server side against a real BlobsServer: the phone's copy in one call (the open
 * tickets of the person's territories, theirs first, with shop and equipment, and the catalogue's
 * references), and the staff changes sent from the phone with their idempotency keys — a resend after a lost
 * answer changes nothing (one message, one report), a reply to a ticket closed meanwhile is refused in French,
 * and so is an action written for a ticket given to someone else since (the new holder named).
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import fieldTickets from '../../netlify/routes/tickets/field-tickets.ts';
import ticketResolution from '../../netlify/routes/tickets/ticket-resolution.ts';
import ticketStaff from '../../netlify/routes/tickets/ticket-staff.ts';
import { changeTicket, getTicket } from '../../netlify/lib/tickets/tickets.ts';
import type { FieldBundle } from '../../src/features/tickets/offline/field-bundle.ts';
import { call } from '../helpers/api';
import { useApiTestEnvironment } from '../helpers/api-environment';
import { companyOf, declare, postMessage, staffOf } from '../helpers/field-world';

useApiTestEnvironment();

describe('the phone’s copy (GET /api/terrain/tickets)', () => {
  it('keeps the open tickets of the person’s territories, theirs first, with shop, equipment and the catalogue’s references', async () => {
    const [martinique, guyane] = [await companyOf('martinique'), await companyOf('guyane')];
    const { account, token } = await staffOf('technicien', ['martinique']);
    const theirs = await declare(martinique, 'question', new Date(Date.now() - 60_000));
    const other = await declare(martinique, 'bloquant');
    const elsewhere = await declare(guyane, 'bloquant');
    await call(ticketStaff, `/api/tickets/${theirs.id}`, { token, method: 'PATCH', body: { assignedTo: account.id }, params: { id: theirs.id } });

    const answer = await call(fieldTickets, '/api/terrain/tickets', { token });
    expect(answer.status).toBe(200);
    const bundle = answer.body.data as FieldBundle;
    const ids = bundle.tickets.map((kept) => kept.view.ticket.id);
    expect(ids[0]).toBe(theirs.id);
    expect(ids).toContain(other.id);
    expect(ids).not.toContain(elsewhere.id);
    const kept = bundle.tickets.find((one) => one.view.ticket.id === other.id)!;
    expect(kept.shop).toMatchObject({ name: 'Centre', address: '1 rue Schœlcher, Fort-de-France' });
    expect(kept.equipment).toMatchObject({ model: 'Caisse TPV-15', serial: 'SN-001' });
    expect(kept.view.ticket.phone).toBe('0696 00 00 01');
    expect(bundle.catalogue.length).toBeGreaterThan(0);
    expect(bundle.catalogue[0]).toEqual({ reference: expect.any(String), name: expect.any(String) });
  });

  it('is refused to a role that does not read tickets, and without a session', async () => {
    const { token } = await staffOf('commercial', ['martinique']);
    expect((await call(fieldTickets, '/api/terrain/tickets', { token })).status).toBe(403);
    expect((await call(fieldTickets, '/api/terrain/tickets')).status).toBe(401);
  });
});

describe('actions sent from the phone with their idempotency key', () => {
  it('a reply sent twice (its first answer lost) is in the thread once', async () => {
    const ticket = await declare(await companyOf('martinique'), 'degrade');
    const { token } = await staffOf('technicien', ['martinique']);
    const idempotencyKey = crypto.randomUUID();
    const first = await postMessage(token, ticket.id, { kind: 'reponse', text: 'Je passe à 14 h.', idempotencyKey });
    const again = await postMessage(token, ticket.id, { kind: 'reponse', text: 'Je passe à 14 h.', idempotencyKey });
    expect([first.status, again.status]).toEqual([201, 201]);
    const stored = (await getTicket(ticket.id))!;
    expect(stored.messages.filter((message) => message.text === 'Je passe à 14 h.')).toHaveLength(1);
    expect(again.body.data.ticket.messages).toHaveLength(2);
  });

  it('a state change sent twice is in the history once; a bad key is refused in French', async () => {
    const ticket = await declare(await companyOf('martinique'), 'degrade');
    const { token } = await staffOf('technicien', ['martinique']);
    const params = { id: ticket.id };
    const idempotencyKey = crypto.randomUUID();
    for (let send = 0; send < 2; send += 1) {
      const answer = await call(ticketStaff, `/api/tickets/${ticket.id}`, { token, method: 'PATCH', body: { state: 'pris_en_charge', idempotencyKey }, params });
      expect(answer.status).toBe(200);
    }
    expect((await getTicket(ticket.id))!.history.filter((change) => change.kind === 'etat' && change.to === 'pris_en_charge')).toHaveLength(1);
    const bad = await call(ticketStaff, `/api/tickets/${ticket.id}`, { token, method: 'PATCH', body: { state: 'en_intervention', idempotencyKey: 'pas-une-clé' }, params });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('La clé d’envoi est invalide. Écrivez l’action à nouveau.');
  });

  it('« Résoudre » sent twice makes one report and one move to « Résolu »', async () => {
    const ticket = await declare(await companyOf('martinique'), 'bloquant');
    const { token } = await staffOf('technicien', ['martinique']);
    const params = { id: ticket.id };
    await call(ticketStaff, `/api/tickets/${ticket.id}`, { token, method: 'PATCH', body: { state: 'en_intervention' }, params });
    const ink = await sharp({ create: { width: 300, height: 120, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: Buffer.from('<svg width="300" height="120"><path d="M10 100 C 80 10, 150 10, 290 90" stroke="black" stroke-width="4" fill="none"/></svg>') }])
      .png()
      .toBuffer();
    const body = { workDone: 'Alimentation remplacée.', minutes: 30, parts: [], signedBy: 'Line Client', signature: `data:image/png;base64,${ink.toString('base64')}`, idempotencyKey: crypto.randomUUID() };
    const first = await call(ticketResolution, `/api/tickets/${ticket.id}/resolution`, { token, body, params });
    const reportAt = (await getTicket(ticket.id))!.report!.at;
    const again = await call(ticketResolution, `/api/tickets/${ticket.id}/resolution`, { token, body, params });
    expect([first.status, again.status]).toEqual([200, 200]);
    const stored = (await getTicket(ticket.id))!;
    expect(stored.state).toBe('resolu');
    expect(stored.report!.at).toBe(reportAt);
    expect(stored.history.filter((change) => change.kind === 'etat' && change.to === 'resolu')).toHaveLength(1);
  });

  it('a signature drawn on a phone (over the API’s usual 32 KB) is accepted with the report', async () => {
    const ticket = await declare(await companyOf('martinique'), 'degrade');
    const { token } = await staffOf('technicien', ['martinique']);
    // A drawing that compresses badly: a PNG well over 32 KB, within the pad's size and the signature's limit.
    const png = await sharp(randomBytes(200 * 80 * 4), { raw: { width: 200, height: 80, channels: 4 } }).png().toBuffer();
    expect(png.length).toBeGreaterThan(48 * 1024);
    const body = { workDone: 'Terminal remplacé.', minutes: 20, parts: [], signedBy: 'Line Client', signature: `data:image/png;base64,${png.toString('base64')}`, idempotencyKey: crypto.randomUUID() };
    const answer = await call(ticketResolution, `/api/tickets/${ticket.id}/resolution`, { token, body, params: { id: ticket.id } });
    expect(answer.status).toBe(200);
    expect((await getTicket(ticket.id))!.report).toMatchObject({ signedBy: 'Line Client' });
  });

  it('a reply to a ticket closed meanwhile is refused in French, and nothing is added', async () => {
    const ticket = await declare(await companyOf('martinique'), 'question');
    const { token } = await staffOf('technicien', ['martinique']);
    // Closed by the office while the technician's phone had no network.
    await changeTicket(ticket.id, (current) => ({ ok: true, ticket: { ...current, state: 'clos' } }));
    const refused = await postMessage(token, ticket.id, { kind: 'reponse', text: 'Écrit hors ligne.', idempotencyKey: crypto.randomUUID() });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/clos/i);
    expect((await getTicket(ticket.id))!.messages).toHaveLength(1);
  });
});

describe('actions written on the phone for a ticket given to someone else since', () => {
  /** Given by the office to a colleague while the technician's phone had no network. */
  async function reassigned(heldByAuthor: boolean) {
    const ticket = await declare(await companyOf('martinique'), 'degrade');
    const author = await staffOf('technicien', ['martinique']);
    const colleague = await staffOf('technicien', ['martinique']);
    if (heldByAuthor) await changeTicket(ticket.id, (current) => ({ ok: true, ticket: { ...current, assignedTo: { id: author.account.id, name: author.account.name } } }));
    await changeTicket(ticket.id, (current) => ({ ok: true, ticket: { ...current, assignedTo: { id: colleague.account.id, name: colleague.account.name } } }));
    return { ticket, author, colleague, params: { id: ticket.id } };
  }

  it('a reply, a note, a state change and « Résoudre » are refused in French naming the new holder, and nothing is added', async () => {
    const { ticket, author, colleague, params } = await reassigned(true);
    const seenAssignee = author.account.id;
    const sentence = new RegExp(`confié à ${colleague.account.name} entre-temps.*n’a pas été appliqué`);
    for (const kind of ['reponse', 'note']) {
      const refused = await postMessage(author.token, ticket.id, { kind, text: 'Écrit hors ligne.', idempotencyKey: crypto.randomUUID(), seenAssignee });
      expect(refused.status, kind).toBe(409);
      expect(refused.body.error, kind).toMatch(sentence);
    }
    const state = await call(ticketStaff, `/api/tickets/${ticket.id}`, { token: author.token, method: 'PATCH', body: { state: 'en_intervention', idempotencyKey: crypto.randomUUID(), seenAssignee }, params });
    expect(state.status).toBe(409);
    expect(state.body.error).toMatch(sentence);
    const body = { workDone: 'Alimentation remplacée.', minutes: 30, parts: [], signedBy: null, signature: null, idempotencyKey: crypto.randomUUID(), seenAssignee };
    const resolution = await call(ticketResolution, `/api/tickets/${ticket.id}/resolution`, { token: author.token, body, params });
    expect(resolution.status).toBe(409);
    expect(resolution.body.error).toMatch(sentence);
    const stored = (await getTicket(ticket.id))!;
    expect(stored.messages).toHaveLength(1);
    expect(stored.state).toBe('nouveau');
    expect(stored.report ?? null).toBeNull();
    expect(stored.assignedTo?.id).toBe(colleague.account.id);
  });

  it('written while nobody held it, then given to a colleague: refused; sent again without the check (by choice), applied', async () => {
    const { ticket, author, params } = await reassigned(false);
    const refused = await postMessage(author.token, ticket.id, { kind: 'reponse', text: 'Je passe à 14 h.', idempotencyKey: crypto.randomUUID(), seenAssignee: '' });
    expect(refused.status).toBe(409);
    const again = await postMessage(author.token, ticket.id, { kind: 'reponse', text: 'Je passe à 14 h.', idempotencyKey: crypto.randomUUID() });
    expect(again.status).toBe(201);
    expect((await getTicket(params.id))!.messages.map((message) => message.text)).toContain('Je passe à 14 h.');
  });

  it('the holder seen is still the holder, or the ticket is now the author’s own: applied', async () => {
    const ticket = await declare(await companyOf('martinique'), 'degrade');
    const { account, token } = await staffOf('technicien', ['martinique']);
    const params = { id: ticket.id };
    // Written while nobody held it; the author took it in charge meanwhile (the queue's earlier action).
    const taken = await call(ticketStaff, `/api/tickets/${ticket.id}`, { token, method: 'PATCH', body: { state: 'pris_en_charge', idempotencyKey: crypto.randomUUID(), seenAssignee: null }, params });
    expect(taken.status).toBe(200);
    expect((await getTicket(ticket.id))!.assignedTo?.id).toBe(account.id);
    const reply = await postMessage(token, ticket.id, { kind: 'reponse', text: 'En route.', idempotencyKey: crypto.randomUUID(), seenAssignee: '' });
    expect(reply.status).toBe(201);
    const note = await postMessage(token, ticket.id, { kind: 'note', text: 'Câble à prévoir.', idempotencyKey: crypto.randomUUID(), seenAssignee: account.id });
    expect(note.status).toBe(201);
  });

  it('a ticket taken from its holder and given to nobody: refused in French', async () => {
    const ticket = await declare(await companyOf('martinique'), 'degrade');
    const { account, token } = await staffOf('technicien', ['martinique']);
    const refused = await postMessage(token, ticket.id, { kind: 'note', text: 'Écrit hors ligne.', idempotencyKey: crypto.randomUUID(), seenAssignee: account.id });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/n’est plus assigné à personne/);
  });
});
