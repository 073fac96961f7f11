/**
 * Short readable references: « DV-2026-00042 » for a quote, « CT-2026-00117 » for a contact message,
 * « TK-2026-00001 » for an after-sales ticket, « RP-2026-00001 » for a workshop repair. Sequential per kind and year through one counter blob per (kind, year), incremented
 * with conditional writes, so two submissions never get the same number. The year is the company's
 * (the head office's, Martinique, UTC−4 all year): a request sent on 31 December at 22:00 in Fort-de-France is
 * numbered in that year, although it is already 1 January in UTC.
 */
import type { ContactRequest } from './requests.ts';
import { storeNames, updateJSON } from '../storage/storage.ts';
import { localDay } from '../../../src/records/moment.ts';


/** The prefix of each kind of numbered record: the requests' kinds, the tickets, the workshop's repairs. */
export const REFERENCE_PREFIXES = { devis: 'DV', contact: 'CT', ticket: 'TK', repair: 'RP' } as const satisfies Record<ContactRequest['kind'] | 'ticket' | 'repair', string>;

/** A kind of numbered record, each with its own counter per year. */
export type ReferenceKind = keyof typeof REFERENCE_PREFIXES;

/** Every submission of a kind meets the others on one counter: far more patience than the default. */
const COUNTER_WRITE_ATTEMPTS = 200;

/** Digits of the number part; a 100 000th request of a year simply gets one more digit. */
const NUMBER_DIGITS = 5;

/** The year of an instant in the company's time zone. */
export function referenceYear(now: Date): number {
  return Number(localDay(now).slice(0, 4));
}

/** « DV-2026-00042 ». */
export function formatReference(kind: ReferenceKind, year: number, number: number): string {
  return `${REFERENCE_PREFIXES[kind]}-${year}-${String(number).padStart(NUMBER_DIGITS, '0')}`;
}

interface Counter {
  /** The last number given. */
  last: number;
}

interface Waiter {
  resolve: (number: number) => void;
  reject: (error: unknown) => void;
}

/** Allocations waiting in this process, per counter. */
const waiting = new Map<string, Waiter[]>();

/**
 * Takes the next numbers of one counter for everyone waiting in this process, with one conditional
 * write per batch (`last` += batch size), until nobody waits. Other processes (other function
 * instances) compete through the conditional write, retried with jittered backoff.
 */
async function drain(counterKey: string): Promise<void> {
  const queue = waiting.get(counterKey)!;
  while (queue.length > 0) {
    const batch = queue.splice(0);
    try {
      const last = await updateJSON<Counter, number>(
        storeNames.references,
        counterKey,
        (current) => {
          const next = (current?.last ?? 0) + batch.length;
          return { value: { last: next }, result: next };
        },
        COUNTER_WRITE_ATTEMPTS,
      );
      const first = last - batch.length + 1;
      batch.forEach((waiter, index) => waiter.resolve(first + index));
    } catch (error) {
      batch.forEach((waiter) => waiter.reject(error));
    }
  }
  waiting.delete(counterKey);
}

/**
 * Gives the next reference of a kind for the year of `now`; unique even under concurrent calls, in this
 * process and across processes. A number taken by a submission that then fails is not reused (a gap).
 */
export async function allocateReference(kind: ReferenceKind, now = new Date()): Promise<string> {
  const year = referenceYear(now);
  const counterKey = `${kind}/${year}`;
  const number = await new Promise<number>((resolve, reject) => {
    const queue = waiting.get(counterKey);
    if (queue) {
      queue.push({ resolve, reject });
      return;
    }
    waiting.set(counterKey, [{ resolve, reject }]);
    void drain(counterKey);
  });
  return formatReference(kind, year, number);
}
