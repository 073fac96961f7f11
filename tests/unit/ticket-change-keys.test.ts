/**
 * The idempotency keys of the staff's ticket changes (PATCH /api/tickets/{id}, its messages, its
 * resolution), against a real BlobsServer: a resend is answered only to someone who may still see the
 * ticket — a technician moved to another territory gets « introuvable », never the staff's view — and a key
 * sent again with another change (another body, another action of the ticket) is refused with a 422 in
 * French, nothing applied, so the phone never marks « Envoyé » what was not done.
 */
import { describe, expect, it } from 'vitest';
import ticketResolution from '../../netlify/routes/tickets/ticket-resolution.ts';
import ticketStaff from '../../netlify/routes/tickets/ticket-staff.ts';
import { changeTerritories } from '../../netlify/lib/team/accounts.ts';
import { changeTicket, getTicket } from '../../netlify/lib/tickets/tickets.ts';
import { call } from '../helpers/api';
import { useApiTestEnvironment } from '../helpers/api-environment';
import { companyOf, declare, postMessage, staffOf } from '../helpers/field-world';
import { TEAM_OWNER } from '../helpers/team';

useApiTestEnvironment();

const NOT_FOUND = 'Ce ticket est introuvable.';
const OTHER_CHANGE = 'Cette clé d’envoi a déjà servi à une autre action sur ce ticket : rien n’a été appliqué. Écrivez l’action à nouveau.';

const patch = (token: string, id: string, body: Record<string, unknown>) => call(ticketStaff, `/api/tickets/${id}`, { token, method: 'PATCH', body, params: { id } });
const resolve = (token: string, id: string, body: Record<string, unknown>) =>
  call(ticketResolution, `/api/tickets/${id}/resolution`, { token, body: { workDone: 'Alimentation remplacée.', minutes: 30, parts: [], signedBy: null, signature: null, ...body }, params: { id } });

describe('a resend is answered only to someone who may see the ticket', () => {
  it('a technician moved to Guadeloupe resends a PATCH, a message and a resolution with their keys: 404, nothing of the ticket', async () => {
    const ticket = await declare(await companyOf('martinique'), 'degrade');
    const { account, token } = await staffOf('technicien', ['martinique']);
    const keys = { state: crypto.randomUUID(), message: crypto.randomUUID(), resolution: crypto.randomUUID() };
    expect((await patch(token, ticket.id, { state: 'en_intervention', idempotencyKey: keys.state })).status).toBe(200);
    expect((await postMessage(token, ticket.id, { kind: 'note', text: 'Code de l’alarme : 4512.', idempotencyKey: keys.message })).status).toBe(201);
    expect((await resolve(token, ticket.id, { idempotencyKey: keys.resolution })).status).toBe(200);

    await changeTerritories(account.id, ['guadeloupe'], TEAM_OWNER);
    const answers = [
      await patch(token, ticket.id, { state: 'en_intervention', idempotencyKey: keys.state }),
      await postMessage(token, ticket.id, { kind: 'note', text: 'Code de l’alarme : 4512.', idempotencyKey: keys.message }),
      await resolve(token, ticket.id, { idempotencyKey: keys.resolution }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ success: false, error: NOT_FOUND });
      expect(JSON.stringify(answer.body)).not.toContain('4512');
      expect(JSON.stringify(answer.body)).not.toContain(ticket.phone);
    }
  });

  it('a role without tickets.write gets 403 before any key is looked at', async () => {
    const ticket = await declare(await companyOf('martinique'), 'degrade');
    const { token } = await staffOf('technicien', ['martinique']);
    const idempotencyKey = crypto.randomUUID();
    await patch(token, ticket.id, { state: 'en_intervention', idempotencyKey });
    const { token: sales } = await staffOf('commercial', ['martinique']);
    expect((await patch(sales, ticket.id, { state: 'en_intervention', idempotencyKey })).status).toBe(403);
  });
});

describe('a key reused for another change is refused, nothing applied', () => {
  it('PATCH: the same key with another state answers 422 and the state stays', async () => {
    const ticket = await declare(await companyOf('martinique'), 'degrade');
    const { token } = await staffOf('technicien', ['martinique']);
    const idempotencyKey = crypto.randomUUID();
    expect((await patch(token, ticket.id, { state: 'pris_en_charge', idempotencyKey })).status).toBe(200);
    const other = await patch(token, ticket.id, { state: 'en_intervention', idempotencyKey });
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ success: false, error: OTHER_CHANGE, code: 'ticket_key_other_change' });
    expect((await getTicket(ticket.id))!.state).toBe('pris_en_charge');
    // The same change again is still a resend: 200, applied once.
    expect((await patch(token, ticket.id, { state: 'pris_en_charge', idempotencyKey })).status).toBe(200);
    expect((await getTicket(ticket.id))!.history.filter((change) => change.kind === 'etat' && change.to === 'pris_en_charge')).toHaveLength(1);
  });

  it('a message: the key of a sent message with another text, and a state change’s key on the messages, answer 422', async () => {
    const ticket = await declare(await companyOf('martinique'), 'degrade');
    const { token } = await staffOf('technicien', ['martinique']);
    const [messageKey, stateKey] = [crypto.randomUUID(), crypto.randomUUID()];
    expect((await postMessage(token, ticket.id, { kind: 'reponse', text: 'Je passe à 14 h.', idempotencyKey: messageKey })).status).toBe(201);
    expect((await patch(token, ticket.id, { state: 'en_intervention', idempotencyKey: stateKey })).status).toBe(200);
    for (const [fields, why] of [
      [{ kind: 'reponse', text: 'Je passe à 16 h.', idempotencyKey: messageKey }, 'another text'],
      [{ kind: 'note', text: 'Je passe à 14 h.', idempotencyKey: messageKey }, 'another kind'],
      [{ kind: 'reponse', text: 'En route.', idempotencyKey: stateKey }, 'a state change’s key'],
    ] as const) {
      const answer = await postMessage(token, ticket.id, fields);
      expect(answer.status, why).toBe(422);
      expect(answer.body.error, why).toBe(OTHER_CHANGE);
    }
    const stored = (await getTicket(ticket.id))!;
    expect(stored.messages.map((message) => message.text)).toEqual(['La caisse ne démarre plus.', 'Je passe à 14 h.']);
  });

  it('« Résoudre » with a state change’s key, or its own key with another report, answers 422; the ticket is not resolved by either', async () => {
    const ticket = await declare(await companyOf('martinique'), 'degrade');
    const { token } = await staffOf('technicien', ['martinique']);
    const stateKey = crypto.randomUUID();
    expect((await patch(token, ticket.id, { state: 'en_intervention', idempotencyKey: stateKey })).status).toBe(200);
    const borrowed = await resolve(token, ticket.id, { idempotencyKey: stateKey });
    expect(borrowed.status).toBe(422);
    expect(borrowed.body.error).toBe(OTHER_CHANGE);
    expect((await getTicket(ticket.id))!.state).toBe('en_intervention');

    const resolutionKey = crypto.randomUUID();
    expect((await resolve(token, ticket.id, { idempotencyKey: resolutionKey })).status).toBe(200);
    const reportAt = (await getTicket(ticket.id))!.report!.at;
    const otherReport = await resolve(token, ticket.id, { idempotencyKey: resolutionKey, workDone: 'Autre chose.' });
    expect(otherReport.status).toBe(422);
    expect((await getTicket(ticket.id))!.report!.at).toBe(reportAt);
  });

  it('a key kept before fingerprints were (the key alone) is still answered as a resend', async () => {
    const ticket = await declare(await companyOf('martinique'), 'degrade');
    const { token } = await staffOf('technicien', ['martinique']);
    const idempotencyKey = crypto.randomUUID();
    await changeTicket(ticket.id, (current) => ({ ok: true, ticket: { ...current, state: 'pris_en_charge', appliedKeys: [idempotencyKey] } }));
    const again = await patch(token, ticket.id, { state: 'pris_en_charge', idempotencyKey });
    expect(again.status).toBe(200);
    expect((await getTicket(ticket.id))!.history).toHaveLength(1);
  });
});
