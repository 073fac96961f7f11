/**
 * Sending a devis and recording the customer's answer: the two moments that make a PDF, each once, kept
 * as proof (DevisVersion.document, DevisAnswer.document; the sent one's SHA-256 is the version's
 * fingerprint). Only the functions that make or serve a PDF import this module; the records live in
 * devis-records.ts, the links in devis-links.ts, the completion and its repair in devis-completion.ts
 * (whose header gives the order of writes that makes both crash-safe).
 *
 * - Sending freezes the draft as a new version numbered from the request's reference (DV-2026-00042, then
 *   -2, -3…); the version it follows, if still awaiting an answer, is replaced and its link stops working.
 *   No version is sent after an acceptance until the administrator voids it (devis-admin.ts).
 * - An answer (accept with name and role, or refuse with an optional reason) is recorded once, with the
 *   address it came from; the same answer sent again is answered with the recorded result.
 */
import { createHash, randomUUID } from 'node:crypto';
import { formatCents } from '../../../src/lib/price.ts';
import {
  devisNumber,
  devisTotals,
  expiresAt,
  formatDay,
  validUntilDay,
  type AnswerInput,
  type DevisAnswer,
  type DevisCustomer,
  type DevisDraft,
  type DevisVersion,
} from '../../../src/features/devis/devis.ts';
import type { ContactRequest } from '../../../src/features/contact/request.ts';
import { Refusal } from '../http/refusal.ts';
import { fingerprintOf } from '../storage/idempotency.ts';
import { storeNames, updateJSON } from '../storage/storage.ts';
import { completeAndSend, dropIntent, pendingIntents, writeIntent, type DevisIntent } from './devis-completion.ts';
import { devisLink, openLink, type LinkRefusal } from './devis-links.ts';
import { renderDevisPdf } from './devis-pdf.ts';
import { changeVersion, documentKey, getDevis, keepDocument, linkIdOf, readDocument, servedDocumentKey, type DevisRecord } from './devis-records.ts';

type Env = Record<string, string | undefined>;

const customerOf = (request: ContactRequest): DevisCustomer => ({
  name: request.name,
  company: request.company,
  email: request.email,
  phone: request.phone,
  clientCode: request.clientCode,
});

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** Makes a version's PDF once and keeps it; returns its key and fingerprint. */
async function makeDocument(version: DevisVersion, key: string): Promise<{ key: string; sha256: string }> {
  const pdf = await renderDevisPdf(version);
  await keepDocument(key, pdf);
  return { key, sha256: sha256(pdf) };
}

/** Whether a record has an acceptance still standing (no new version may be sent). */
export const standingAcceptance = (record: DevisRecord | undefined): DevisVersion | undefined => record?.versions.find((version) => version.state === 'accepte');

/** Completes a version's send or answer now if a stopped function left it half-done (a retry found it recorded). */
async function completeIfPending(requestId: string, version: DevisVersion, kind: DevisIntent['kind'], now: Date, env: Env): Promise<void> {
  for (const intent of await pendingIntents(requestId, linkIdOf(version), kind)) await completeAndSend(intent, now, env);
}

/** What a send did: the version (new, or the one a retry with the same key had recorded), or why nothing was sent. */
export type SendOutcome = { ok: true; version: DevisVersion; link: string; record: DevisRecord } | { ok: false; reason: 'accepte'; number: string };

/** Options of a send. */
export interface SendOptions {
  now?: Date;
  env?: Env;
  /** The site's own address, for the link (siteAddress). */
  site: string;
  /** The editor's idempotency key: a retry of the same send answers the version it recorded; the key with another draft is refused. */
  sendKey?: string;
}

/**
 * The version a send's key was recorded with, if any: a retry of the same send (the same draft) answers it;
 * `other` when the key comes again with another draft, which is refused (422), nothing sent — answering the
 * first version would tell the editor their new devis went out.
 */
function versionOfKey(record: DevisRecord | undefined, sendKey: string | undefined, draft: DevisDraft): DevisVersion | 'other' | undefined {
  const version = sendKey ? record?.versions.find((candidate) => candidate.sendKey === sendKey) : undefined;
  if (version && fingerprintOf(SEND_ENDPOINT, version.draft) !== fingerprintOf(SEND_ENDPOINT, draft)) return 'other';
  return version;
}

/** The name a send's draft is fingerprinted under. */
const SEND_ENDPOINT = 'devis-envoi';

/**
 * Sends a devis: freezes the draft as a new version (the previous one, if still awaiting an answer, is
 * replaced: its link stops working), makes its PDF once, records it, then e-mails the customer the PDF and
 * the link (devis-completion.ts). Refused while an acceptance stands.
 */
export async function sendDevis(request: ContactRequest, draft: DevisDraft, { now = new Date(), env = process.env, site, sendKey }: SendOptions): Promise<SendOutcome> {
  const answerOf = async (record: DevisRecord, version: DevisVersion): Promise<SendOutcome> => ({ ok: true, version, record, link: await devisLink(site, request.id, version, env) });
  const before = await getDevis(request.id);
  const retried = versionOfKey(before, sendKey, draft);
  if (retried === 'other') throw new Refusal('devis_send_key_other_draft');
  if (retried) {
    await completeIfPending(request.id, retried, 'envoi', now, env);
    return answerOf(before!, retried);
  }
  const accepted = standingAcceptance(before);
  if (accepted) return { ok: false, reason: 'accepte', number: accepted.number };

  const at = now.toISOString();
  const linkId = randomUUID();
  const intent: DevisIntent = { kind: 'envoi', requestId: request.id, linkId, documentKey: documentKey(request.id, linkId, 'envoi'), site, createdAt: at };
  await writeIntent(intent);
  let versions = before?.versions.length ?? 0;
  // A concurrent send may take the number meanwhile: then the document is made again with the next one.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const number = versions + 1;
    const frozen: DevisVersion = {
      version: number,
      number: devisNumber(request.reference || request.id.slice(0, 8), number),
      draft,
      customer: customerOf(request),
      sentAt: at,
      validUntil: validUntilDay(now, draft.validityDays),
      state: 'envoye',
      linkId,
      ...(sendKey ? { sendKey } : {}),
    };
    const version: DevisVersion = { ...frozen, document: await makeDocument(frozen, intent.documentKey) };
    type Written = { kind: 'sent'; record: DevisRecord } | { kind: 'retried'; record: DevisRecord; version: DevisVersion } | { kind: 'other-draft' } | { kind: 'accepte'; number: string } | { kind: 'renumber'; versions: number };
    const written = await updateJSON<DevisRecord, Written>(storeNames.devis, request.id, (current) => {
      const base = current ?? { requestId: request.id, versions: [], events: [] };
      const same = versionOfKey(base, sendKey, draft);
      if (same === 'other') return { result: { kind: 'other-draft' } };
      if (same) return { result: { kind: 'retried', record: base, version: same } };
      const standing = standingAcceptance(base);
      if (standing) return { result: { kind: 'accepte', number: standing.number } };
      if (base.versions.length + 1 !== number) return { result: { kind: 'renumber', versions: base.versions.length } };
      const events = [...base.events];
      const previous = base.versions.map((candidate) => {
        if (candidate.state !== 'envoye') return candidate;
        events.push({ at, text: `Devis ${candidate.number} remplacé par ${version.number} : son lien ne fonctionne plus.` });
        return { ...candidate, state: 'remplace' as const, closedAt: at };
      });
      const total = formatCents(devisTotals(draft).totalTTCCents);
      events.push({ at, text: `Devis ${version.number} envoyé à ${request.email} (${total} TTC, valable jusqu’au ${formatDay(version.validUntil)}).` });
      const value: DevisRecord = { ...base, draft, draftSavedAt: at, versions: [...previous, version], events };
      return { value, result: { kind: 'sent', record: value } };
    });
    if (written.kind === 'renumber') {
      versions = written.versions;
      continue;
    }
    if (written.kind !== 'sent') await dropIntent(intent);
    if (written.kind === 'accepte') return { ok: false, reason: 'accepte', number: written.number };
    if (written.kind === 'other-draft') throw new Refusal('devis_send_key_other_draft');
    if (written.kind === 'retried') return answerOf(written.record, written.version);
    await completeAndSend(intent, now, env);
    return answerOf(written.record, version);
  }
  await dropIntent(intent);
  throw new Error(`devis: request ${request.id} kept getting new versions; nothing sent`);
}

// ---- The customer's answer ----

/** Whether a recorded answer is this one (a retry of the same answer gets the same result). */
const sameAnswer = (recorded: DevisAnswer, answer: AnswerInput): boolean =>
  recorded.decision === 'accepte'
    ? answer.decision === 'accepte' && recorded.name === answer.name && recorded.role === answer.role
    : answer.decision === 'refuse' && recorded.reason === answer.reason;

/** What an answer did. */
export type AnswerOutcome = { ok: true; version: DevisVersion } | { ok: false; reason: LinkRefusal; number?: string };

/** Where an answer comes from: the address, the site, and the person when it was given from the customers' space. */
export interface AnswerOrigin {
  now?: Date;
  env?: Env;
  ip?: string;
  site: string;
  space?: DevisAnswer['space'];
}

/** Records the answer given through a devis' link (the link must open the version: see openLink). */
export async function answerDevis(token: string, answer: AnswerInput, origin: AnswerOrigin): Promise<AnswerOutcome> {
  const opening = await openLink(token, origin.now, origin.env);
  if (!opening.ok) return opening;
  return recordAnswer(opening.requestId, opening.version, answer, origin);
}

/**
 * Records a customer's answer, once, for the link and the customers' space alike (the caller found the
 * version: its link opened it, or it belongs to the signed-in company): the version must be the current
 * one, awaiting an answer and still valid. The answered PDF (the sent one with its « Bon pour accord »
 * block filled: who, when, from which address, from the space or the link, the sent document's
 * fingerprint) is made once and kept; then the request is marked « Traité » after an acceptance and both
 * sides get their e-mails. The same answer again gets the same result.
 */
export async function recordAnswer(requestId: string, version: DevisVersion, answer: AnswerInput, { now = new Date(), env = process.env, ip = '', site, space }: AnswerOrigin): Promise<AnswerOutcome> {
  const recorded = (candidate: DevisVersion): AnswerOutcome | undefined => {
    if (!candidate.answer) return undefined;
    if (candidate.state === 'accepte' || candidate.state === 'refuse') {
      if (sameAnswer(candidate.answer, answer)) return { ok: true, version: candidate };
    }
    return { ok: false, reason: 'repondu', number: candidate.number };
  };
  const known = recorded(version);
  if (known) {
    if (known.ok) await completeIfPending(requestId, version, 'reponse', now, env);
    return known;
  }
  if (version.state === 'remplace') return { ok: false, reason: 'remplace', number: version.number };
  if (version.state !== 'envoye' || now > expiresAt(version.validUntil)) return { ok: false, reason: 'expire', number: version.number };

  const at = now.toISOString();
  const linkId = linkIdOf(version);
  const intent: DevisIntent = { kind: 'reponse', requestId, linkId, documentKey: documentKey(requestId, `${linkId}-${randomUUID().slice(0, 8)}`, 'reponse'), site, createdAt: at };
  const from = space ? { space } : {};
  const given: DevisAnswer =
    answer.decision === 'accepte' ? { decision: 'accepte', name: answer.name, role: answer.role, at, ip, ...from } : { decision: 'refuse', reason: answer.reason, at, ip, ...from };
  await writeIntent(intent);
  const answered: DevisVersion = { ...version, state: given.decision, answer: given };
  const document = await makeDocument(answered, intent.documentKey);
  const where = space ? ` dans l’espace client (session de ${space.personName})` : ' en ligne';
  const text =
    given.decision === 'accepte'
      ? `Devis ${version.number} accepté${where} par ${given.name} (${given.role}), « Bon pour accord », depuis l’adresse ${ip || 'non communiquée'}.`
      : `Devis ${version.number} refusé${where}${given.reason ? ` : « ${given.reason} »` : ' (sans motif)'}.`;
  const outcome = await changeVersion<AnswerOutcome & { written?: boolean }>(
    requestId,
    version.version,
    (current) => {
      const already = recorded(current);
      if (already) return { result: already };
      if (current.state !== 'envoye') return { result: { ok: false, reason: current.state === 'remplace' ? 'remplace' : 'expire', number: current.number } };
      const value: DevisVersion = { ...current, state: given.decision, answer: { ...given, document } };
      return { version: value, event: { at, text }, result: { ok: true, version: value, written: true } };
    },
    { ok: false, reason: 'introuvable' },
  );
  if (!outcome.ok || !outcome.written) {
    await dropIntent(intent);
    if (outcome.ok) await completeIfPending(requestId, outcome.version, 'reponse', now, env);
    return outcome.ok ? { ok: true, version: outcome.version } : outcome;
  }
  await completeAndSend(intent, now, env);
  return { ok: true, version: outcome.version };
}

// ---- Serving ----

/**
 * The PDF the link and the admin serve for a version: the answered document once there is one, else the
 * sent one — both kept, never rendered again. Only a version sent before documents were kept is rendered.
 */
export async function servedPdf(version: DevisVersion): Promise<Buffer> {
  const key = servedDocumentKey(version);
  const kept = key ? await readDocument(key) : undefined;
  return kept ?? renderDevisPdf(version);
}
