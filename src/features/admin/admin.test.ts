import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../lib/constants';
import { ADMIN_SESSION_MS } from '../../lib/lifetimes';
import { STATUSES } from '../../lib/statuses';
import type { ContactRequest } from '../contact/request';
import { pageUrl } from './api';
import { csvFileName, requestsToCsv } from './csv';
import { csvCell } from '../../lib/csv';
import { historyAuthor, historyLine, mailBannerText, replyMailto, replySubject } from './request-text';
import { isSessionValid, readSession, saveSession } from './session';
import { COUNTERS, FILTERS, statusLabel, statusTone } from './status';
import { DEFAULT_VIEW, readView, sameList, writeView } from './url-state';

const request = (overrides: Partial<ContactRequest>): ContactRequest => ({
  id: 'f1d2d2f9-0000-4000-8000-000000000001',
  reference: 'CT-2026-00001',
  kind: 'contact',
  name: 'Jean Dupont',
  email: 'jean@exemple.fr',
  phone: '+596 696 00 00 00',
  company: 'Boulangerie du Port',
  subject: 'Monétique',
  delai: '1 à 3 mois',
  message: 'Bonjour',
  clientCode: '',
  territory: '',
  notes: [],
  history: [],
  statut: 'nouveau',
  created_at: '2026-11-21T13:41:00.000Z',
  updated_at: '2026-11-21T13:41:00.000Z',
  mail_status: 'envoye',
  ...overrides,
});

/** A Storage in memory, as localStorage behaves. */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  };
}

describe('admin session', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  it('is valid with a token and a login time under 8 hours old', () => {
    expect(isSessionValid('t', String(now - ADMIN_SESSION_MS + 1000), now)).toBe(true);
  });
  it('expires after 8 hours', () => {
    expect(isSessionValid('t', String(now - ADMIN_SESSION_MS), now)).toBe(false);
  });
  it('needs both the token and the login time', () => {
    expect(isSessionValid(null, String(now), now)).toBe(false);
    expect(isSessionValid('t', null, now)).toBe(false);
    expect(isSessionValid('t', 'hier', now)).toBe(false);
  });
  it('an expired stored session is cleared on reading', () => {
    const storage = memoryStorage();
    saveSession(storage, 'jeton', now - ADMIN_SESSION_MS - 1);
    expect(readSession(storage, now)).toBeUndefined();
    expect(storage.getItem(STORAGE_KEYS.adminToken)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.adminLoginTime)).toBeNull();
  });
  it('a fresh session is read back under admin_token and admin_login_time', () => {
    const storage = memoryStorage();
    saveSession(storage, 'jeton', now);
    expect(storage.getItem('admin_token')).toBe('jeton');
    expect(storage.getItem('admin_login_time')).toBe(String(now));
    expect(readSession(storage, now + 1000)).toBe('jeton');
  });
});

describe('admin filters and counters come from the one table of statuses', () => {
  it('« Tous » comes first, then one filter per status offered as a filter, by its plural label', () => {
    expect(FILTERS[0]).toEqual({ value: '', label: 'Tous' });
    expect(FILTERS.slice(1)).toEqual(STATUSES.filter((s) => s.filter).map((s) => ({ value: s.value, label: s.plural })));
    expect(FILTERS.map((f) => f.label)).toEqual(['Tous', 'Nouveaux', 'En cours', 'Traités', 'Archivés']);
  });
  it('« Total » comes first, then one counter per counted status, with its tone', () => {
    expect(COUNTERS.map((c) => c.label)).toEqual(['Total', 'Nouveaux', 'En cours', 'Traités', 'Archivés']);
    expect(COUNTERS.slice(1).map((c) => [c.key, c.tone])).toEqual(STATUSES.filter((s) => s.counted).map((s) => [s.value, s.tone]));
  });
  it('badges and options read the label and tone of the table', () => {
    for (const status of STATUSES) {
      expect(statusLabel(status.value)).toBe(status.label);
      expect(statusTone(status.value)).toBe(status.tone);
    }
  });
});

describe('the view kept in the URL', () => {
  it('reads filter, search, page and open request', () => {
    expect(readView('?statut=en_cours&q=dupont&page=3&demande=abc')).toEqual({ statut: 'en_cours', devis: '', territoire: 'mes', mine: false, q: 'dupont', page: 3, demande: 'abc' });
    expect(readView('?devis=accepte').devis).toBe('accepte');
    expect(readView('?devis=inconnu').devis).toBe('');
  });
  it('reads the territory filter and « Mes dossiers »; an unknown territory reads as « Mes territoires »', () => {
    expect(readView('?territoire=guyane&dossiers=miens')).toMatchObject({ territoire: 'guyane', mine: true });
    expect(readView('?territoire=tous').territoire).toBe('tous');
    expect(readView('?territoire=france&dossiers=autres')).toMatchObject({ territoire: 'mes', mine: false });
  });
  it('falls back to the default for what it cannot read', () => {
    expect(readView('')).toEqual(DEFAULT_VIEW);
    expect(readView('?statut=inconnu&page=-2')).toEqual(DEFAULT_VIEW);
    expect(readView('?page=1.5').page).toBe(1);
    expect(readView('?page=abc').page).toBe(1);
  });
  it('writes only what differs from the default, and reads back the same view', () => {
    expect(writeView(DEFAULT_VIEW)).toBe('');
    const view = { statut: 'traite', devis: 'refuse', territoire: 'guadeloupe', mine: true, q: 'Énergie & co', page: 2, demande: '' } as const;
    expect(writeView(view)).toBe('?statut=traite&devis=refuse&territoire=guadeloupe&dossiers=miens&q=%C3%89nergie+%26+co&page=2');
    expect(readView(writeView(view))).toEqual(view);
  });
  it('a search of spaces is no search', () => {
    expect(writeView({ ...DEFAULT_VIEW, q: '   ' })).toBe('');
  });
  it('opening a request does not change the list shown', () => {
    expect(sameList({ ...DEFAULT_VIEW, page: 2 }, { ...DEFAULT_VIEW, page: 2, demande: 'x' })).toBe(true);
    expect(sameList(DEFAULT_VIEW, { ...DEFAULT_VIEW, page: 2 })).toBe(false);
    expect(sameList(DEFAULT_VIEW, { ...DEFAULT_VIEW, statut: 'nouveau' })).toBe(false);
    expect(sameList(DEFAULT_VIEW, { ...DEFAULT_VIEW, devis: 'envoye' })).toBe(false);
    expect(sameList(DEFAULT_VIEW, { ...DEFAULT_VIEW, territoire: 'tous' })).toBe(false);
    expect(sameList(DEFAULT_VIEW, { ...DEFAULT_VIEW, mine: true })).toBe(false);
  });
});

describe('list calls', () => {
  it('ask for the filter, the trimmed search, the cursor and the size, and nothing else', () => {
    expect(pageUrl({ statut: '', q: '' })).toBe('/api/contact');
    expect(pageUrl({ statut: 'archive', q: ' René ', cursor: 'c1', limit: 100 })).toBe('/api/contact?statut=archive&q=Ren%C3%A9&cursor=c1&limit=100');
    expect(pageUrl({ statut: '', q: '', territoire: 'mes', mine: false })).toBe('/api/contact');
    expect(pageUrl({ statut: '', q: '', territoire: 'guyane', mine: true })).toBe('/api/contact?territoire=guyane&dossiers=miens');
  });
});

describe('the request view', () => {
  it('a history line names both statuses and the moment, in Antilles time', () => {
    expect(historyLine({ from: 'nouveau', to: 'en_cours', at: '2026-11-21T18:02:00.000Z' }, 'martinique')).toBe('Nouveau → En cours, le 21/11/2026 à 14:02');
  });
  it('a Guyane request’s history line is in Cayenne’s time, the zone named', () => {
    expect(historyLine({ from: 'nouveau', to: 'en_cours', at: '2026-11-21T18:02:00.000Z' }, 'guyane')).toBe('Nouveau → En cours, le 21/11/2026 à 15:02 (heure de Cayenne)');
  });
  it('a history line says who made the change; older lines without anyone show as before', () => {
    const by = { id: 'a1', name: 'Marie Joseph' };
    expect(historyAuthor({ by })).toBe('par Marie Joseph');
    expect(historyAuthor({})).toBe('');
    expect(historyLine({ kind: 'territoire', from: 'martinique', to: 'guyane', at: '2026-11-21T18:02:00.000Z', by }, 'martinique')).toBe('Territoire\u00a0: Martinique → Guyane, le 21/11/2026 à 14:02');
    expect(historyLine({ kind: 'assignation', to: by, at: '2026-11-21T18:02:00.000Z', by }, 'martinique')).toBe('Assignée à Marie Joseph, le 21/11/2026 à 14:02');
    expect(historyLine({ kind: 'assignation', to: null, at: '2026-11-21T18:02:00.000Z', by }, 'martinique')).toBe('Plus assignée à personne, le 21/11/2026 à 14:02');
  });
  it('the reply has « Re : », the subject and the reference', () => {
    expect(replySubject(request({ subject: 'Monétique', reference: 'CT-2026-00001' }))).toBe('Re\u00a0: Monétique [CT-2026-00001]');
    expect(replySubject(request({ kind: 'devis', subject: '', reference: '' }))).toBe('Re\u00a0: Votre demande de devis');
    const link = replyMailto(request({ subject: 'Monétique', reference: 'CT-2026-00001' }));
    expect(link.startsWith('mailto:jean@exemple.fr?subject=')).toBe(true);
    expect(decodeURIComponent(link.split('subject=')[1]!)).toBe('Re\u00a0: Monétique [CT-2026-00001]');
  });
  it('the mail banner names what is missing', () => {
    expect(mailBannerText(['POSTMARK_SERVER_TOKEN'])).toContain('L’envoi des e-mails n’est pas configuré\u00a0: il manque la variable POSTMARK_SERVER_TOKEN.');
    expect(mailBannerText(['A', 'B'])).toContain('il manque les variables A, B.');
  });
});

describe('CSV export', () => {
  it('starts with a byte-order mark, separates with semicolons and ends lines with CRLF', () => {
    const csv = requestsToCsv([request({})]);
    expect(csv.startsWith('\uFEFF"Reçue le";"Type";"Statut";"Nom"')).toBe(true);
    expect(csv.split('\r\n')).toHaveLength(3);
    expect(csv).toContain('"Contact";"Nouveau";"Jean Dupont";"Boulangerie du Port"');
    expect(csv.replace(/\u202f|\u00a0/g, ' ')).toContain('"21 novembre 2026 à 09:41"');
  });
  it('names the file after the head office’s day, not UTC’s (21:30 in Martinique is already the next day in UTC)', () => {
    expect(csvFileName(new Date('2026-11-22T01:30:00.000Z'))).toBe('demandes-contact-2026-11-21.csv');
  });
  it('writes a Guyane request’s moments in Cayenne’s time, the zone named', () => {
    const csv = requestsToCsv([request({ territory: 'guyane' })]);
    expect(csv).toContain('"21 novembre 2026 à 10:41 (heure de Cayenne)"');
  });
  it('quotes are doubled and line breaks stay inside the cell', () => {
    expect(csvCell('Il a dit "bonjour"\nà tous')).toBe('"Il a dit ""bonjour""\nà tous"');
  });
  it('text a spreadsheet would run as a formula is made inert, phone numbers are left alone', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell('@SUM(A1)')).toBe('"\'@SUM(A1)"');
    expect(csvCell('-2+3')).toBe('"\'-2+3"');
    expect(csvCell('+596 696 00 00 00')).toBe('"+596 696 00 00 00"');
  });
  it('a quote reads as « Devis », with its territory', () => {
    expect(requestsToCsv([request({ kind: 'devis', territory: 'guyane' })])).toContain('"Devis"');
    expect(requestsToCsv([request({ kind: 'devis', territory: 'guyane' })])).toContain('"Guyane"');
  });
  it('carries the reference and the status label of the table', () => {
    const [header, row] = requestsToCsv([request({ statut: 'archive' })]).split('\r\n');
    const titles = header!.replace('\uFEFF', '').split(';');
    const cells = row!.split(';');
    expect(cells[titles.indexOf('"Référence"')]).toBe('"CT-2026-00001"');
    expect(cells[titles.indexOf('"Statut"')]).toBe('"Archivé"');
  });
});
