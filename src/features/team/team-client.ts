/**
 * The team screens' calls to the API: the team list and the administrator's changes (with the session's
 * token), the invitation link's enrolment (public, the link's token only), the journal. Every answer is
 * checked with a zod schema; a failure carries the server's French sentence.
 */
import { z } from 'zod';
import { call, type Result } from '../../lib/api-client';
import { NETWORK_ERROR } from '../../lib/phrases';
import { TERRITORIES, type TerritoryId } from '../../lib/taxes';
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

const teamAnswerSchema = z.object({ data: z.array(accountSchema) });
const accountAnswerSchema = z.object({ data: accountSchema.optional(), link: z.string().optional(), expiresAt: z.string().optional() });
export type AccountAnswer = z.infer<typeof accountAnswerSchema>;

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
const enrolmentAnswerSchema = z.object({ data: enrolmentSchema });
const totpAnswerSchema = z.object({ data: z.object({ uri: z.string(), qrSvg: z.string(), secret: z.string() }) });
export type TotpEnrolment = z.infer<typeof totpAnswerSchema>['data'];
const optionsAnswerSchema = z.object({ data: z.record(z.string(), z.unknown()) });

/** The value of a successful call checked with its schema; a mismatch is a failure in French. */
function checked<S extends z.ZodType>(result: Result<Record<string, unknown>>, schema: S): Result<z.infer<S>> {
  if (!result.ok) return result;
  const parsed = schema.safeParse(result.value);
  if (parsed.success) return { ok: true, value: parsed.data };
  console.error('team: unexpected answer from the API', parsed.error.issues.slice(0, 3));
  return { ok: false, unauthorized: false, status: 200, message: 'La réponse du serveur est illisible.' };
}

const post = (body?: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body ?? {}) });

export const loadTeam = async (token: string): Promise<Result<Account[]>> => {
  const result = checked(await call(token, teamApi.team), teamAnswerSchema);
  return result.ok ? { ok: true, value: result.value.data } : result;
};

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
export async function exportJournal(token: string, filter: JournalFilter): Promise<Result<Blob>> {
  try {
    const response = await fetch(`${teamApi.journalExport}${journalQuery(filter)}`, { headers: { Authorization: `Bearer ${token}` }, cache: 'no-store' });
    if (response.ok) return { ok: true, value: await response.blob() };
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    return { ok: false, unauthorized: response.status === 401, status: response.status, message: body?.error ?? `Le serveur a répondu par une erreur (${response.status}).` };
  } catch {
    return { ok: false, unauthorized: false, status: 0, message: NETWORK_ERROR };
  }
}

/** Calls of the invitation page: no session, the link's token is the key. */
async function publicCall(url: string, init: RequestInit = {}): Promise<Result<Record<string, unknown>>> {
  try {
    const response = await fetch(url, { ...init, cache: 'no-store', headers: init.body ? { 'Content-Type': 'application/json' } : {} });
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (response.ok && body?.success === true) return { ok: true, value: body };
    const message = typeof body?.error === 'string' ? body.error : `Le serveur a répondu par une erreur (${response.status}).`;
    return { ok: false, unauthorized: false, status: response.status, message };
  } catch {
    return { ok: false, unauthorized: false, status: 0, message: NETWORK_ERROR };
  }
}

export const openInvitation = async (link: string): Promise<Result<Enrolment>> => {
  const result = checked(await publicCall(teamApi.invitation(link)), enrolmentAnswerSchema);
  return result.ok ? { ok: true, value: result.value.data } : result;
};

export const invitationStep = async (link: string, step: Exclude<InvitationStep, 'totp' | 'cle-options'>, body?: unknown): Promise<Result<Enrolment>> => {
  const result = checked(await publicCall(teamApi.invitation(link, step), post(body)), enrolmentAnswerSchema);
  return result.ok ? { ok: true, value: result.value.data } : result;
};

export const startTotp = async (link: string): Promise<Result<TotpEnrolment>> => {
  const result = checked(await publicCall(teamApi.invitation(link, 'totp'), post()), totpAnswerSchema);
  return result.ok ? { ok: true, value: result.value.data } : result;
};

export const passkeyOptions = async (link: string): Promise<Result<Record<string, unknown>>> => {
  const result = checked(await publicCall(teamApi.invitation(link, 'cle-options'), post()), optionsAnswerSchema);
  return result.ok ? { ok: true, value: result.value.data } : result;
};
