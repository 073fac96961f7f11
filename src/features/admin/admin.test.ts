import { describe, expect, it } from 'vitest';
import { ADMIN_SESSION_MS, STORAGE_KEYS } from '../../lib/constants';
import type { ContactRequest } from '../contact/request';
import { csvCell, requestsToCsv } from './csv';
import { isSessionValid, readSession, saveSession } from './session';
import { countRequests, filterRequests } from './status';

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

describe('admin filters and counters', () => {
  const list = [
    request({ statut: 'nouveau' }),
    request({ statut: 'nouveau' }),
    request({ statut: 'en_cours' }),
    request({ statut: 'traite' }),
    request({ statut: 'archive' }),
  ];
  it('« Tous » shows every request, archived ones included', () => {
    expect(filterRequests(list, 'tous')).toHaveLength(5);
  });
  it('a status filter shows only that status', () => {
    expect(filterRequests(list, 'archive').map((r) => r.statut)).toEqual(['archive']);
  });
  it('the counters count all requests', () => {
    expect(countRequests(list)).toEqual({ total: 5, nouveau: 2, en_cours: 1, traite: 1 });
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
  it('quotes are doubled and line breaks stay inside the cell', () => {
    expect(csvCell('Il a dit "bonjour"\nà tous')).toBe('"Il a dit ""bonjour""\nà tous"');
  });
  it('text a spreadsheet would run as a formula is made inert, phone numbers are left alone', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell('@SUM(A1)')).toBe('"\'@SUM(A1)"');
    expect(csvCell('-2+3')).toBe('"\'-2+3"');
    expect(csvCell('+596 696 00 00 00')).toBe('"+596 696 00 00 00"');
  });
  it('a quote reads as « Devis »', () => {
    expect(requestsToCsv([request({ kind: 'devis' })])).toContain('"Devis"');
  });
});
