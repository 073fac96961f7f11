/**
 * The customer's answer to a repair's devis moves the repair by itself: accepted (from the devis' link or
 * from the space) → « En réparation », refused → « Devis refusé », journaled as the customer's move with the
 * devis' number. A follower of the devis' completion (netlify/lib/devis/devis-completion.ts, step 4, which
 * the devis repair pass runs again after a crash), registered when this module loads: the functions that
 * record or complete a devis answer import it (the devis folder does not import the workshop's). The move
 * is a conditional write that applies only to a repair still « Devis envoyé » on this very devis, so a
 * retry, or a staff move made in between, changes nothing. A devis that is no repair's (an ordinary quote
 * request) costs one read of its company's repair list. Light: no PDF code, no password rules.
 */
import { createHash } from 'node:crypto';
import type { DevisVersion } from '../../../src/features/devis/devis.ts';
import type { Repair, RepairAuthor } from '../../../src/features/repairs/model.ts';
import { onDevisAnswered } from '../devis/devis-completion.ts';
import { getRequest } from '../requests/requests.ts';
import { companyRepairEntries } from './repair-index.ts';
import { applyRepairMove, changeRepair, type RepairOutcome } from './repairs.ts';

/** The quote request of a repair: a UUID derived from the repair's id (one repair, one request). */
export function repairDevisRequestId(repairId: string): string {
  const hex = createHash('sha256').update(`devis-reparation/${repairId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The repair whose devis this request is, if any: among its company's repairs, the one the id derives from. */
async function repairIdOfDevis(requestId: string): Promise<string | undefined> {
  const companyId = (await getRequest(requestId))?.customer?.companyId;
  if (!companyId) return undefined;
  return (await companyRepairEntries(companyId)).find((entry) => repairDevisRequestId(entry.id) === requestId)?.id;
}

/** Who answered, as the repair's history names them: the space's person, or the name given through the link. */
function answerAuthor(answer: NonNullable<DevisVersion['answer']>): RepairAuthor {
  if (answer.space) return { kind: 'client', id: answer.space.personId, name: answer.space.personName };
  return { kind: 'client', id: '', name: answer.decision === 'accepte' ? `${answer.name} (${answer.role})` : 'Le client, par le lien du devis' };
}

/** Why the repair moved, as its history says it. */
function becauseOf(version: DevisVersion, answer: NonNullable<DevisVersion['answer']>): string {
  const where = answer.space ? 'dans l’espace client' : 'en ligne';
  return answer.decision === 'accepte'
    ? `Devis ${version.number} accepté ${where} par ${answer.name} (${answer.role}), «\u00a0Bon pour accord\u00a0».`
    : `Devis ${version.number} refusé ${where}${answer.reason ? `\u00a0: «\u00a0${answer.reason}\u00a0»` : ' (sans motif)'}.`;
}

/**
 * Moves the repair of an answered devis, once: the repair « Devis envoyé » whose devis is this version goes
 * to « En réparation » (accepted) or « Devis refusé » (refused), dated at the answer, its author the
 * customer. Answers the outcome (the repair unchanged when it had moved on), or undefined when the devis
 * is no repair's.
 */
export async function followRepairDevisAnswer(requestId: string, version: DevisVersion, { now = new Date() }: { now?: Date } = {}): Promise<RepairOutcome | undefined> {
  const answer = version.answer;
  if (!answer || (version.state !== 'accepte' && version.state !== 'refuse')) return undefined;
  const repairId = await repairIdOfDevis(requestId);
  if (!repairId) return undefined;
  const to = answer.decision === 'accepte' ? 'en_reparation' : 'devis_refuse';
  return changeRepair(
    repairId,
    (current): RepairOutcome => {
      // Already moved (a retry), moved by staff meanwhile, or another version: the same repair, nothing written.
      if (current.state !== 'devis_envoye' || current.devis?.requestId !== requestId || current.devis.number !== version.number) return { ok: true, repair: current };
      const moved = applyRepairMove(current, to, answerAuthor(answer), { devis: answer.decision }, new Date(answer.at));
      if (!moved.ok) return moved;
      const history = moved.repair.history.map((change, index) => (index === moved.repair.history.length - 1 && change.kind === 'etat' ? { ...change, because: becauseOf(version, answer) } : change));
      return { ok: true, repair: { ...moved.repair, history } satisfies Repair };
    },
    { now },
  );
}

onDevisAnswered((requestId, version, now) => followRepairDevisAnswer(requestId, version, { now }));
