/**
 * The words and links the admin builds from a request: its reference, the reply e-mail, a phone link, a
 * line of its status history, the French names of its mails' kinds (their states: src/lib/mail-states.ts).
 */
import type { Actor, HistoryEntry } from '../contact/request';
import { territoryOf, type TerritoryId } from '../../lib/territories';
import { moment } from '../../records/moment';
import type { RequestMail } from './api';
import { statusLabel } from './status';

/** The reference shown for a request; older records have none. */
export const referenceOf = (request: { reference: string }): string => request.reference || 'Sans référence';

/** « Re : <subject> [DV-2026-00042] », the subject of the reply to a request. */
export function replySubject(request: { subject: string; reference: string; kind: 'contact' | 'devis' }): string {
  const subject = request.subject.trim() || (request.kind === 'devis' ? 'Votre demande de devis' : 'Votre demande de contact');
  return request.reference ? `Re\u00a0: ${subject} [${request.reference}]` : `Re\u00a0: ${subject}`;
}

/** A `mailto:` link that answers the visitor, subject filled in. */
export function replyMailto(request: { email: string; subject: string; reference: string; kind: 'contact' | 'devis' }): string {
  return `mailto:${encodeURIComponent(request.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(replySubject(request))}`;
}

/** A `tel:` link: the digits and a leading +. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * One line of a request's history in the request's territory's time, without who made it (historyAuthor): « Nouveau → En cours, le 21/11/2026
 * à 14:02 », « Territoire : Martinique → Guyane, le … », « Assignée à Marie Joseph, le … ».
 */
export function historyLine(change: HistoryEntry, territory: TerritoryId): string {
  const when = `le ${moment(change.at, territory)}`;
  if ('kind' in change && change.kind === 'territoire') return `Territoire : ${territoryOf(change.from).label} → ${territoryOf(change.to).label}, ${when}`;
  if ('kind' in change && change.kind === 'assignation') return `${change.to ? `Assignée à ${change.to.name}` : 'Plus assignée à personne'}, ${when}`;
  return `${statusLabel(change.from)} → ${statusLabel(change.to)}, ${when}${change.because ? ` : ${change.because}` : ''}`;
}

/** « par Marie Joseph », who made a change or wrote a note; '' for older lines and changes made by an event. */
export const historyAuthor = (entry: { by?: Actor }): string => (entry.by ? `par ${entry.by.name}` : '');

/** Who the e-mails of a request go to, in French; another kind of e-mail shows its id until named here. */
const MAIL_KIND_LABELS: Record<string, string> = {
  entreprise: 'Entreprise',
  visiteur: 'Visiteur',
};

/**
 * Who a mail goes to, in French: « Entreprise », « Visiteur », and a devis' e-mails (`devis-2`: version 2
 * sent to the customer; `devis-2-client` / `devis-2-entreprise`: the answer's confirmations).
 */
export function mailKindLabel(mail: Pick<RequestMail, 'kind'>): string {
  const devis = /^devis-(\d+)(?:-(client|entreprise))?$/.exec(mail.kind);
  if (!devis) return MAIL_KIND_LABELS[mail.kind] ?? mail.kind;
  return devis[2] === 'client' ? `Réponse au devis, version ${devis[1]} (client)` : devis[2] ? `Réponse au devis, version ${devis[1]} (entreprise)` : `Devis, version ${devis[1]}`;
}

/** The banner shown when e-mail cannot leave, naming the missing settings. */
export function mailBannerText(missing: readonly string[]): string {
  const what = missing.length === 0 ? 'un réglage manque' : `${missing.length > 1 ? 'il manque les variables' : 'il manque la variable'} ${missing.join(', ')}`;
  return `L’envoi des e-mails n’est pas configuré\u00a0: ${what}. Les demandes sont bien enregistrées, mais aucune notification n’est envoyée.`;
}
