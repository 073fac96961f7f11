/**
 * The team's endpoints over a real BlobsServer and the local Postmark stand-in: the team list, an
 * invitation e-mailed through the outbox with its link, the enrolment through the link (password rule,
 * passkey against a software authenticator, TOTP), links used twice or after 48 hours, the
 * administrator's changes refused as accounts.ts refuses them, and the journal (filters, CSV, the
 * deletion of a request).
 */
import { Secret, TOTP } from 'otpauth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import contactOnlyEmail from '../../netlify/routes/request-forms/contact-only-email.ts';
import contactRequest from '../../netlify/routes/requests/contact-request.ts';
import journal from '../../netlify/routes/staff/journal.ts';
import journalExport from '../../netlify/routes/staff/journal-export.ts';
import team from '../../netlify/routes/staff/team.ts';
import teamAccount from '../../netlify/routes/staff/team-account.ts';
import teamInvitation from '../../netlify/routes/staff/team-invitation.ts';
import { listMails } from '../../netlify/lib/mail/outbox.ts';
import { purgeExpired } from '../../netlify/lib/retention/retention.ts';
import { accountMailOwner } from '../../netlify/lib/team/invitation-mail.ts';
import { PASSWORD_TOO_SHORT } from '../../src/features/team/password-policy.ts';
import { STRONG_PASSWORD } from '../helpers/team.ts';
import { SoftwareAuthenticator } from '../helpers/software-authenticator.ts';
import { call, contactPayload } from '../helpers/api';
import { useApiTestEnvironment } from '../helpers/api-environment';
import { can } from '../../src/features/team/roles.ts';
import { API_ERRORS } from '../../netlify/lib/http/errors.ts';

const INVITATION_EXPIRED = API_ERRORS.invitation_expired.message;
const INVITATION_USED = API_ERRORS.invitation_used.message;

const env = useApiTestEnvironment();

afterEach(() => {
  vi.useRealTimers();
});

let people = 0;
/** A fresh address for each invitation (the team blob lasts for the whole file). */
const someone = (role = 'technicien', name = 'Luc Bernard') => ({ name, email: `personne-${(people += 1)}@exemple.fr`, role, territories: ['guadeloupe'] });

const invite = (body: unknown) => call(team, '/api/equipe', { body, token: env.token });
const tokenOf = (link: string) => link.split('/admin/invitation/')[1]!;
const open = (token: string) => call(teamInvitation, `/api/invitation/${token}`, { params: { token } });
const step = (token: string, name: string, body: unknown = {}) => call(teamInvitation, `/api/invitation/${token}/${name}`, { params: { token, step: name }, body });
const action = (id: string, name: string, body?: unknown) => call(teamAccount, `/api/equipe/${id}/${name}`, { method: 'POST', params: { id, action: name }, body, token: env.token });
const journalPage = (query = '') => call(journal, `/api/journal${query}`, { token: env.token });

/** Invites a person and takes them through password and passkey to an active account. */
async function activePerson(role = 'technicien') {
  const invited = await invite(someone(role));
  const token = tokenOf(invited.body.link);
  expect((await step(token, 'mot-de-passe', { password: STRONG_PASSWORD })).status).toBe(200);
  const options = await step(token, 'cle-options');
  const authenticator = new SoftwareAuthenticator('http://localhost', 'localhost');
  const enrolled = await step(token, 'cle', { response: authenticator.register(options.body.data), deviceName: 'Téléphone' });
  expect(enrolled.status).toBe(200);
  const done = await step(token, 'fin');
  expect(done.status).toBe(200);
  return { id: invited.body.data.id as string, token, done };
}

describe('the team list', () => {
  it('shows the owner first, not editable, then the accounts', async () => {
    const invited = await invite(someone());
    const list = await call(team, '/api/equipe', { token: env.token });
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toMatchObject({ id: 'proprietaire', owner: true, role: 'administrateur', state: 'actif' });
    expect(list.body.data.map((account: { id: string }) => account.id)).toContain(invited.body.data.id);
    expect(JSON.stringify(list.body)).not.toMatch(/passwordHash|publicKey|sealedSecret|invitationKey/);
  });

  it('answers 401 without a token', async () => {
    expect((await call(team, '/api/equipe')).status).toBe(401);
    expect((await call(journal, '/api/journal')).status).toBe(401);
  });
});

describe('« Inviter une personne »', () => {
  it('creates an invited account, e-mails the link through the outbox and gives the link in the answer', async () => {
    const person = someone('commercial', 'Marie Joseph');
    const answer = await invite(person);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ name: 'Marie Joseph', email: person.email, role: 'commercial', state: 'invite' });
    expect(answer.body.link).toMatch(/^http:\/\/localhost\/admin\/invitation\/[A-Za-z0-9_-]{43}$/);
    const sent = env.postmark.sent.find((mail) => mail.body.To === person.email);
    expect(sent?.body.Subject).toMatch(/^Invitation à l’espace d’administration/);
    expect(sent?.body.TextBody).toContain(answer.body.link);
    expect(sent?.body.TextBody).toContain('Commercial');
    const [stored] = await listMails(accountMailOwner(answer.body.data.id));
    expect(stored).toMatchObject({ kind: expect.stringMatching(/^invitation-/), to: person.email, status: 'envoye' });
  });

  it('refuses a bad address or a taken one in French, and creates nothing', async () => {
    const bad = await invite({ ...someone(), email: 'pas-une-adresse' });
    expect(bad).toMatchObject({ status: 400, body: { success: false, error: 'Veuillez saisir une adresse e-mail valide.' } });
    const person = someone();
    await invite(person);
    const again = await invite({ ...person, name: 'Autre Nom' });
    expect(again).toMatchObject({ status: 409, body: { error: 'Un compte existe déjà avec cette adresse e-mail.' } });
  });
});

describe('the invitation link', () => {
  it('opens the enrolment, refuses a weak password with its reason, and activates only with a second factor', async () => {
    const invited = await invite(someone());
    const token = tokenOf(invited.body.link);
    const opened = await open(token);
    expect(opened).toMatchObject({ status: 200, body: { data: { name: 'Luc Bernard', hasPassword: false, passkeys: [], hasTotp: false } } });
    expect(await step(token, 'mot-de-passe', { password: 'court' })).toMatchObject({ status: 400, body: { error: PASSWORD_TOO_SHORT } });
    expect(await step(token, 'mot-de-passe', { password: 'password1234' })).toMatchObject({
      status: 400,
      body: { error: 'Ce mot de passe est similaire à un mot de passe couramment utilisé.' },
    });
    expect((await step(token, 'mot-de-passe', { password: STRONG_PASSWORD })).body.data.hasPassword).toBe(true);
    const early = await step(token, 'fin');
    expect(early).toMatchObject({ status: 409, body: { error: 'Enregistrez une clé d’accès ou une application d’authentification avant d’activer le compte.' } });
    // A TOTP app: the QR code and the secret, confirmed by a code it makes.
    const totp = await step(token, 'totp');
    expect(totp.body.data.qrSvg).toMatch(/^<svg/);
    const code = new TOTP({ secret: Secret.fromBase32(totp.body.data.secret), digits: 6, period: 30 }).generate();
    expect((await step(token, 'totp-confirmation', { code: '000000' === code ? '111111' : '000000' })).status).toBe(400);
    expect((await step(token, 'totp-confirmation', { code })).body.data.hasTotp).toBe(true);
    const done = await step(token, 'fin');
    expect(done.status).toBe(200);
    const list = await call(team, '/api/equipe', { token: env.token });
    expect(list.body.data.find((account: { id: string }) => account.id === invited.body.data.id).state).toBe('actif');
  });

  it('enrols a passkey verified against a software authenticator; the used link then says so', async () => {
    const { token } = await activePerson();
    expect(await open(token)).toMatchObject({ status: 410, body: { error: INVITATION_USED } });
    expect(await step(token, 'mot-de-passe', { password: STRONG_PASSWORD })).toMatchObject({ status: 410, body: { error: INVITATION_USED } });
  });

  it('after 48 hours says the link expired', async () => {
    const invited = await invite(someone());
    const token = tokenOf(invited.body.link);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 48 * 3600_000 + 1000);
    expect(await open(token)).toMatchObject({ status: 410, body: { error: INVITATION_EXPIRED } });
  });

  it('the daily job deletes a link once expired', async () => {
    const invited = await invite(someone());
    const token = tokenOf(invited.body.link);
    expect((await purgeExpired(new Date(Date.now() + 47 * 3600_000))).team.invitations).toBe(0);
    expect((await open(token)).status).toBe(200);
    const report = await purgeExpired(new Date(Date.now() + 49 * 3600_000));
    expect(report.team.invitations).toBeGreaterThanOrEqual(1);
    expect(await open(token)).toMatchObject({ status: 404, body: { error: 'Ce lien d’invitation n’est pas valable.' } });
  });

  it('an unknown link and an unknown step are refused', async () => {
    expect(await open('inconnu-inconnu-inconnu')).toMatchObject({ status: 404, body: { error: 'Ce lien d’invitation n’est pas valable.' } });
    const invited = await invite(someone());
    expect((await step(tokenOf(invited.body.link), 'autre')).status).toBe(404);
  });
});

describe('the administrator’s changes', () => {
  it('change role and territories, disable and enable, each in the journal', async () => {
    const { id } = await activePerson();
    expect((await action(id, 'role', { role: 'commercial' })).body.data.role).toBe('commercial');
    expect((await action(id, 'role', { role: 'chef' })).status).toBe(400);
    expect((await action(id, 'territoires', { territories: ['guyane', 'martinique'] })).body.data.territories).toEqual(['guyane', 'martinique']);
    expect((await action(id, 'desactivation')).body.data.state).toBe('desactive');
    expect((await action(id, 'reactivation')).body.data.state).toBe('actif');
    expect((await action(id, 'second-facteur')).body.data).toMatchObject({ state: 'invite', passkeys: [], hasTotp: false });
    expect((await action(id, 'sessions')).status).toBe(200);
    const entries = (await journalPage(`?person=proprietaire&action=compte`)).body.entries.filter((entry: { subject?: { id: string } }) => entry.subject?.id === id);
    expect(entries.map((entry: { detail: string }) => entry.detail)).toEqual(
      // Shown in French typography: a no-break space before « : ».
      expect.arrayContaining(['Rôle\u00a0: Technicien → Commercial', 'Compte désactivé', 'Compte réactivé', 'Second facteur réinitialisé']),
    );
  });

  it('refuses to change the owner, or to disable the last active administrator', async () => {
    // Every account action on the owner answers 403, « Déconnecter toutes les sessions » included (the
    // owner ends their own sessions from « Mon compte »), and ends nothing.
    for (const ownerAction of ['desactivation', 'reactivation', 'role', 'territoires', 'second-facteur', 'sessions', 'invitation']) {
      expect(await action('proprietaire', ownerAction, { role: 'technicien', territories: ['martinique'] })).toMatchObject({ status: 403, body: { error: 'Le compte propriétaire se règle dans la configuration du site, pas ici.' } });
    }
    expect((await call(team, '/api/equipe', { token: env.token })).status).toBe(200);
    const { id } = await activePerson('administrateur');
    const list = (await call(team, '/api/equipe', { token: env.token })).body.data as Array<{ id: string; role: string; state: string }>;
    // Leave this administrator the only active one, then try to disable it.
    for (const other of list.filter((account) => account.id !== id && account.id !== 'proprietaire' && can(account.role, 'team.manage') && account.state === 'actif')) {
      await action(other.id, 'desactivation');
    }
    expect(await action(id, 'desactivation')).toMatchObject({ status: 409, body: { error: 'Impossible : ce compte est le dernier administrateur actif de l’équipe.' } });
    expect((await action('inconnu', 'desactivation')).status).toBe(404);
  });

  it('a new invitation link replaces the old one', async () => {
    const invited = await invite(someone());
    const again = await action(invited.body.data.id, 'invitation');
    expect(again.status).toBe(200);
    expect((await open(tokenOf(invited.body.link))).status).toBe(404);
    expect((await open(tokenOf(again.body.link))).status).toBe(200);
  });
});

describe('the journal', () => {
  it('records the invitation and the deletion of a request, filters by action and date, and exports CSV (itself journalled)', async () => {
    const person = someone('commercial', 'Rose Anaïs');
    await invite(person);
    const sent = await call(contactOnlyEmail, '/api/contact-only-email', { body: contactPayload({ email: `client-${people}@exemple.fr` }) });
    expect(sent.status).toBe(200);
    const requestId = sent.body.id as string;
    expect((await call(contactRequest, `/api/contact/${requestId}`, { method: 'DELETE', params: { id: requestId }, token: env.token })).status).toBe(200);

    const deletions = await journalPage('?action=suppression');
    expect(deletions.body.entries[0]).toMatchObject({ action: 'suppression', actor: { id: 'proprietaire', name: 'admin' }, subject: { kind: 'demande', id: requestId } });
    const accounts = await journalPage('?action=compte');
    expect(accounts.body.entries.some((entry: { detail: string; subject?: { label: string } }) => entry.subject?.label === 'Rose Anaïs' && entry.detail.startsWith('Invitation\u00a0: Commercial'))).toBe(true);
    expect((await journalPage('?from=2001-01-01&to=2001-01-02')).body.entries).toEqual([]);
    expect(await journalPage('?from=2026-02-02&to=2026-01-01')).toMatchObject({ status: 400, body: { error: 'La date de début doit précéder la date de fin.' } });
    expect(await journalPage('?action=vol')).toMatchObject({ status: 400, body: { error: 'Action inconnue.' } });

    const page = await journalPage('?action=compte');
    expect(page.body.entries.length).toBeGreaterThan(0);

    const response = await journalExport(new Request('http://localhost/api/journal/export?action=suppression', { headers: { authorization: `Bearer ${env.token}` } }), { params: {} } as never);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(csv.startsWith('\uFEFF"Date";"Action";"Personne"')).toBe(true);
    expect(csv).toContain(`Demande ${sent.body.reference} supprimée`);
    const exports = await journalPage('?action=export');
    expect(exports.body.entries[0]).toMatchObject({ action: 'export', actor: { id: 'proprietaire' } });
  });
});
