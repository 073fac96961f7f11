/**
 * « Astreinte »'s choices against a real BlobsServer: the rota of a territory names who may be on call (its
 * active technicians and administrators) and, apart, its invited ones, who cannot be chosen until they
 * activate their account (the screen lists them as not yet choosable and says why nobody can be chosen).
 */
import { describe, expect, it } from 'vitest';
import onCallRota from '../../netlify/routes/staff/on-call-rota.ts';
import { weekAt } from '../../netlify/lib/push/rota.ts';
import { call } from '../helpers/api';
import { useApiTestEnvironment } from '../helpers/api-environment';
import { invitedAccount } from '../helpers/team';
import { staffOf } from '../helpers/field-world';

const world = useApiTestEnvironment();
const params = { territoire: 'martinique' };

describe('the rota’s choices', () => {
  it('lists the territory’s invited technicians apart from the choosable ones, and refuses to put one on call', async () => {
    const invited = await invitedAccount('technicien', `invite.${crypto.randomUUID().slice(0, 8)}@vision-caraibes.fr`, 'Marie Joseph');
    const { account: active } = await staffOf('technicien', ['martinique']);
    const read = await call(onCallRota, '/api/astreinte/martinique', { token: world.token, params });
    expect(read.status).toBe(200);
    const { people, invited: notYet } = read.body.data as { people: { id: string }[]; invited: { id: string; name: string }[] };
    expect(people.map((person) => person.id)).toContain(active.id);
    expect(people.map((person) => person.id)).not.toContain(invited.id);
    expect(notYet).toContainEqual({ id: invited.id, name: 'Marie Joseph' });
    expect(notYet.map((person) => person.id)).not.toContain(active.id);

    const refused = await call(onCallRota, '/api/astreinte/martinique', { token: world.token, method: 'PUT', body: { week: weekAt(new Date(), 'martinique'), accountId: invited.id }, params });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Choisissez un technicien ou un administrateur actif de ce territoire.');
  });
});
