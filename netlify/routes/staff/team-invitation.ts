/**
 * The invitation link's enrolment, public (the link's token is the only key):
 * - GET /api/invitation/{jeton}: the account the link enrols, { success: true, data: { name, email, role,
 *   territories, hasPassword, passkeys, hasTotp } }; a used, expired or unknown link answers 410/410/404
 *   with its own French sentence (invitations.ts).
 * - POST /api/invitation/{jeton}/{étape}: `mot-de-passe` { password } (the password rule's French reason
 *   when weak); `cle-options` (WebAuthn registration options, the site's address as relying party);
 *   `cle` { response, deviceName } (verifies and adds the passkey); `totp` (a new authenticator app
 *   secret: { uri, qrSvg, secret }); `totp-confirmation` { code }; `fin`: the account becomes active,
 *   which needs a password and a second factor, and the link is used. Each change is journalled.
 */
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { INVITATION_STEPS, type InvitationStep } from '../../../src/features/team/team-paths.ts';
import { endpoint, type Call } from '../../lib/api/endpoint.ts';
import { apiError, json, routeParam } from '../../lib/http/http.ts';
import { siteAddress } from '../../lib/http/site-url.ts';
import { accountView, setPassword, type StaffAccount } from '../../lib/team/accounts.ts';
import { completeInvitation, openInvitation } from '../../lib/team/invitations.ts';
import { recordAccountChange } from '../../lib/team/journal.ts';
import { passkeyRegistrationOptions, relyingPartyOf, verifyPasskeyRegistration } from '../../lib/team/passkeys.ts';
import { Refusal } from '../../lib/http/refusal.ts';
import { confirmTotpEnrolment, startTotpEnrolment } from '../../lib/team/totp.ts';

const isStep = (value: string): value is InvitationStep => (INVITATION_STEPS as readonly string[]).includes(value);
const field = (body: unknown, name: string): unknown => (body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** What the enrolment page may see of the account: who it is for and what is done. */
function enrolmentView(account: StaffAccount) {
  const { name, email, role, territories, hasPassword, passkeys, hasTotp } = accountView(account);
  return { name, email, role, territories, hasPassword, passkeys: passkeys.map((key) => key.name), hasTotp };
}

/** Records the account's last change, then answers what the page shows. */
async function changed(account: StaffAccount): Promise<Response> {
  await recordAccountChange(account);
  return json({ success: true, data: enrolmentView(account) });
}

async function step({ request, params, body }: Call<'token'>, name: InvitationStep): Promise<Response> {
  const read = await body();
  // Steps without data may be sent with an empty body.
  const sent = read.ok ? read.body : undefined;
  if (!read.ok && (name === 'mot-de-passe' || name === 'cle' || name === 'totp-confirmation')) return read.response;
  const relyingParty = relyingPartyOf(siteAddress());
  const account = await openInvitation(params.token);
  switch (name) {
    case 'mot-de-passe':
      return changed(await setPassword(account.id, text(field(sent, 'password'))));
    case 'cle-options':
      return json({ success: true, data: await passkeyRegistrationOptions(account.id, { rpID: relyingParty.rpID }) });
    case 'cle':
      if (!field(sent, 'response') || typeof field(sent, 'response') !== 'object') throw new Refusal('passkey_response_missing');
      return changed(
        await verifyPasskeyRegistration(account.id, field(sent, 'response') as RegistrationResponseJSON, { ...relyingParty, deviceName: text(field(sent, 'deviceName')) }),
      );
    case 'totp':
      return json({ success: true, data: await startTotpEnrolment(account.id) });
    case 'totp-confirmation':
      return changed(await confirmTotpEnrolment(account.id, text(field(sent, 'code'))));
    case 'fin':
      return changed(await completeInvitation(params.token));
  }
}

export default endpoint({
  name: 'team-invitation',
  params: { token: 'invitation_not_found' },
  methods: {
    GET: {
      permission: 'public',
      handle: async ({ params }) => json({ success: true, data: enrolmentView(await openInvitation(params.token)) }),
    },
    POST: {
      permission: 'public',
      handle: async (call) => {
        const name = routeParam(call.context, 'step') ?? '';
        if (!isStep(name)) return apiError('api_not_found');
        return step(call, name);
      },
    },
  },
});
