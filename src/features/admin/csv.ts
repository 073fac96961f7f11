/**
 * CSV export of the admin list, for a French spreadsheet: UTF-8 with a byte-order mark (so Excel reads
 * the accents), semicolons (the French list separator), CRLF line ends, every cell quoted.
 */
import { formatDateTimeFr } from '../../lib/format';
import { territoryOf } from '../../lib/taxes';
import type { RequestSummary } from '../contact/request';
import { statusLabel } from './status';

/**
 * The columns of the export. The message is the list's excerpt (about 200 characters, « … » when cut),
 * titled so: an export of thousands of requests is built from the list pages, which never carry whole
 * messages (the request view and its e-mails do).
 */
const COLUMNS: ReadonlyArray<[string, (request: RequestSummary) => string]> = [
  ['Reçue le', (r) => formatDateTimeFr(r.created_at)],
  ['Type', (r) => (r.kind === 'devis' ? 'Devis' : 'Contact')],
  ['Statut', (r) => statusLabel(r.statut)],
  ['Nom', (r) => r.name],
  ['Entreprise', (r) => r.company],
  ['Email', (r) => r.email],
  ['Téléphone', (r) => r.phone],
  ['Code client', (r) => r.clientCode],
  ['Solution', (r) => r.subject],
  ['Échéance', (r) => r.delai],
  ['Livraison', (r) => (r.territory ? territoryOf(r.territory).label : '')],
  ['Début du message', (r) => r.message],
  ['Modifiée le', (r) => formatDateTimeFr(r.updated_at)],
  ['Référence', (r) => r.reference],
  ['Identifiant', (r) => r.id],
];

/**
 * One cell: quoted, quotes doubled, and text a spreadsheet would run as a formula (=, +, -, @ at the
 * start) made inert with a leading apostrophe, except plain phone numbers such as +596 696 00 00 00.
 */
export function csvCell(value: string): string {
  const formulaLike = /^[=@\t\r]/.test(value) || (/^[+-]/.test(value) && !/^[+-][\d\s().]+$/.test(value));
  const safe = formulaLike ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The CSV text of a list of requests, with its header row and byte-order mark. */
export function requestsToCsv(requests: readonly RequestSummary[]): string {
  const rows = [COLUMNS.map(([title]) => csvCell(title)).join(';'), ...requests.map((request) => COLUMNS.map(([, read]) => csvCell(read(request))).join(';'))];
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}

/** The file name of an export made on a date: demandes-contact-2026-11-21.csv. */
export function csvFileName(now = new Date()): string {
  return `demandes-contact-${now.toISOString().slice(0, 10)}.csv`;
}
