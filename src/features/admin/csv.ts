/**
 * CSV export of the admin list, through the site's one CSV writer (lib/csv.ts: UTF-8 with a byte-order
 * mark, semicolons, CRLF line ends, formula-like text made inert), every cell quoted.
 */
import { csvDocument } from '../../lib/csv';
import { territoryOf } from '../../lib/territories';
import { localDay, moment } from '../../records/moment';
import { requestTerritory, type RequestSummary } from '../contact/request';
import { statusLabel } from './status';

/**
 * The columns of the export. The message is the list's excerpt (about 200 characters, « … » when cut),
 * titled so: an export of thousands of requests is built from the list pages, which never carry whole
 * messages (the request view and its e-mails do).
 */
const COLUMNS: ReadonlyArray<[string, (request: RequestSummary) => string]> = [
  ['Reçue le', (r) => moment(r.created_at, requestTerritory(r), { as: 'long' })],
  ['Type', (r) => (r.kind === 'devis' ? 'Devis' : 'Contact')],
  ['Statut', (r) => statusLabel(r.statut)],
  ['Nom', (r) => r.name],
  ['Entreprise', (r) => r.company],
  ['E-mail', (r) => r.email],
  ['Téléphone', (r) => r.phone],
  ['Code client', (r) => r.clientCode],
  ['Solution', (r) => r.subject],
  ['Échéance', (r) => r.delai],
  ['Territoire', (r) => territoryOf(requestTerritory(r)).label],
  ['Assigné à', (r) => r.assignedTo?.name ?? ''],
  ['Début du message', (r) => r.message],
  ['Modifiée le', (r) => moment(r.updated_at, requestTerritory(r), { as: 'long' })],
  ['Référence', (r) => r.reference],
  ['Identifiant', (r) => r.id],
];

/** The CSV text of a list of requests, with its header row: every cell quoted, formula-like text made inert (lib/csv.ts). */
export function requestsToCsv(requests: readonly RequestSummary[]): string {
  return csvDocument([COLUMNS.map(([title]) => title), ...requests.map((request) => COLUMNS.map(([, read]) => read(request)))], { quoteAll: true });
}

/** The file name of an export made on a date, its day in the head office's calendar: demandes-contact-2026-11-21.csv. */
export function csvFileName(now = new Date()): string {
  return `demandes-contact-${localDay(now)}.csv`;
}
