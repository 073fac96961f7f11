/**
 * Short readable references for requests: « DV-2026-00042 » for a quote, « CT-2026-00117 » for a
 * contact message. Sequential per kind and year through one counter blob per (kind, year), incremented
 * with conditional writes, so two submissions never get the same number. The year is the company's
 * (America/Martinique, UTC−4 all year): a request sent on 31 December at 22:00 in Fort-de-France is
 * numbered in that year, although it is already 1 January in UTC.
 */
import type { ContactRequest } from './requests.ts';
import { storeNames, strongStore, updateJSON } from './storage.ts';

/** The company's time zone, which decides the year of a reference. */
export const REFERENCE_TIME_ZONE = 'America/Martinique';

/** The prefix of each kind of request. */
export const REFERENCE_PREFIXES = { devis: 'DV', contact: 'CT' } as const satisfies Record<ContactRequest['kind'], string>;

/** Digits of the number part; a 100 000th request of a year simply gets one more digit. */
const NUMBER_DIGITS = 5;

/** The year of an instant in the company's time zone. */
export function referenceYear(now: Date): number {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone: REFERENCE_TIME_ZONE, year: 'numeric' }).format(now));
}

/** « DV-2026-00042 ». */
export function formatReference(kind: ContactRequest['kind'], year: number, number: number): string {
  return `${REFERENCE_PREFIXES[kind]}-${year}-${String(number).padStart(NUMBER_DIGITS, '0')}`;
}

/** Whether a text has the shape of a reference (for searches and checks). */
export const isReference = (value: string): boolean => /^(DV|CT)-\d{4}-\d{5,}$/.test(value);

interface Counter {
  /** The last number given. */
  last: number;
}

/** Gives the next reference of a kind for the year of `now`; unique even under concurrent calls. */
export async function allocateReference(kind: ContactRequest['kind'], now = new Date()): Promise<string> {
  const year = referenceYear(now);
  const result = await updateJSON<Counter>(strongStore(storeNames.references), `${kind}/${year}`, (current) => ({ last: (current?.last ?? 0) + 1 }));
  return formatReference(kind, year, result!.written.last);
}
