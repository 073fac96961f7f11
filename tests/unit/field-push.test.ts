/**
 * The on-call push against a real BlobsServer and a local push service (tests/helpers/push-service.ts) that
 * receives each encrypted request and decrypts it with the test device's keys: a « Bloquant » opened at
 * 03:00 wakes only the territory's on-call technician, at 10:00 its technicians too; an assignment reaches
 * the person; a notification carries the reference, the company and the impact, never the customer's text;
 * a 410 removes the subscription; a crash between the ticket and its push is repaired by the outbox job;
 * 30 minutes before the taking-in-charge deadline of a ticket nobody has, the administrators are warned.
 */
import { describe, expect, it, vi } from 'vitest';
import { getStore } from '@netlify/blobs';
import onCallRota from '../../netlify/routes/staff/on-call-rota.ts';
import pushSubscriptions from '../../netlify/routes/staff/push-subscriptions.ts';
import { getMail, runOutbox } from '../../netlify/lib/mail/outbox.ts';
import { SUBSCRIPTION_GONE } from '../../netlify/lib/push/push-delivery.ts';
import { weekAt } from '../../netlify/lib/push/rota.ts';
import { getSubscription, subscriptionKey } from '../../netlify/lib/push/subscriptions.ts';
import { storeNames } from '../../netlify/lib/storage/storage.ts';
import { changeTicket, repairTickets } from '../../netlify/lib/tickets/tickets.ts';
import { ticketMailOwner } from '../../netlify/lib/tickets/ticket-mail.ts';
import { warnUntakenTickets } from '../../netlify/lib/tickets/ticket-push.ts';
import { call } from '../helpers/api';
import { useApiTestEnvironment } from '../helpers/api-environment';
import { companyOf, declare, staffOf } from '../helpers/field-world';
import { testSubscription, usePushService, type TestSubscription } from '../helpers/push-service';

const world = useApiTestEnvironment();
const push = usePushService();

/** Wednesday 2 December 2026 at 03:00 and at 10:00 in Martinique (UTC−4). */
const NIGHT = new Date('2026-12-02T07:00:00Z');
const MORNING = new Date('2026-12-02T14:00:00Z');

/** A technician of Martinique whose phone turned push on in « Mon compte ». */
async function technicianWithPhone(): Promise<{ id: string; token: string; phone: TestSubscription }> {
  const { account, token } = await staffOf('technicien', ['martinique']);
  const phone = testSubscription(push.service);
  const answer = await call(pushSubscriptions, '/api/compte/notifications', { token, method: 'PUT', body: phone.body });
  expect(answer.status).toBe(200);
  return { id: account.id, token, phone };
}

const pushesTo = (phone: TestSubscription) => push.service.received.filter((sent) => sent.path === phone.path);

describe('a « Bloquant » ticket wakes the on-call technician', () => {
  it('at 03:00 only the on-call technician; at 10:00 the territory’s technicians too', async () => {
    const [onCall, other] = [await technicianWithPhone(), await technicianWithPhone()];
    const { token: admin } = await staffOf('administrateur', ['martinique']);
    for (const when of [NIGHT, MORNING]) {
      const set = await call(onCallRota, '/api/astreinte/martinique', { token: admin, method: 'PUT', body: { week: weekAt(when, 'martinique'), accountId: onCall.id }, params: { territoire: 'martinique' } });
      expect(set.status).toBe(200);
    }
    const company = await companyOf('martinique');

    const night = await declare(company, 'bloquant', NIGHT, 'Le serveur de caisse a pris l’eau pendant l’orage.');
    expect(pushesTo(onCall.phone)).toHaveLength(1);
    expect(pushesTo(other.phone)).toHaveLength(0);
    const notice = onCall.phone.read(pushesTo(onCall.phone)[0]!);
    expect(notice).toEqual({ title: `URGENT — Bloquant ${night.reference}`, body: `${company.name} — impact «\u00a0Bloquant\u00a0»`, url: `/admin/tickets/ticket?id=${night.id}`, tag: `ticket-${night.id}` });
    expect(JSON.stringify(notice)).not.toContain('orage');
    expect(pushesTo(onCall.phone)[0]!.headers.authorization).toMatch(/^vapid t=/);

    await declare(company, 'bloquant', MORNING);
    expect(pushesTo(onCall.phone)).toHaveLength(2);
    expect(pushesTo(other.phone)).toHaveLength(1);

    // A ticket that is not « Bloquant » wakes nobody.
    await declare(company, 'degrade', NIGHT);
    expect(pushesTo(onCall.phone)).toHaveLength(2);
  });

  it('an assignment reaches the person assigned', async () => {
    const tech = await technicianWithPhone();
    const { token: admin } = await staffOf('administrateur', ['martinique']);
    const ticket = await declare(await companyOf('martinique'), 'question');
    const { default: ticketStaff } = await import('../../netlify/routes/tickets/ticket-staff.ts');
    await call(ticketStaff, `/api/tickets/${ticket.id}`, { token: admin, method: 'PATCH', body: { assignedTo: tech.id }, params: { id: ticket.id } });
    expect(pushesTo(tech.phone).map((push) => tech.phone.read(push).title)).toEqual([`Ticket attribué\u00a0: ${ticket.reference}`]);
  });

  it('the rota is set by administrators only, with a person of the territory', async () => {
    const tech = await technicianWithPhone();
    const params = { territoire: 'martinique' };
    const week = weekAt(NIGHT, 'martinique');
    expect((await call(onCallRota, '/api/astreinte/martinique', { token: tech.token, method: 'PUT', body: { week, accountId: tech.id }, params })).status).toBe(403);
    const read = await call(onCallRota, '/api/astreinte/martinique', { token: tech.token, params });
    expect(read.status).toBe(200);
    expect(read.body.data.weeks).toHaveLength(8);
    const { account: elsewhere } = await staffOf('technicien', ['guyane']);
    const refused = await call(onCallRota, '/api/astreinte/martinique', { token: world.token, method: 'PUT', body: { week, accountId: elsewhere.id }, params });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Choisissez un technicien ou un administrateur actif de ce territoire.');
    const { token: guyaneTech } = await staffOf('technicien', ['guyane']);
    expect((await call(onCallRota, '/api/astreinte/martinique', { token: guyaneTech, params })).status).toBe(404);
  });
});

describe('dead subscriptions and crashes', () => {
  it('a 410 from the push service removes the subscription, and the entry says why', async () => {
    const tech = await technicianWithPhone();
    push.service.answer.set(tech.phone.path, 410);
    const { token: admin } = await staffOf('administrateur', ['martinique']);
    const ticket = await declare(await companyOf('martinique'), 'question');
    const { default: ticketStaff } = await import('../../netlify/routes/tickets/ticket-staff.ts');
    await call(ticketStaff, `/api/tickets/${ticket.id}`, { token: admin, method: 'PATCH', body: { assignedTo: tech.id }, params: { id: ticket.id } });
    expect(pushesTo(tech.phone)).toHaveLength(1);
    expect(await getSubscription(subscriptionKey(tech.id, tech.phone.body.endpoint))).toBeUndefined();
    const { blobs } = await getStore({ name: storeNames.outbox, consistency: 'strong' }).list({ prefix: `${ticketMailOwner(ticket.id)}/p-` });
    expect(blobs).toHaveLength(1);
    const entry = await getMail(ticketMailOwner(ticket.id), blobs[0]!.key.split('/')[1]!);
    expect(entry).toMatchObject({ state: 'non_envoye', skipReason: SUBSCRIPTION_GONE });
  });

  it('a function stopped between the ticket and its push: the outbox job repairs it and the push leaves once', async () => {
    const onCall = await technicianWithPhone();
    const { token: admin } = await staffOf('administrateur', ['martinique']);
    await call(onCallRota, '/api/astreinte/martinique', { token: admin, method: 'PUT', body: { week: weekAt(NIGHT, 'martinique'), accountId: onCall.id }, params: { territoire: 'martinique' } });
    const outbox = getStore({ name: storeNames.outbox, consistency: 'strong' });
    const prototype = Object.getPrototypeOf(outbox) as { setJSON: (...args: unknown[]) => Promise<unknown> };
    const original = prototype.setJSON;
    // The function stops as it starts queueing the ticket's e-mails and pushes.
    vi.spyOn(prototype, 'setJSON').mockImplementation(function (this: { name?: string }, ...args: unknown[]) {
      if (String((this as { name?: string }).name ?? '').includes(storeNames.outbox)) return Promise.reject(new Error('fonction arrêtée'));
      return original.apply(this, args);
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const ticket = await declare(await companyOf('martinique'), 'bloquant', NIGHT);
    vi.restoreAllMocks();
    expect(pushesTo(onCall.phone)).toHaveLength(0);

    // The every-minute job: the repair pass, then the outbox.
    const later = new Date(NIGHT.getTime() + 60_000);
    expect((await repairTickets({ now: later })).completed).toBeGreaterThanOrEqual(1);
    await runOutbox({ now: later });
    expect(pushesTo(onCall.phone).map((push) => onCall.phone.read(push).title)).toEqual([`URGENT — Bloquant ${ticket.reference}`]);
    await repairTickets({ now: new Date(later.getTime() + 60_000) });
    await runOutbox({ now: new Date(later.getTime() + 60_000) });
    expect(pushesTo(onCall.phone)).toHaveLength(1);
  });

  it('30 minutes before the taking-in-charge deadline, with nobody on the ticket, the administrators are warned once', async () => {
    const { account: admin, token } = await staffOf('administrateur', ['martinique']);
    const phone = testSubscription(push.service);
    await call(pushSubscriptions, '/api/compte/notifications', { token, method: 'PUT', body: phone.body });
    const ticket = await declare(await companyOf('martinique'), 'bloquant', MORNING);
    const before = pushesTo(phone).length;
    // « Bloquant »: taken in charge within 2 business hours; 1 h 40 later, 20 minutes are left.
    const near = new Date(MORNING.getTime() + 100 * 60_000);
    const warnings = () => pushesTo(phone).slice(before).map((push) => phone.read(push)).filter((notice) => notice.tag === `ticket-${ticket.id}`);
    await warnUntakenTickets({ now: new Date(MORNING.getTime() + 30 * 60_000) });
    expect(warnings()).toEqual([]);
    expect(await warnUntakenTickets({ now: near })).toBeGreaterThanOrEqual(1);
    await warnUntakenTickets({ now: new Date(near.getTime() + 60_000) });
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]!.title).toBe(`Personne sur le ticket, échéance dans 30 min\u00a0: ${ticket.reference}`);
    // Someone has it: the next ticket like it is warned, not this one.
    await changeTicket(ticket.id, (current) => ({ ok: true, ticket: { ...current, assignedTo: { id: admin.id, name: admin.name } } }));
    const other = await declare(await companyOf('martinique'), 'bloquant', MORNING);
    await warnUntakenTickets({ now: near });
    expect(pushesTo(phone).map((push) => phone.read(push).tag).filter((tag) => tag === `ticket-${other.id}`)).toHaveLength(1);
  });
});
