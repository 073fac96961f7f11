/**
 * The rota follows the accounts, against a real BlobsServer and the loopback push service: a technician
 * moved to Guadeloupe, or given a role that handles no tickets, leaves Martinique's rota at once (through
 * the team's endpoint), and a rota that still names them is not obeyed when a « Bloquant » is opened.
 */
import { describe, expect, it } from 'vitest';
import onCallRota from '../../netlify/routes/staff/on-call-rota.ts';
import pushSubscriptions from '../../netlify/routes/staff/push-subscriptions.ts';
import teamAccount from '../../netlify/routes/staff/team-account.ts';
import { rotaOf, setOnCall, weekAt } from '../../netlify/lib/push/rota.ts';
import { call } from '../helpers/api';
import { useApiTestEnvironment } from '../helpers/api-environment';
import { companyOf, declare, staffOf } from '../helpers/field-world';
import { testSubscription, usePushService, type TestSubscription } from '../helpers/push-service';

const world = useApiTestEnvironment();
const push = usePushService();

/** Wednesday 2 December 2026 at 03:00 in Martinique (UTC−4): only the person on call is woken. */
const NIGHT = new Date('2026-12-02T07:00:00Z');
const WEEK = weekAt(NIGHT, 'martinique');

/** A technician of Martinique with a phone, on call this week there. */
async function onCallTechnician(): Promise<{ id: string; phone: TestSubscription }> {
  const { account, token } = await staffOf('technicien', ['martinique']);
  const phone = testSubscription(push.service);
  expect((await call(pushSubscriptions, '/api/compte/notifications', { token, method: 'PUT', body: phone.body })).status).toBe(200);
  const set = await call(onCallRota, '/api/astreinte/martinique', { token: world.token, method: 'PUT', body: { week: WEEK, accountId: account.id }, params: { territoire: 'martinique' } });
  expect(set.status).toBe(200);
  return { id: account.id, phone };
}

const received = (phone: TestSubscription) => push.service.received.filter((sent) => sent.path === phone.path);
const change = (id: string, action: string, body: unknown) => call(teamAccount, `/api/equipe/${id}/${action}`, { token: world.token, body, params: { id, action } });

describe('a change of account takes the person off the rotas where they no longer belong', () => {
  it('moved to Guadeloupe: off Martinique’s rota, not woken for its « Bloquant »', async () => {
    const tech = await onCallTechnician();
    expect((await change(tech.id, 'territoires', { territories: ['guadeloupe'] })).status).toBe(200);
    expect((await rotaOf('martinique')).weeks[WEEK]).toBeUndefined();
    await declare(await companyOf('martinique'), 'bloquant', NIGHT);
    expect(received(tech.phone)).toHaveLength(0);
  });

  it('given a role that handles no tickets (commercial): off the rota', async () => {
    const tech = await onCallTechnician();
    expect((await change(tech.id, 'role', { role: 'commercial' })).status).toBe(200);
    expect((await rotaOf('martinique')).weeks[WEEK]).toBeUndefined();
  });

  it('a territory kept keeps its weeks', async () => {
    const tech = await onCallTechnician();
    expect((await change(tech.id, 'territoires', { territories: ['martinique', 'guyane'] })).status).toBe(200);
    expect((await rotaOf('martinique')).weeks[WEEK]).toBe(tech.id);
  });
});

describe('the rota is checked when the « Bloquant » is opened', () => {
  it('a rota still naming someone who left the territory wakes nobody of another territory', async () => {
    const { account, token } = await staffOf('technicien', ['guadeloupe']);
    const phone = testSubscription(push.service);
    await call(pushSubscriptions, '/api/compte/notifications', { token, method: 'PUT', body: phone.body });
    // Written as a rota kept from before the move was (no endpoint accepts it now).
    await setOnCall('martinique', WEEK, account.id);
    await declare(await companyOf('martinique'), 'bloquant', NIGHT);
    expect(received(phone)).toHaveLength(0);
  });
});
