/**
 * The team screens' calls to the API: the team list and the administrator's changes (with the session's
 * token), the invitation link's enrolment (public, the link's token only), the journal. Every answer is
 * checked with a zod schema; a failure carries the server's French sentence.
 */
import { z } from '../../records/zod.ts';
import { call, checked, fetchFile, type Result } from '../../lib/api-client';
import { TERRITORIES, type TerritoryId } from '../../lib/territories';
import { journalPageSchema, type JournalFilter, type JournalPage } from './journal-entries';
import { ACCOUNT_STATES, ROLES } from './roles';
import { teamApi, type AccountAction, type InvitationStep } from './team-paths';

export type { Result };

const roleId = z.enum(ROLES.map((role) => role.id) as [(typeof ROLES)[number]['id'], ...(typeof ROLES)[number]['id'][]]);
const stateId = z.enum(ACCOUNT_STATES.map((state) => state.id) as [(typeof ACCOUNT_STATES)[number]['id'], ...(typeof ACCOUNT_STATES)[number]['id'][]]);
const territoryId = z.enum(TERRITORIES.map((territory) => territory.id) as [TerritoryId, ...TerritoryId[]]);

/** An account as the team page shows it (never a secret). */
export const accountSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleId,
  territories: z.array(territoryId),
  state: stateId,
  owner: z.boolean(),
  hasPassword: z.boolean(),
  passkeys: z.array(z.object({ id: z.string(), name: z.string() })),
  hasTotp: z.boolean(),
  lastSignInAt: z.string().optional(),
});
export type Account = z.infer<typeof accountSchema>;

const accountAnswerSchema = z.object({ data: accountSchema.optional(), link: z.string().optional(), expiresAt: z.string().optional() });

/** What the enrolment page knows of the account a link enrols. */
export const enrolmentSchema = z.object({
  name: z.string(),
  email: z.string(),
  role: roleId,
  territories: z.array(territoryId),
  hasPassword: z.boolean(),
  passkeys: z.array(z.string()),
  hasTotp: z.boolean(),
});
export type Enrolment = z.infer<typeof enrolmentSchema>;
const totpSchema = z.object({ uri: z.string(), qrSvg: z.string(), secret: z.string() });
export type TotpEnrolment = z.infer<typeof totpSchema>;

/** The `data` of an answer { success, data } checked with the schema of `data`. */
function dataOf<S extends z.ZodType>(result: Result<Record<string, unknown>>, schema: S): Result<z.infer<S>> {
  const answer = checked(result, z.object({ data: schema }));
  return answer.ok ? { ok: true, value: (answer.value as { data: z.infer<S> }).data } : answer;
}

const post = (body?: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body ?? {}) });

export const loadTeam = async (token: string): Promise<Result<Account[]>> => dataOf(await call(token, teamApi.team), z.array(accountSchema));

export const inviteAccount = async (token: string, input: { name: string; email: string; role: string; territories: string[] }) =>
  checked(await call(token, teamApi.team, post(input)), accountAnswerSchema);

export const changeAccount = async (token: string, id: string, action: AccountAction, body?: unknown) =>
  checked(await call(token, teamApi.account(id, action), post(body)), accountAnswerSchema);

/** The journal's query string of a filter (empty values left out). */
export const journalQuery = (filter: JournalFilter): string => {
  const query = new URLSearchParams(Object.entries(filter).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')).toString();
  return query ? `?${query}` : '';
};

export const loadJournal = async (token: string, filter: JournalFilter): Promise<Result<JournalPage>> =>
  checked(await call(token, `${teamApi.journal}${journalQuery(filter)}`), journalPageSchema);

/** The journal's CSV export as a file (a blob), or the French failure. */
export const exportJournal = (token: string, filter: JournalFilter): Promise<Result<Blob>> => fetchFile(token, `${teamApi.journalExport}${journalQuery(filter)}`);

/** Calls of the invitation page: no session, the link's token is the key. */
const publicCall = (url: string, init?: RequestInit) => call(undefined, url, init);

export const openInvitation = async (link: string): Promise<Result<Enrolment>> => dataOf(await publicCall(teamApi.invitation(link)), enrolmentSchema);

export const invitationStep = async (link: string, step: Exclude<InvitationStep, 'totp' | 'cle-options'>, body?: unknown): Promise<Result<Enrolment>> =>
  dataOf(await publicCall(teamApi.invitation(link, step), post(body)), enrolmentSchema);

export const startTotp = async (link: string): Promise<Result<TotpEnrolment>> => dataOf(await publicCall(teamApi.invitation(link, 'totp'), post()), totpSchema);

export const passkeyOptions = async (link: string): Promise<Result<Record<string, unknown>>> =>
  dataOf(await publicCall(teamApi.invitation(link, 'cle-options'), post()), z.record(z.string(), z.unknown()));
