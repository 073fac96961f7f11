/**
 * Completing a devis send or answer, and the repair pass that completes what a stopped function left.
 * The order of writes of a send or an answer (devis.ts), as for the form submissions:
 *
 *   1. the intent `devis-intents/<requestId>/<linkId>-envoi` (or `-reponse`): what completing needs (the
 *      site's address for the link, the key of the document it makes);
 *   2. the document (the PDF, made once and kept in `devis-documents`);
 *   3. the record (one conditional write of the devis blob: the new version, or the answer), naming the
 *      document — from here the send or the answer is safe, and the caller is answered;
 *   4. completion: the index entry, for an acceptance the request marked « Traité », what the answer moves
 *      elsewhere (the followers registered: a repair's devis moves the repair, netlify/lib/repairs/
 *      repair-devis-answer.ts), the e-mails in the outbox, then the intent is deleted (then the e-mails are sent).
 *
 * A crash before 3 leaves an intent (and maybe a document) that no record names: the repair pass drops
 * both after ORPHAN_AFTER_MS. A crash after 3 leaves an intent whose record names its document: the
 * repair pass (run by the every-minute outbox job) does step 4 again, each write of which is idempotent
 * (the index entry rewritten from the record, the status set once, outbox entries write-if-new). No step
 * here makes a PDF: the e-mail attaches the kept one, so the outbox job stays light.
 */
import { storeNames, strongStore } from '../storage/storage.ts';
import { deliverMail, enqueueMails, type OutgoingMail } from '../mail/outbox.ts';
import { touchRequest, updateRequestStatus } from '../requests/requests.ts';
import { ORPHAN_AFTER_MS } from '../requests/submit.ts';
import type { DevisVersion } from '../../../src/features/devis/devis.ts';
import type { RequestStatus } from '../../../src/lib/statuses.ts';
import { answerMails, devisMail } from './devis-mail.ts';
import { devisLink } from './devis-links.ts';
import { dropDocument, getDevis, indexDevis, readDocument, versionByLinkId, type DevisRecord } from './devis-records.ts';

type Env = Record<string, string | undefined>;

/** A devis send or answer being completed (step 1 above). */
export interface DevisIntent {
  kind: 'envoi' | 'reponse';
  requestId: string;
  /** The version's link id: which version this is. */
  linkId: string;
  /** The key of the document this send or answer makes: the record names it once step 3 is done. */
  documentKey: string;
  /** The site's own address, for the links of the e-mails. */
  site: string;
  createdAt: string;
}

/** The status a request takes when its devis is accepted, and the reason written in its history: one rule. */
export const ACCEPTED_REQUEST_STATUS: RequestStatus = 'traite';
const acceptedBecause = (version: DevisVersion): string => `devis ${version.number} accepté en ligne`;

const intents = () => strongStore(storeNames.devisIntents);

/**
 * What an answer moves besides its request, registered by the folders above this one (the devis must not
 * import them): called at step 4, before the intent is deleted, so the repair pass calls it again after a
 * crash — a follower is idempotent. The workshop registers the repair's move (repairs/repair-devis-answer.ts);
 * every function that records or completes an answer imports that module (tests/unit/repairs-devis-answer.test.ts).
 */
export type DevisAnswerFollower = (requestId: string, version: DevisVersion, now: Date) => Promise<unknown>;
const answerFollowers = new Set<DevisAnswerFollower>();

/** Registers a follower of every answer (once per function instance; the same one twice is kept once). */
export function onDevisAnswered(follower: DevisAnswerFollower): void {
  answerFollowers.add(follower);
}
/** An intent is keyed like its document (one per attempt: concurrent answers never overwrite each other's). */
const intentKey = (intent: Pick<DevisIntent, 'documentKey'>): string => intent.documentKey.replace(/\.pdf$/, '');

/** Step 1: records the intent before anything else is written. */
export async function writeIntent(intent: DevisIntent): Promise<void> {
  await intents().setJSON(intentKey(intent), intent);
}

/** Drops the intent and the document of a send or answer that will never be recorded (it lost its race). */
export async function dropIntent(intent: DevisIntent): Promise<void> {
  await dropDocument(intent.documentKey);
  await intents().delete(intentKey(intent));
}

/** The pending intents of a version's send or answer (one per attempt), if a completion was cut short. */
export async function pendingIntents(requestId: string, linkId: string, kind: DevisIntent['kind']): Promise<DevisIntent[]> {
  const { blobs } = await intents().list({ prefix: `${requestId}/${linkId}-` });
  const found = await Promise.all(blobs.map(async (blob) => (await intents().get(blob.key, { type: 'json' })) as DevisIntent | null));
  return found.filter((intent): intent is DevisIntent => intent?.kind === kind && intent.linkId === linkId);
}

/** Whether the record names the intent's document: the send or the answer is recorded (step 3 done). */
function recordedVersion(intent: DevisIntent, record: DevisRecord | undefined): DevisVersion | undefined {
  const version = versionByLinkId(record, intent.linkId);
  const named = intent.kind === 'envoi' ? version?.document?.key : version?.answer?.document?.key;
  return named === intent.documentKey ? version : undefined;
}

/** The e-mails of a recorded send or answer. */
async function mailsOf(intent: DevisIntent, version: DevisVersion, env: Env): Promise<OutgoingMail[]> {
  if (intent.kind === 'envoi') {
    const pdf = await readDocument(intent.documentKey);
    if (!pdf) throw new Error(`devis: the kept document ${intent.documentKey} is missing`);
    const link = await devisLink(intent.site, intent.requestId, version, env);
    return [{ id: `devis-${version.version}`, mail: devisMail(version, link, pdf, env) }];
  }
  const mails = answerMails(version, intent.requestId, env, intent.site);
  return [
    { id: `devis-${version.version}-client`, mail: mails.customer },
    { id: `devis-${version.version}-entreprise`, mail: mails.company },
  ];
}

/**
 * Step 4 but the sending: indexes the request's devis, marks the request « Traité » after an acceptance,
 * queues the e-mails, deletes the intent. `undefined` when the record does not name the intent's document
 * (not recorded, or never to be). Returns the outbox entries to send.
 */
export async function completeIntent(intent: DevisIntent, { now, env = process.env, dueNow = false }: { now: Date; env?: Env; dueNow?: boolean }) {
  const record = await getDevis(intent.requestId);
  const version = recordedVersion(intent, record);
  if (!record || !version) return undefined;
  await indexDevis(intent.requestId, record);
  if (intent.kind === 'reponse' && version.answer?.decision === 'accepte') {
    await updateRequestStatus(intent.requestId, ACCEPTED_REQUEST_STATUS, now, { because: acceptedBecause(version) });
  } else {
    // A devis sent or answered is a change of its request: the retention clock starts again from it.
    await touchRequest(intent.requestId, now);
  }
  if (intent.kind === 'reponse') for (const follow of answerFollowers) await follow(intent.requestId, version, now);
  const entries = await enqueueMails(intent.requestId, await mailsOf(intent, version, env), { now, dueNow });
  await intents().delete(intentKey(intent));
  return entries.filter((entry) => entry.etag && entry.data.state === 'en_attente');
}

/** Completes a recorded send or answer and sends its e-mails now; what fails is left to the repair pass. */
export async function completeAndSend(intent: DevisIntent, now: Date, env: Env = process.env): Promise<void> {
  try {
    const entries = (await completeIntent(intent, { now, env })) ?? [];
    await Promise.all(entries.map((known) => deliverMail(intent.requestId, known.data.id, { now, env, known })));
  } catch (error) {
    console.error(`devis: ${intent.kind} ${intentKey(intent)} is recorded; completing it is left to the repair pass`, error);
  }
}

/** What one devis repair pass did. */
export interface DevisRepairRun {
  /** Sends and answers completed (indexed, e-mails queued). */
  completed: number;
  /** Intents of sends and answers never recorded, dropped with their document. */
  dropped: number;
  /** Intents too young to judge (their function may still be running). */
  waiting: number;
}

/**
 * The repair pass, run by the every-minute outbox job: completes every recorded send or answer whose
 * function stopped before step 4 was done (its e-mails due at once, so the job that follows sends them),
 * and drops the intents (and documents) of those that never reached their record.
 */
export async function repairDevis({ now = new Date(), env = process.env }: { now?: Date; env?: Env } = {}): Promise<DevisRepairRun> {
  const run: DevisRepairRun = { completed: 0, dropped: 0, waiting: 0 };
  const keys: string[] = [];
  for await (const page of intents().list({ paginate: true })) keys.push(...page.blobs.map((blob) => blob.key));
  for (const key of keys) {
    try {
      const intent = (await intents().get(key, { type: 'json' })) as DevisIntent | null;
      if (!intent) continue;
      if (await completeIntent(intent, { now, env, dueNow: true })) run.completed += 1;
      else if (!(now.getTime() - Date.parse(intent.createdAt) <= ORPHAN_AFTER_MS)) {
        await dropIntent(intent);
        run.dropped += 1;
      } else run.waiting += 1;
    } catch (error) {
      console.error(`repair: devis ${key} could not be completed now; the next pass retries`, error);
    }
  }
  return run;
}
