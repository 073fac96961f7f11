/**
 * A customer person's lifetime (src/lib/lifetimes.ts, `customerPerson`), over a real BlobsServer: the
 * daily purge, run with its date forced four years ahead, erases a person whose last sign-in is 3 years
 * and a day old — account, address claim, sessions, passkeys, links and their e-mails, so that their
 * address is found in no store — keeps the company and a person signed in a year before, and journals
 * the erase without naming the person. Never signed in, the lifetime counts from the last invitation.
 */
import { describe, expect, it } from 'vitest';
import { ownerAccount } from '../../netlify/lib/auth/permissions.ts';
import { addCustomerPasskey, customerRegistrationOptions } from '../../netlify/lib/customers/customer-passkeys.ts';
import { getCompany, newId, saveCompany } from '../../netlify/lib/customers/companies.ts';
import { inviteCustomer } from '../../netlify/lib/customers/invitation.ts';
import { askForLink, spendLink } from '../../netlify/lib/customers/sign-in.ts';
import { purgeExpired } from '../../netlify/lib/retention/retention.ts';
import { storeNames, strongStore } from '../../netlify/lib/storage/storage.ts';
import { listJournal } from '../../netlify/lib/team/journal.ts';
import type { Company, Person } from '../../src/features/customers/model.ts';
import { addDuration } from '../../src/lib/lifetimes.ts';
import { useApiTestEnvironment } from '../helpers/api-environment';
import { SoftwareAuthenticator } from '../helpers/software-authenticator.ts';

const env = useApiTestEnvironment();
const SITE = 'http://localhost';
const DAY = 86_400_000;
/** The purge's forced date: four years from now. */
const PURGE_AT = addDuration(new Date(), { amount: 4, unit: 'years' });
const yearsBefore = (years: number, days = 0) => new Date(addDuration(PURGE_AT, { amount: years, unit: 'years' }, -1).getTime() - days * DAY);

const post = (path: string) => new Request(`${SITE}${path}`, { method: 'POST', headers: { origin: SITE, 'user-agent': 'Test' } });
const person = (name: string, email: string, at: string): Person => ({ id: newId(), name, email, phone: '0596 00 00 00', createdAt: at, lastSignInAt: null });

async function company(people: Person[]): Promise<Company> {
  const id = newId();
  const at = new Date().toISOString();
  return (await saveCompany(id, () => ({ id, name: 'Pharmacie du Morne', clientCode: `R-${id.slice(0, 5)}`, territory: 'martinique', shops: [], contractEndsOn: null, people, equipment: [], createdAt: at, updatedAt: at })))!;
}

/** Signs a person in at `now` the way the space does (a link e-mailed, then spent), and adds a passkey: the session's cookie. */
async function signInWithPasskey(holder: Company, someone: Person, now: Date): Promise<void> {
  expect((await askForLink(post('/api/espace-client/lien'), undefined, { email: someone.email }, now)).status).toBe(202);
  const token = /jeton=([A-Za-z0-9_-]{43})/.exec(env.postmark.sentTo(someone.email).at(-1)!.body.TextBody)![1]!;
  expect((await spendLink(post('/api/espace-client/connexion'), { token }, now)).status).toBe(200);
  const authenticator = new SoftwareAuthenticator(SITE, 'localhost');
  const options = await customerRegistrationOptions(someone, { rpID: 'localhost', now });
  await addCustomerPasskey(holder, someone, authenticator.register(options), { rpID: 'localhost', origin: SITE, name: 'Téléphone', now });
}

/** Every blob of every store, as text, holding `needle`: where it is found. */
async function storesHolding(needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const name of Object.values(storeNames)) {
    const store = strongStore(name);
    for (const { key } of (await store.list()).blobs) {
      const text = (await store.get(key, { type: 'text' })) ?? '';
      if (text.toLowerCase().includes(needle.toLowerCase()) || key.includes(needle)) found.push(`${name}/${key}`);
    }
  }
  return found;
}

describe('a customer person three years without a sign-in', () => {
  it('is erased by the daily job (account, sessions, passkeys; their address in no store), while one signed in a year ago stays', async () => {
    const created = yearsBefore(3, 400).toISOString();
    const old = person('Rose Ancienne', `rose-${Date.now()}@pharmacie.fr`, created);
    const recent = person('Paul Récent', `paul-${Date.now()}@pharmacie.fr`, created);
    let holder = await company([old, recent]);
    await signInWithPasskey(holder, old, yearsBefore(3, 1));
    await signInWithPasskey(holder, recent, yearsBefore(1));
    holder = (await getCompany(holder.id))!;
    expect(holder.people.map((p) => p.lastSignInAt)).toEqual([yearsBefore(3, 1).toISOString(), yearsBefore(1).toISOString()]);
    expect(await storesHolding(old.email)).not.toEqual([]);
    expect((await strongStore(storeNames.customerPasskeys).list({ prefix: `${old.id}/` })).blobs).toHaveLength(1);

    const report = await purgeExpired(PURGE_AT);
    expect(report.customers.people).toBe(1);

    const after = (await getCompany(holder.id))!;
    expect(after.people.map((p) => p.id)).toEqual([recent.id]);
    expect(await storesHolding(old.email)).toEqual([]);
    for (const name of [storeNames.customerSessions, storeNames.customerPasskeys]) {
      expect((await strongStore(name).list({ prefix: `${old.id}/` })).blobs, name).toEqual([]);
    }
    // The one who signed in a year ago keeps their account and passkey (their 30-day session ended long ago).
    expect((await strongStore(storeNames.customerPasskeys).list({ prefix: `${recent.id}/` })).blobs).toHaveLength(1);
    expect(await storesHolding(recent.email)).toContain(`${storeNames.customerCompanies}/${holder.id}`);
    // Journaled, without the person's name or address.
    const entry = (await listJournal({ action: 'suppression' })).entries.find((e) => e.subject?.id === holder.id);
    expect(entry?.detail).toBe('Une personne supprimée après 3 ans sans connexion (compte, sessions et clés d’accès) ; les dossiers de la société sont conservés.');
    expect(JSON.stringify(entry)).not.toContain('Rose');
    // A second run finds nothing more to do.
    expect((await purgeExpired(PURGE_AT)).customers.people).toBe(0);
  });

  it('never signed in, counts from the last invitation, else from the creation', async () => {
    const created = yearsBefore(3, 10).toISOString();
    const invited = person('Léa Invitée', `lea-${Date.now()}@pharmacie.fr`, created);
    const forgotten = person('Max Oublié', `max-${Date.now()}@pharmacie.fr`, created);
    const holder = await company([invited, forgotten]);
    const staff = ownerAccount('admin');
    expect((await inviteCustomer(staff, holder.id, invited.id, yearsBefore(2))).status).toBe(200);
    // The journal says who invited whom, not the address: the address lives no longer than the link.
    const line = (await listJournal({ action: 'compte' })).entries.find((entry) => entry.subject?.id === invited.id);
    expect(line?.detail).toBe('Invitation à l’espace client envoyée');
    expect(line?.subject?.label).toContain('Léa Invitée');
    expect((await storesHolding(invited.email)).filter((where) => where.startsWith(storeNames.journal))).toEqual([]);
    // The invitation's e-mail leaves the outbox once its link has expired.
    expect(await storesHolding(invited.email)).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^${storeNames.outbox}/client-${invited.id}/invitation-`))]));

    await purgeExpired(PURGE_AT);
    const after = (await getCompany(holder.id))!;
    expect(after.people.map((p) => p.id)).toEqual([invited.id]);
    expect(await storesHolding(forgotten.email)).toEqual([]);
    expect((await storesHolding(invited.email)).filter((where) => where.startsWith(storeNames.outbox))).toEqual([]);
  });
});
