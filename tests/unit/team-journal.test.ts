import { beforeEach, describe, expect, it } from 'vitest';
import { getStore } from '@netlify/blobs';
import { journalAddressText, journalFilterSchema, journalMoment, journalPageSchema } from '../../src/features/team/journal-entries.ts';
import { accountTerritory, journalRows, listJournal, purgeJournal, recordAccountChange, recordEvent } from '../../netlify/lib/team/journal.ts';
import { disableAccount } from '../../netlify/lib/team/accounts.ts';
import { purgeTeam } from '../../netlify/lib/team/retention.ts';
import { storeNames } from '../../netlify/lib/storage/storage.ts';
import { TEAM_OWNER, activeAccount, useTeamBlobs } from '../helpers/team.ts';

const blobs = useTeamBlobs();
const store = () => getStore({ name: storeNames.journal, consistency: 'strong' });
beforeEach(async () => {
  const { blobs: all } = await store().list();
  await Promise.all(all.map(({ key }) => store().delete(key)));
});

const marie = { id: '6f1c2a9e-0000-4000-8000-000000000001', name: 'Marie Joseph' };
const luc = { id: '6f1c2a9e-0000-4000-8000-000000000002', name: 'Luc Bernard' };
const at = (iso: string) => ({ now: new Date(iso) });

describe('recording events', () => {
  it('keeps who, what, when and the address of a failed sign-in', async () => {
    const entry = await recordEvent({ action: 'echec_connexion', address: '203.0.113.9', detail: 'Mot de passe incorrect pour « marie@exemple.fr »' }, at('2026-05-21T16:30:05.123Z'));
    expect(entry).toMatchObject({ at: '2026-05-21T16:30:05.123Z', action: 'echec_connexion', address: '203.0.113.9' });
    expect(entry.id).toMatch(/^2026-05-21\/123005123-[0-9a-f]+\.echec_connexion\.-$/);
    expect(await store().get(entry.id, { type: 'json' })).toEqual(entry);
  });

  it('one blob per event, even for events of the same millisecond: nothing is ever rewritten', async () => {
    const now = at('2026-05-21T10:00:00Z');
    const writes = () => blobs.operations.filter((operation) => operation.type === 'set' && operation.url.includes(storeNames.journal)).length;
    const before = writes();
    await Promise.all([1, 2, 3, 4, 5].map((n) => recordEvent({ action: 'connexion', actor: marie, detail: `Connexion ${n}` }, now)));
    expect((await store().list()).blobs).toHaveLength(5);
    expect(writes() - before).toBe(5);
  });
});

describe('account changes', () => {
  it("an account's last change goes to the journal with who made it and on whom", async () => {
    await activeAccount('administrateur', 'admin@exemple.fr');
    const account = await activeAccount('technicien', 't@exemple.fr');
    const disabled = await disableAccount(account.id, TEAM_OWNER);
    const entry = await recordAccountChange(disabled, at('2026-05-21T12:00:00Z'));
    expect(entry).toMatchObject({ action: 'compte', actor: TEAM_OWNER, subject: { kind: 'compte', id: account.id, label: 'Marie Joseph' }, detail: 'Compte désactivé' });
    expect((await listJournal({ person: TEAM_OWNER.id, action: 'compte' })).entries).toEqual([entry]);
  });
});

describe('reading the journal', () => {
  beforeEach(async () => {
    await recordEvent({ action: 'connexion', actor: marie, address: '203.0.113.1', detail: 'Connexion par clé d’accès' }, at('2026-05-01T08:00:00Z'));
    await recordEvent({ action: 'compte', actor: marie, subject: { kind: 'compte', id: luc.id, label: luc.name }, detail: 'Invitation : Technicien, Guyane' }, at('2026-05-01T08:05:00Z'));
    await recordEvent({ action: 'connexion', actor: luc, address: '203.0.113.2', detail: 'Connexion par mot de passe et code' }, at('2026-05-10T14:00:00Z'));
    await recordEvent({ action: 'suppression', actor: marie, subject: { kind: 'demande', id: 'r1', label: 'DV-2026-00042' }, detail: 'Demande supprimée' }, at('2026-05-12T09:00:00Z'));
    await recordEvent({ action: 'export', actor: marie, detail: 'Export du journal (CSV)' }, at('2026-05-20T17:45:00Z'));
  });

  it('lists newest first', async () => {
    const page = await listJournal();
    expect(page.entries.map((entry) => entry.at)).toEqual([
      '2026-05-20T17:45:00.000Z',
      '2026-05-12T09:00:00.000Z',
      '2026-05-10T14:00:00.000Z',
      '2026-05-01T08:05:00.000Z',
      '2026-05-01T08:00:00.000Z',
    ]);
    expect(page.nextCursor).toBeUndefined();
    expect(journalPageSchema.parse(page)).toEqual(page);
  });

  it('filters by person, by action and by dates (inclusive)', async () => {
    expect((await listJournal({ person: luc.id })).entries.map((entry) => entry.detail)).toEqual(['Connexion par mot de passe et code']);
    expect((await listJournal({ action: 'connexion' })).entries.map((entry) => entry.actor?.name)).toEqual(['Luc Bernard', 'Marie Joseph']);
    expect((await listJournal({ from: '2026-05-10', to: '2026-05-12' })).entries.map((entry) => entry.action)).toEqual(['suppression', 'connexion']);
    expect((await listJournal({ person: marie.id, action: 'compte', to: '2026-05-01' })).entries).toHaveLength(1);
  });

  it('pages through with a cursor, reading only the entries of the page', async () => {
    const before = blobs.operations.filter((operation) => operation.type === 'get').length;
    const first = await listJournal({}, { pageSize: 2 });
    expect(blobs.operations.filter((operation) => operation.type === 'get').length - before).toBe(2);
    expect(first.entries.map((entry) => entry.action)).toEqual(['export', 'suppression']);
    const second = await listJournal({ cursor: first.nextCursor }, { pageSize: 2 });
    expect(second.entries.map((entry) => entry.action)).toEqual(['connexion', 'compte']);
    const third = await listJournal({ cursor: second.nextCursor }, { pageSize: 2 });
    expect(third.entries.map((entry) => entry.detail)).toEqual(['Connexion par clé d’accès']);
    expect(third.nextCursor).toBeUndefined();
  });

  it('gives the rows of a CSV export with French headers and labels', async () => {
    const { entries } = await listJournal({ action: 'suppression' });
    expect(journalRows(entries)).toEqual([
      ['Date', 'Action', 'Personne', 'Objet', 'Adresse', 'Détail'],
      ['12/05/2026 à 05:00', 'Suppression', 'Marie Joseph', 'demande DV-2026-00042', '', 'Demande supprimée'],
    ]);
  });
});

describe('times in the zone of the record', () => {
  it('an event of a Guyane record is written in Cayenne time, named; one without a territory in Antilles time', async () => {
    const guyane = await recordEvent({ action: 'client', actor: marie, subject: { kind: 'société', id: 'c1', label: 'Boulangerie de Kourou (C-1)' }, detail: 'Personne ajoutée', territory: 'guyane' }, at('2026-11-27T03:34:00Z'));
    const antilles = await recordEvent({ action: 'connexion', actor: luc, detail: 'Connexion (mot de passe)' }, at('2026-11-27T03:34:00Z'));
    expect(journalMoment(guyane)).toBe('27/11/2026 à 00:34 (heure de Cayenne)');
    expect(journalMoment(antilles)).toBe('26/11/2026 à 23:34');
    expect(journalRows([guyane])[1]![0]).toBe('27/11/2026 à 00:34 (heure de Cayenne)');
    expect(journalPageSchema.parse({ entries: [guyane, antilles] }).entries[0]!.territory).toBe('guyane');
  });

  it('a staff account of one territory carries it; of several, none (Antilles time)', () => {
    expect(accountTerritory({ territories: ['guyane'] })).toEqual({ territory: 'guyane' });
    expect(accountTerritory({ territories: ['martinique', 'guyane'] })).toEqual({});
    expect(accountTerritory({})).toEqual({});
  });

  it('the address is said as a person reads it, never a raw /64', () => {
    expect(journalAddressText('0:0:0:0::/64')).toBe('depuis cet ordinateur (adresse locale)');
    expect(journalAddressText('127.0.0.1')).toBe('depuis cet ordinateur (adresse locale)');
    expect(journalAddressText('2001:db8:a:b::/64')).toBe('depuis le réseau IPv6 2001:db8:a:b\u2026');
    expect(journalAddressText('203.0.113.9')).toBe('depuis l’adresse IP 203.0.113.9');
    expect(journalAddressText(undefined)).toBe('');
  });
});

describe('days are Antilles days, as the back office shows them', () => {
  it('an event at 22:00 in the Antilles (02:00 UTC the next day) belongs to its Antilles day', async () => {
    await recordEvent({ action: 'export', actor: marie, detail: 'Export du soir' }, at('2026-05-22T02:00:00Z'));
    expect((await listJournal({ from: '2026-05-21', to: '2026-05-21' })).entries.map((entry) => entry.detail)).toEqual(['Export du soir']);
    expect((await listJournal({ from: '2026-05-22' })).entries).toEqual([]);
  });

  it('the evening after midnight UTC still sorts after the morning', async () => {
    await recordEvent({ action: 'connexion', actor: marie, detail: 'matin' }, at('2026-05-21T12:00:00Z'));
    await recordEvent({ action: 'connexion', actor: marie, detail: 'soir' }, at('2026-05-22T02:00:00Z'));
    expect((await listJournal()).entries.map((entry) => entry.detail)).toEqual(['soir', 'matin']);
  });
});

describe('the filters as the URL carries them', () => {
  it('bad filters are refused in French', () => {
    const issue = (input: unknown) => journalFilterSchema.safeParse(input).error?.issues[0]?.message;
    expect(issue({ action: 'lecture' })).toBe('Action inconnue.');
    expect(issue({ from: '21/05/2026' })).toBe('La date de début doit être une date (AAAA-MM-JJ).');
    expect(issue({ from: '2026-05-21', to: '2026-05-01' })).toBe('La date de début doit précéder la date de fin.');
    expect(journalFilterSchema.parse({ person: marie.id, action: 'export' })).toEqual({ person: marie.id, action: 'export' });
  });
});

describe('one year of journal', () => {
  it('the daily purge deletes the days older than a year and keeps the others', async () => {
    await recordEvent({ action: 'connexion', actor: marie, detail: 'ancienne' }, at('2025-05-20T23:59:00Z'));
    await recordEvent({ action: 'connexion', actor: marie, detail: 'ancienne aussi' }, at('2025-05-20T08:00:00Z'));
    // 20:00 in the Antilles, 20 May: still the old day.
    await recordEvent({ action: 'connexion', actor: marie, detail: 'ancienne le soir' }, at('2025-05-21T00:00:00Z'));
    // Midnight in the Antilles, 21 May.
    await recordEvent({ action: 'connexion', actor: marie, detail: 'gardée' }, at('2025-05-21T04:00:00Z'));
    await recordEvent({ action: 'connexion', actor: marie, detail: 'récente' }, at('2026-05-01T00:00:00Z'));
    expect(await purgeJournal(at('2026-05-21T12:00:00Z'))).toBe(3);
    expect((await listJournal()).entries.map((entry) => entry.detail)).toEqual(['récente', 'gardée']);
    expect(await purgeJournal(at('2026-05-21T12:00:00Z'))).toBe(0);
  });

  it("the daily job's team clean-up purges the journal, links and challenges in one call", async () => {
    await recordEvent({ action: 'connexion', actor: marie, detail: 'ancienne' }, at('2025-01-01T12:00:00Z'));
    expect(await purgeTeam(at('2026-05-21T12:00:00Z').now)).toEqual({ invitations: 0, challenges: 0, journal: 1, invitationMails: 0 });
  });
});
