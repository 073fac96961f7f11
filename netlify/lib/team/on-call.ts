/**
 * The « Astreinte » screen's data: a territory's rota for the weeks from this one on, who may be on call
 * there (its active technicians and administrators, by name), and who will once they have activated their
 * account (the invited ones, by name: the screen says why they cannot be chosen yet).
 */
import { mondayOf, type Rota } from '../../../src/features/field/on-call.ts';
import type { TerritoryId } from '../../../src/lib/territories.ts';
import { rotaOf, weekAt } from '../push/rota.ts';
import { listAccounts, mayBeOnCall } from './accounts.ts';

/** How many weeks the screen shows, this one first. */
export const ON_CALL_WEEKS_SHOWN = 8;

/** The territory's people who may be on call there (mayBeOnCall: handling tickets, of the territory), in that account state, by name: an invited one once activated. */
async function handlersOf(territory: TerritoryId, state: 'actif' | 'invite'): Promise<{ id: string; name: string }[]> {
  return (await listAccounts())
    .filter((account) => account.state === state && mayBeOnCall({ ...account, state: 'actif' }, territory))
    .map(({ id, name }) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'fr'));
}

/** Who may be on call in a territory: its active people who handle tickets. */
export const onCallCandidates = (territory: TerritoryId): Promise<{ id: string; name: string }[]> => handlersOf(territory, 'actif');

/** The screen's answer: the rota, the weeks shown (ISO week and its Monday), the people. */
export async function rotaView(
  territory: TerritoryId,
  now = new Date(),
): Promise<{ rota: Rota; weeks: { week: string; monday: string }[]; people: { id: string; name: string }[]; invited: { id: string; name: string }[] }> {
  const weeks = Array.from({ length: ON_CALL_WEEKS_SHOWN }, (_, ahead) => weekAt(new Date(now.getTime() + ahead * 7 * 86_400_000), territory));
  const [rota, people, invited] = await Promise.all([rotaOf(territory), onCallCandidates(territory), handlersOf(territory, 'invite')]);
  return { rota, weeks: weeks.map((week) => ({ week, monday: mondayOf(week) })), people, invited };
}
