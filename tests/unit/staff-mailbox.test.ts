/**
 * One identity is staff or a customer, compared as one mailbox (case, `+tag`, Gmail's dots), against a real
 * BlobsServer: a sales person or an administrator cannot list their own mailbox as a person of a customer
 * company (`prenom.nom+x@`), the team cannot invite a customer's mailbox, and a person listed with a staff
 * mailbox before these rules gets no sign-in link and opens no session of the space.
 */
import { describe, expect, it } from 'vitest';
import customerPeople from '../../netlify/routes/companies/customer-people.ts';
import connexion from '../../netlify/routes/space-sign-in/espace-client-connexion.ts';
import lien from '../../netlify/routes/space/espace-client-lien.ts';
import team from '../../netlify/routes/staff/team.ts';
import { getCompany, newId, saveCompany } from '../../netlify/lib/customers/companies.ts';
import { createSignInLink } from '../../netlify/lib/customers/sign-in-links.ts';
import { API_ERRORS } from '../../netlify/lib/http/errors.ts';
import { spaceApi } from '../../src/features/space/space-paths.ts';
import type { TerritoryId } from '../../src/lib/territories.ts';
import { call } from '../helpers/api';
import { useApiTestEnvironment } from '../helpers/api-environment';
import { seedCompany, testPerson } from '../helpers/customers';
import { staffOf } from '../helpers/field-world';

const env = useApiTestEnvironment();

const addPerson = (companyId: string, email: string, token: string) =>
  call(customerPeople, `/api/clients/${companyId}/personnes`, { method: 'POST', params: { id: companyId }, body: { name: 'Moi-même', email, phone: '0596 00 00 00' }, token });

/** A staff account of that role whose address is `local@domain`, with its token. */
async function staffWithAddress(role: string, territories: TerritoryId[]): Promise<{ email: string; token: string }> {
  const { account, token } = await staffOf(role, territories);
  return { email: account.email, token };
}

describe('a staff mailbox is never a person of a customer company', () => {
  for (const role of ['commercial', 'administrateur']) {
    it(`${role}: their own address with a +tag, in capitals, is refused in French and nothing is stored`, async () => {
      const { email, token } = await staffWithAddress(role, ['martinique']);
      const company = await seedCompany({ territory: 'martinique' });
      const [local, domain] = email.split('@') as [string, string];
      for (const variant of [`${local}+espace@${domain}`, `${local.toUpperCase()}+x@${domain.toUpperCase()}`]) {
        const added = await addPerson(company.id, variant, token);
        expect(added.status, variant).toBe(400);
        expect(added.body.fields.email, variant).toBe(API_ERRORS.email_is_staff.message);
      }
      expect(await getCompany(company.id)).toEqual(company);
    });
  }

  it('a Gmail address of the team with dots moved or a +tag is the same mailbox', async () => {
    const { token } = await staffOf('administrateur', ['martinique']);
    const invited = await call(team, '/api/equipe', { body: { name: 'Tech Gmail', email: 'tech.caraibes.vc@gmail.com', role: 'technicien', territories: ['martinique'] }, token: env.token });
    expect(invited.status).toBe(200);
    const company = await seedCompany({ territory: 'martinique' });
    const added = await addPerson(company.id, 'techcaraibes.vc+client@googlemail.com', token);
    expect(added.status).toBe(400);
    expect(added.body.fields.email).toBe(API_ERRORS.email_is_staff.message);
    // Dots count at other providers: another mailbox, accepted.
    expect((await addPerson(company.id, `${crypto.randomUUID().slice(0, 8)}.caraibes@orange.fr`, token)).status).toBe(201);
  });

  it('the team cannot invite a customer’s mailbox written with a +tag', async () => {
    const person = testPerson({ email: `gerante.${crypto.randomUUID().slice(0, 8)}@client.fr` });
    await seedCompany({ people: [person] });
    const [local, domain] = person.email.split('@') as [string, string];
    const invited = await call(team, '/api/equipe', { body: { name: 'Gérante', email: `${local}+equipe@${domain}`, role: 'technicien', territories: ['martinique'] }, token: env.token });
    expect(invited.status).toBe(409);
    expect(invited.body.error).toBe(API_ERRORS.email_is_customer.message);
  });
});

describe('a person listed with a staff mailbox before these rules', () => {
  it('gets no sign-in link, and a link made for them opens no session', async () => {
    const { email } = await staffWithAddress('commercial', ['martinique']);
    const [local, domain] = email.split('@') as [string, string];
    const plus = `${local}+espace@${domain}`;
    const id = newId();
    const at = new Date().toISOString();
    const person = { id: newId(), name: 'Moi-même', email: plus, phone: '0596 00 00 00', createdAt: at, lastSignInAt: null };
    const company = (await saveCompany(id, () => ({ id, name: 'Supérette', clientCode: `C-${id.slice(0, 8)}`, territory: 'martinique', shops: [], contractEndsOn: null, people: [person], equipment: [], createdAt: at, updatedAt: at })))!;

    expect((await call(lien, spaceApi.link, { body: { email: plus } })).status).toBe(202);
    expect(env.postmark.sentTo(plus)).toEqual([]);

    const { token } = await createSignInLink(company, person, 'connexion');
    const spent = await call(connexion, spaceApi.signIn, { body: { token }, headers: { origin: 'http://localhost' } });
    expect(spent.status).toBe(403);
    expect(spent.body.error).toBe('Cette adresse est celle d’un compte de l’équipe : elle n’ouvre pas l’espace client. Connectez-vous à l’administration du site.');
    expect(spent.headers.getSetCookie().some((header) => header.startsWith('vc_espace_client='))).toBe(false);
  });
});
