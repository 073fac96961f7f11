/**
 * Caps on visitors' acknowledgements, so the forms cannot be used to send the company's e-mails to
 * anybody: at most 3 acknowledgements to one recipient address and 20 for requests sent from one sender
 * address (an IPv6 address counts by its /64, what one subscriber gets) in any 24 hours. Counted in
 * Blobs, so the caps hold wherever the functions run (Netlify's own rate limit is per minute, and absent
 * under `npm start`). Past a cap the request is stored and the company notified as always; only the
 * acknowledgement is skipped, with the reason the admin shows.
 *
 * Each counter is one blob (store `acknowledgement-caps`, keys `destinataire/<hash>` and
 * `expediteur/<hash>`, addresses hashed) holding the request ids it admitted with their time: admitting
 * the same request again (a repair after a crash) is a no-op, never a second count.
 */
import { createHash } from 'node:crypto';
import { lifetimeMs } from '../../../src/lib/lifetimes.ts';
import { networkOf } from '../http/http.ts';
import { emailHash } from '../storage/hashes.ts';
import { storeNames, updateJSON } from '../storage/storage.ts';

/** The caps, per window (24 hours: the lifetimes table's `acknowledgementCaps`). */
export const ACKNOWLEDGEMENT_CAPS = { perRecipient: 3, perSender: 20, windowMs: lifetimeMs('acknowledgementCaps') } as const;

/** Why an acknowledgement was not sent, as the admin shows it. */
export const SKIP_REASONS = {
  recipient: `Accusé de réception non envoyé : plus de ${ACKNOWLEDGEMENT_CAPS.perRecipient} accusés à cette adresse en 24 h.`,
  sender: `Accusé de réception non envoyé : plus de ${ACKNOWLEDGEMENT_CAPS.perSender} accusés pour des demandes venues de la même adresse IP en 24 h.`,
} as const;

interface Counter {
  /** Request id → when its acknowledgement was admitted. */
  sent: Record<string, string>;
}

const hash = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 32);

/**
 * What counts as one sender: an IPv4 address as it is (also when written IPv4-mapped, ::ffff:a.b.c.d),
 * an IPv6 address by its first 64 bits (http.ts, the rule of the login throttles too); '' when there is none.
 */
export const senderOf = (ip: string | undefined): string => networkOf(ip) ?? '';

/** Takes one place for `requestId` in a counter, unless it is full; true when it has it. */
function take(key: string, requestId: string, cap: number, now: Date): Promise<boolean> {
  return updateJSON<Counter, boolean>(storeNames.acknowledgementCaps, key, (current) => {
    const since = now.getTime() - ACKNOWLEDGEMENT_CAPS.windowMs;
    const recent = Object.fromEntries(Object.entries(current?.sent ?? {}).filter(([, at]) => Date.parse(at) > since));
    if (recent[requestId]) return { result: true };
    if (Object.keys(recent).length >= cap) return { result: false };
    return { value: { sent: { ...recent, [requestId]: now.toISOString() } }, result: true };
  }, 40);
}

/** Gives back the place `requestId` took in a counter. */
function giveBack(key: string, requestId: string): Promise<void> {
  return updateJSON<Counter, void>(storeNames.acknowledgementCaps, key, (current) => {
    if (!current?.sent[requestId]) return { result: undefined };
    const { [requestId]: _given, ...sent } = current.sent;
    return { value: { sent }, result: undefined };
  }, 40);
}

/**
 * Whether the acknowledgement of `requestId` may go to `email`, sent from `sender` (senderOf): counts it
 * when it may, else says why (in French). The sender's cap is taken first; when the recipient's is full,
 * the sender's place is given back.
 */
export async function admitAcknowledgement({ requestId, email, sender, now = new Date() }: { requestId: string; email: string; sender: string; now?: Date }): Promise<{ ok: true } | { ok: false; reason: string }> {
  const senderKey = sender ? `expediteur/${hash(sender)}` : undefined;
  if (senderKey && !(await take(senderKey, requestId, ACKNOWLEDGEMENT_CAPS.perSender, now))) return { ok: false, reason: SKIP_REASONS.sender };
  if (!(await take(`destinataire/${emailHash(email)}`, requestId, ACKNOWLEDGEMENT_CAPS.perRecipient, now))) {
    if (senderKey) await giveBack(senderKey, requestId);
    return { ok: false, reason: SKIP_REASONS.recipient };
  }
  return { ok: true };
}

/** Whether a counter blob holds nothing recent any more (for the daily retention job). */
export function isCapRecordExpired(record: unknown, now: Date): boolean {
  const sent = (record as Partial<Counter> | null)?.sent;
  if (!sent || typeof sent !== 'object') return true;
  return Object.values(sent).every((at) => !(Date.parse(String(at)) > now.getTime() - ACKNOWLEDGEMENT_CAPS.windowMs));
}
