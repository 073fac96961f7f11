/**
 * The « Astreinte » screen's data: a territory's rota for the weeks from this one on, and who may be on
 * call there (its active technicians and administrators, by name).
 */
import { mondayOf, type Rota } from '../../../src/features/field/on-call.ts';
import type { TerritoryId } from '../../../src/lib/territories.ts';
import { rotaOf, weekAt } from '../push/rota.ts';
import { listAccounts, mayBeOnCall } from './accounts.ts';

/** How many weeks the screen shows, this one first. */
export const ON_CALL_WEEKS_SHOWN = 8;

/** Who may be on call in a territory: its active people who handle tickets (technicians and administrators, by the roles table: mayBeOnCall). */
export async function onCallCandidates(territory: TerritoryId): Promise<{ id: string; name: string }[]> {
  return (await listAccounts())
    .filter((account) => mayBeOnCall(account, territory))
    .map(({ id, name }) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'fr'));
}

/** The screen's answer: the rota, the weeks shown (ISO week and its Monday), the people. */
export async function rotaView(territory: TerritoryId, now = new Date()): Promise<{ rota: Rota; weeks: { week: string; monday: string }[]; people: { id: string; name: string }[] }> {
  const weeks = Array.from({ length: ON_CALL_WEEKS_SHOWN }, (_, ahead) => weekAt(new Date(now.getTime() + ahead * 7 * 86_400_000), territory));
  const [rota, people] = await Promise.all([rotaOf(territory), onCallCandidates(territory)]);
  return { rota, weeks: weeks.map((week) => ({ week, monday: mondayOf(week) })), people };
}
