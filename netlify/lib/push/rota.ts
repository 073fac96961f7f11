/**
 * The on-call rota (« Astreinte », store `on-call-rota`): one blob per territory, ISO week → the staff
 * account on call that week (Monday 00:00 to Sunday 24:00, the territory's time). Set by administrators;
 * read when a « Bloquant » ticket is opened.
 */
import { isoWeekOf, type Rota } from '../../../src/features/field/on-call.ts';
import { formatLocalIso } from '../../../src/features/tickets/clock.ts';
import type { TerritoryId } from '../../../src/lib/territories.ts';
import { storeNames, updateJSON, strongStore } from '../storage/storage.ts';

/** The ISO week an instant falls in, in the territory's time. */
export function weekAt(instant: Date, territory: TerritoryId): string {
  const [year, month, day] = formatLocalIso(instant, territory).slice(0, 10).split('-').map(Number) as [number, number, number];
  return isoWeekOf(year, month, day);
}

/** A territory's rota (no week set: an empty one). */
export async function rotaOf(territory: TerritoryId): Promise<Rota> {
  const stored = (await strongStore(storeNames.onCallRota).get(territory, { type: 'json' })) as Rota | null;
  return stored ?? { territory, weeks: {} };
}

/** Sets one week's person on call (null: nobody), in a conditional write. */
export async function setOnCall(territory: TerritoryId, week: string, accountId: string | null): Promise<Rota> {
  return updateJSON<Rota, Rota>(storeNames.onCallRota, territory, (current) => {
    const weeks = { ...(current?.weeks ?? {}) };
    if (accountId) weeks[week] = accountId;
    else delete weeks[week];
    const next: Rota = { territory, weeks };
    return { value: next, result: next };
  });
}

/** The account on call in the territory at that instant, if any. */
export async function onCallAt(territory: TerritoryId, instant: Date): Promise<string | undefined> {
  return (await rotaOf(territory)).weeks[weekAt(instant, territory)];
}

/** Forgets an account in every territory's rota (the account ends). */
export async function removeFromRotas(accountId: string, territories: readonly TerritoryId[]): Promise<void> {
  for (const territory of territories) {
    const rota = await rotaOf(territory);
    for (const [week, who] of Object.entries(rota.weeks)) if (who === accountId) await setOnCall(territory, week, null);
  }
}
