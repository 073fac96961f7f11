/**
 * POST /api/equipe/{id}/{action} (administrators: team.manage) — one change of an account, recorded in
 * its history and the journal: `role` { role }, `territoires` { territories }, `desactivation`,
 * `reactivation`, `second-facteur` (« Réinitialiser le second facteur »), `sessions` (« Déconnecter
 * toutes les sessions »), `invitation` (a new link for an invited account, e-mailed and answered as
 * `link`). Answers { success: true, data: account }. Refused with accounts.ts's French sentence: the
 * owner (403), the last active administrator (409), an unknown account (404), a bad value (400).
 */
import { ACCOUNT_ACTIONS, invitationLink, type AccountAction } from '../../../src/features/team/team-paths.ts';
import { endpoint, type Call } from '../../lib/api/endpoint.ts';
import { apiError, json } from '../../lib/http/http.ts';
import { siteAddress } from '../../lib/http/site-url.ts';
import {
  accountView,
  changeRole,
  changeTerritories,
  disableAccount,
  enableAccount,
  endAccountSessions,
  getAccount,
  resetSecondFactor,
  type Actor,
  type StaffAccount,
} from '../../lib/team/accounts.ts';
import { sendInvitationMail } from '../../lib/team/invitation-mail.ts';
import { createInvitation } from '../../lib/team/invitations.ts';
import { recordAccountChange } from '../../lib/team/journal.ts';
import { actorOf } from '../../lib/team/team-http.ts';
import { Refusal } from '../../lib/http/refusal.ts';

const isAction = (value: string): value is AccountAction => (ACCOUNT_ACTIONS as readonly string[]).includes(value);

/** The field of the body an action reads (role, territories), or undefined. */
const field = (body: unknown, name: string): unknown => (body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined);

/** Ends every session of an account (never the owner's: 403). */
async function endSessions(id: string, actor: Actor): Promise<Response> {
  await endAccountSessions(id, actor);
  const account = await getAccount(id);
  if (!account) throw new Refusal('account_not_found');
  await recordAccountChange(account);
  return json({ success: true, data: accountView(account) });
}

async function act({ request, params, staff, body }: Call<'id' | 'action'>): Promise<Response> {
  const { id, action } = params;
  if (!isAction(action)) return apiError('api_not_found');
  const actor = actorOf(staff);
  let sent: unknown;
  if (action === 'role' || action === 'territoires') {
    const read = await body();
    if (!read.ok) return read.response;
    sent = read.body;
  }
  if (action === 'sessions') return endSessions(id, actor);
  const before = await getAccount(id);
  const changes: Record<Exclude<AccountAction, 'sessions' | 'invitation'>, () => Promise<StaffAccount>> = {
    role: () => changeRole(id, field(sent, 'role'), actor),
    territoires: () => changeTerritories(id, field(sent, 'territories'), actor),
    desactivation: () => disableAccount(id, actor),
    reactivation: () => enableAccount(id, actor),
    'second-facteur': () => resetSecondFactor(id, actor),
  };
  if (action === 'invitation') {
    const { token, expiresAt } = await createInvitation(id, actor);
    const account = (await getAccount(id))!;
    await recordAccountChange(account);
    const link = invitationLink(siteAddress(), token);
    await sendInvitationMail(account, link, expiresAt, actor);
    return json({ success: true, data: accountView(account), link, expiresAt });
  }
  const after = await changes[action]();
  // A change that changed nothing (the same role, an account already disabled) writes no history line.
  if (after.history.length !== before?.history.length || after.history.at(-1)?.at !== before.history.at(-1)?.at) await recordAccountChange(after);
  return json({ success: true, data: accountView(after) });
}

export default endpoint({
  name: 'team-account',
  params: { id: 'account_not_found', action: 'api_not_found' },
  methods: {
    POST: { permission: 'team.manage', handle: act },
  },
});
