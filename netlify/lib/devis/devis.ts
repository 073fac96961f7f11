/**
 * The devis of a quote request over Netlify Blobs: one blob per request (its draft, its sent versions and
 * their events), every change a conditional write (`updateJSON`), and one index blob of the last version's
 * state per request, which the inbox filter, the counters and the daily expiry read.
 *
 * - Sending freezes the draft as a new version numbered from the request's reference (DV-2026-00042, then
 *   -2, -3…); the version it follows, if still awaiting an answer, is replaced and its link stops working.
 * - The customer's link carries a token signed with jose (its own audience, one version, expiring with
 *   the devis); the answer (accept with name and role, or refuse with an optional reason) is recorded once.
 * - The devis e-mail (PDF attached, personal link) and the answer's two e-mails go through the outbox.
 */
import { SignJWT, errors, jwtVerify } from 'jose';
import type { DevisState } from '../../../src/lib/devis-states.ts';
import { devisStateOf, isDevisState } from '../../../src/lib/devis-states.ts';
import { devisPagePath } from '../../../src/lib/paths.ts';
import { toCents } from '../../../src/lib/price.ts';
import { formatCents } from '../../../src/lib/price.ts';
import {
  devisNumber,
  devisTotals,
  expiresAt,
  formatDay,
  newDraft,
  validUntilDay,
  type AnswerInput,
  type DevisCustomer,
  type DevisDraft,
  type DevisLine,
  type DevisVersion,
} from '../../../src/features/devis/devis.ts';
import { requestedLines } from '../../../src/features/quote/quote.ts';
import { findProductByReference } from '../catalogue/catalogue-search.ts';
import { answerMails, devisMail } from './devis-mail.ts';
import { renderDevisPdf } from './devis-pdf.ts';
import { deliverMail, enqueueMails } from '../mail/outbox.ts';
import type { ContactRequest } from '../../../src/features/contact/request.ts';
import { touchRequest } from '../requests/requests.ts';
import { siteUrl } from '../env.ts';
import { storeNames, strongStore, updateJSON } from '../storage/storage.ts';
import type { Mail } from '../mail/mail.ts';

type Env = Record<string, string | undefined>;

/** One event of a request's devis, shown in its history. */
export interface DevisEvent {
  at: string;
  text: string;
}

/** Everything about the devis of one request. */
export interface DevisRecord {
  requestId: string;
  /** The editor's saved work, or the last version sent. */
  draft?: DevisDraft;
  draftSavedAt?: string;
  /** Sent versions, oldest first. */
  versions: DevisVersion[];
  events: DevisEvent[];
}

/** The index entry of a request: its last version. */
export interface DevisIndexEntry {
  version: number;
  number: string;
  state: DevisState;
  validUntil: string;
}

export type DevisIndex = Record<string, DevisIndexEntry>;

const INDEX_KEY = 'etats';
const store = () => strongStore(storeNames.devis);

/** The audience of a devis link's token: an admin token is never a devis link, nor the reverse. */
export const DEVIS_TOKEN_AUDIENCE = 'vision-caraibes-devis';
const DEVIS_TOKEN_ISSUER = 'vision-caraibes-api';

/** The devis of a request, or undefined when none was prepared. */
export async function getDevis(requestId: string): Promise<DevisRecord | undefined> {
  return ((await store().get(requestId, { type: 'json' })) as DevisRecord | null) ?? undefined;
}

/** The last sent version. */
export const lastVersion = (record: DevisRecord | undefined): DevisVersion | undefined => record?.versions.at(-1);

/**
 * The draft the editor starts from when nothing was saved: the request's lines with today's catalogue
 * designation and price HT (the price the request stated when the product left the catalogue), the
 * request's territory, the store's shipping rule, the default validity and conditions.
 */
export function startingDraft(request: ContactRequest): DevisDraft {
  const lines: DevisLine[] = requestedLines(request.message).map((line) => {
    const product = findProductByReference(line.reference);
    return {
      reference: line.reference,
      designation: product?.name ?? line.name,
      quantity: line.quantity,
      unitPriceHTCents: product ? toCents(product.priceHT) : line.unitPriceHTCents,
      discountBasisPoints: 0,
    };
  });
  return newDraft(lines, request.territory);
}

/** Saves the editor's draft (validated by the caller). */
export async function saveDraft(requestId: string, draft: DevisDraft, now = new Date()): Promise<DevisRecord> {
  const record = await updateJSON<DevisRecord, DevisRecord>(storeNames.devis, requestId, (current) => {
    const value: DevisRecord = { ...(current ?? { requestId, versions: [], events: [] }), draft, draftSavedAt: now.toISOString() };
    return { value, result: value };
  });
  // Work on a devis is a change of its request (the retention clock restarts).
  await touchRequest(requestId, now);
  return record;
}

async function setIndex(requestId: string, version: DevisVersion): Promise<void> {
  const entry: DevisIndexEntry = { version: version.version, number: version.number, state: version.state, validUntil: version.validUntil };
  await updateJSON<DevisIndex, void>(storeNames.devisIndex, INDEX_KEY, (index) => ({ value: { ...index, [requestId]: entry }, result: undefined }));
}

/** The index: each request's last version and its state. */
export async function readDevisIndex(): Promise<DevisIndex> {
  return ((await strongStore(storeNames.devisIndex).get(INDEX_KEY, { type: 'json' })) as DevisIndex | null) ?? {};
}

/** How many requests have their last devis in each state. */
export function countDevisStates(index: DevisIndex): Record<DevisState, number> {
  const counts = { envoye: 0, accepte: 0, refuse: 0, expire: 0, remplace: 0 } as Record<DevisState, number>;
  for (const entry of Object.values(index)) if (isDevisState(entry.state)) counts[entry.state] += 1;
  return counts;
}

/** Erases a request's devis and its index entry (the request is being deleted). */
export async function deleteDevis(requestId: string): Promise<void> {
  await store().delete(requestId);
  await updateJSON<DevisIndex, void>(storeNames.devisIndex, INDEX_KEY, (index) => {
    if (!index || !(requestId in index)) return { result: undefined };
    const { [requestId]: _gone, ...rest } = index;
    return { value: rest, result: undefined };
  });
}

// ---- Links ----

function linkSecret(env: Env): Uint8Array {
  const secret = new TextEncoder().encode(env.AUTH_SECRET ?? '');
  if (secret.length < 32) throw new Error('AUTH_SECRET is missing or shorter than 32 bytes: no devis link can be signed');
  return secret;
}

/** The token of a version's link: names the request and the version, expires with the devis. */
export async function devisToken(requestId: string, version: DevisVersion, env: Env = process.env): Promise<string> {
  return new SignJWT({ v: version.version })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(DEVIS_TOKEN_ISSUER)
    .setAudience(DEVIS_TOKEN_AUDIENCE)
    .setSubject(requestId)
    .setExpirationTime(Math.floor(expiresAt(version.validUntil).getTime() / 1000))
    .sign(linkSecret(env));
}

/** The customer's link of a version. */
export async function devisLink(requestId: string, version: DevisVersion, env: Env = process.env): Promise<string> {
  return `${siteUrl(env)}${devisPagePath(await devisToken(requestId, version, env))}`;
}

/** What a link's token names, or why it names nothing. */
export type TokenCheck = { ok: true; requestId: string; version: number } | { ok: false; reason: 'invalide' } | { ok: false; reason: 'expire'; requestId: string; version: number };

/** Checks a link's token: signature, algorithm, issuer, audience, expiry. */
export async function checkDevisToken(token: string, now = new Date(), env: Env = process.env): Promise<TokenCheck> {
  const named = (payload: { sub?: unknown; v?: unknown }) =>
    typeof payload.sub === 'string' && typeof payload.v === 'number' && Number.isInteger(payload.v) ? { requestId: payload.sub, version: payload.v } : undefined;
  try {
    const { payload } = await jwtVerify(token, linkSecret(env), {
      algorithms: ['HS256'],
      issuer: DEVIS_TOKEN_ISSUER,
      audience: DEVIS_TOKEN_AUDIENCE,
      requiredClaims: ['exp', 'sub', 'v'],
      currentDate: now,
    });
    const names = named(payload);
    return names ? { ok: true, ...names } : { ok: false, reason: 'invalide' };
  } catch (error) {
    // Expired, yet signed by us: the page can say which devis expired.
    if (error instanceof errors.JWTExpired) {
      const names = named(error.payload);
      if (names) return { ok: false, reason: 'expire', ...names };
    }
    return { ok: false, reason: 'invalide' };
  }
}

// ---- Sending ----

const customerOf = (request: ContactRequest): DevisCustomer => ({
  name: request.name,
  company: request.company,
  email: request.email,
  phone: request.phone,
  clientCode: request.clientCode,
});

/** Puts an e-mail of a devis in the outbox and sends it now; a failure stays with the outbox job. */
async function sendThroughOutbox(requestId: string, mailId: string, mail: Mail, now: Date, env: Env): Promise<void> {
  try {
    const [known] = await enqueueMails(requestId, [{ id: mailId, mail }], { now });
    await deliverMail(requestId, mailId, { now, env, known });
  } catch (error) {
    console.error(`devis: e-mail ${requestId}/${mailId} left to the outbox job`, error);
  }
}

/**
 * Sends a devis: freezes the draft as a new version (the previous one, if still awaiting an answer, is
 * replaced: its link stops working), records it, then e-mails the customer the PDF and the link.
 */
export async function sendDevis(request: ContactRequest, draft: DevisDraft, now = new Date(), env: Env = process.env): Promise<{ version: DevisVersion; link: string; record: DevisRecord }> {
  const at = now.toISOString();
  const record = await updateJSON<DevisRecord, DevisRecord>(storeNames.devis, request.id, (current) => {
    const base = current ?? { requestId: request.id, versions: [], events: [] };
    const number = base.versions.length + 1;
    const version: DevisVersion = {
      version: number,
      number: devisNumber(request.reference || request.id.slice(0, 8), number),
      draft,
      customer: customerOf(request),
      sentAt: at,
      validUntil: validUntilDay(now, draft.validityDays),
      state: 'envoye',
    };
    const events = [...base.events];
    const versions = base.versions.map((previous) => {
      if (previous.state !== 'envoye') return previous;
      events.push({ at, text: `Devis ${previous.number} remplacé par ${version.number} : son lien ne fonctionne plus.` });
      return { ...previous, state: 'remplace' as const, closedAt: at };
    });
    const total = formatCents(devisTotals(draft).totalTTCCents);
    events.push({ at, text: `Devis ${version.number} envoyé à ${request.email} (${total} TTC, valable jusqu’au ${formatDay(version.validUntil)}).` });
    const value: DevisRecord = { ...base, draft, draftSavedAt: at, versions: [...versions, version], events };
    return { value, result: value };
  });
  const version = lastVersion(record)!;
  await setIndex(request.id, version);
  await touchRequest(request.id, now);
  const link = await devisLink(request.id, version, env);
  const pdf = await renderDevisPdf(version);
  await sendThroughOutbox(request.id, `devis-${version.version}`, devisMail(version, link, pdf, env), now, env);
  return { version, link, record };
}

// ---- The customer's side ----

/** Why a link shows no devis to answer, in the customer's words. */
export type LinkRefusal = 'invalide' | 'introuvable' | 'expire' | 'remplace' | 'repondu';

export const LINK_MESSAGES: Record<LinkRefusal, string> = {
  invalide: 'Ce lien de devis n’est pas valide. Vérifiez qu’il est complet, tel que vous l’avez reçu.',
  introuvable: 'Ce devis n’existe plus.',
  expire: 'Ce devis a expiré : sa durée de validité est passée.',
  remplace: 'Ce devis a été remplacé par une version plus récente, envoyée par e-mail : utilisez le lien de ce dernier e-mail.',
  repondu: 'Vous avez déjà répondu à ce devis.',
};

/** What a link opens: the version (answered or not), or why none. */
export type LinkOpening =
  | { ok: true; requestId: string; record: DevisRecord; version: DevisVersion }
  | { ok: false; reason: Exclude<LinkRefusal, 'repondu'>; number?: string };

/** Opens a link: checks the token, then finds the version it names; a replaced or expired version says so. */
export async function openLink(token: string, now = new Date(), env: Env = process.env): Promise<LinkOpening> {
  const check = await checkDevisToken(token, now, env);
  if (!check.ok && check.reason === 'invalide') return { ok: false, reason: 'invalide' };
  const record = await getDevis(check.requestId);
  const version = record?.versions.find((candidate) => candidate.version === check.version);
  if (!record || !version) return { ok: false, reason: 'introuvable' };
  if (version.state === 'remplace') return { ok: false, reason: 'remplace', number: version.number };
  // An expired token, or a version the daily job marked, unless it was answered before it expired.
  if (!version.answer && (!check.ok || version.state === 'expire' || now > expiresAt(version.validUntil))) return { ok: false, reason: 'expire', number: version.number };
  return { ok: true, requestId: check.requestId, record, version };
}

/**
 * Records a customer's answer, once: the version must be the current one, awaiting an answer and still
 * valid. Then the customer and the company get their e-mails.
 */
export async function answerDevis(
  token: string,
  answer: AnswerInput,
  now = new Date(),
  env: Env = process.env,
): Promise<{ ok: true; version: DevisVersion } | { ok: false; reason: LinkRefusal; number?: string }> {
  const opening = await openLink(token, now, env);
  if (!opening.ok) return opening;
  if (opening.version.answer) return { ok: false, reason: 'repondu', number: opening.version.number };
  const at = now.toISOString();
  const outcome = await updateJSON<DevisRecord, { ok: true; version: DevisVersion } | { ok: false; reason: LinkRefusal; number?: string }>(storeNames.devis, opening.requestId, (current) => {
    const version = current?.versions.find((candidate) => candidate.version === opening.version.version);
    if (!current || !version) return { result: { ok: false, reason: 'introuvable' } };
    if (version.answer) return { result: { ok: false, reason: 'repondu', number: version.number } };
    if (version.state !== 'envoye') return { result: { ok: false, reason: version.state === 'remplace' ? 'remplace' : 'expire', number: version.number } };
    const answered: DevisVersion =
      answer.decision === 'accepte'
        ? { ...version, state: 'accepte', answer: { decision: 'accepte', name: answer.name, role: answer.role, at } }
        : { ...version, state: 'refuse', answer: { decision: 'refuse', reason: answer.reason, at } };
    const text =
      answer.decision === 'accepte'
        ? `Devis ${version.number} accepté en ligne par ${answer.name} (${answer.role}), « Bon pour accord ».`
        : `Devis ${version.number} refusé en ligne${answer.reason ? ` : « ${answer.reason} »` : ' (sans motif)'}.`;
    const value: DevisRecord = {
      ...current,
      versions: current.versions.map((candidate) => (candidate.version === version.version ? answered : candidate)),
      events: [...current.events, { at, text }],
    };
    return { value, result: { ok: true, version: answered } };
  });
  if (!outcome.ok) return outcome;
  await setIndex(opening.requestId, outcome.version);
  await touchRequest(opening.requestId, now);
  const mails = answerMails(outcome.version, opening.requestId, env);
  await Promise.all([
    sendThroughOutbox(opening.requestId, `devis-${outcome.version.version}-client`, mails.customer, now, env),
    sendThroughOutbox(opening.requestId, `devis-${outcome.version.version}-entreprise`, mails.company, now, env),
  ]);
  return outcome;
}

// ---- Expiry (daily job) ----

/** Marks expired every devis awaiting an answer whose last day has passed, with an event. How many were marked. */
export async function expireDevis(now = new Date()): Promise<number> {
  const index = await readDevisIndex();
  let expired = 0;
  for (const [requestId, entry] of Object.entries(index)) {
    if (entry.state !== 'envoye' || now <= expiresAt(entry.validUntil)) continue;
    const version = await updateJSON<DevisRecord, DevisVersion | undefined>(storeNames.devis, requestId, (current) => {
      const target = current?.versions.find((candidate) => candidate.version === entry.version);
      if (!current || !target || target.state !== 'envoye' || now <= expiresAt(target.validUntil)) return { result: undefined };
      const marked: DevisVersion = { ...target, state: 'expire', closedAt: now.toISOString() };
      return {
        value: {
          ...current,
          versions: current.versions.map((candidate) => (candidate.version === target.version ? marked : candidate)),
          events: [...current.events, { at: now.toISOString(), text: `Devis ${target.number} expiré sans réponse (valable jusqu’au ${formatDay(target.validUntil)}).` }],
        },
        result: marked,
      };
    });
    if (!version) continue;
    await setIndex(requestId, version);
    expired += 1;
  }
  return expired;
}

/** A version's state label (« Accepté »). */
export const versionStateLabel = (version: DevisVersion): string => devisStateOf(version.state).label;

/** A version as the admin sees it: with its totals and, while it can be answered or was answered, its link. */
export interface AdminVersion extends DevisVersion {
  totalTTCCents: number;
  link?: string;
}

/** The admin's view of a request's devis: the draft to edit (saved, or the request's lines), the versions and events. */
export interface AdminDevis {
  draft: DevisDraft;
  draftSavedAt?: string;
  versions: AdminVersion[];
  events: DevisEvent[];
}

export async function adminDevis(request: ContactRequest, record: DevisRecord | undefined, env: Env = process.env): Promise<AdminDevis> {
  const versions = await Promise.all(
    (record?.versions ?? []).map(async (version): Promise<AdminVersion> => ({
      ...version,
      totalTTCCents: devisTotals(version.draft).totalTTCCents,
      ...(version.state === 'remplace' || version.state === 'expire' ? {} : { link: await devisLink(request.id, version, env) }),
    })),
  );
  return { draft: record?.draft ?? startingDraft(request), ...(record?.draftSavedAt ? { draftSavedAt: record.draftSavedAt } : {}), versions, events: record?.events ?? [] };
}
