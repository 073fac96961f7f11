/**
 * /api/espace-client/cles — the person's passkeys: GET lists them; POST { etape: 'options' } gives the
 * registration options, POST { response, name } verifies the browser's answer and keeps the key under the
 * device's name (netlify/lib/customers/customer-passkeys.ts).
 */
import type { Config } from '@netlify/functions';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { endpoint, withJsonBody } from '../lib/api/endpoint.ts';
import { addCustomerPasskey, customerRegistrationOptions, listCustomerPasskeys } from '../lib/customers/customer-passkeys.ts';
import { json } from '../lib/http/http.ts';
import { siteAddress } from '../lib/http/site-url.ts';
import { PASSKEY_REFUSED, relyingPartyOf } from '../lib/team/passkeys.ts';
import { TeamError } from '../lib/team/team-error.ts';
import { passkeyNameSchema } from '../../src/features/space/account-model.ts';

export default endpoint({
  name: 'espace-client-cles',
  methods: {
    GET: { permission: 'customer', handle: async ({ customer }) => json({ success: true, data: await listCustomerPasskeys(customer!.person.id) }) },
    POST: {
      permission: 'customer',
      handle: withJsonBody(async ({ request, customer }, body) => {
        const { company, person } = customer!;
        const relyingParty = relyingPartyOf(siteAddress(request));
        const sent = (body ?? {}) as { etape?: unknown; response?: unknown; name?: unknown };
        if (sent.etape === 'options') return json({ success: true, options: await customerRegistrationOptions(person, { rpID: relyingParty.rpID }) });
        const name = passkeyNameSchema.safeParse(sent.name);
        if (!name.success) return json({ success: false, error: name.error.issues[0]!.message, fields: { name: name.error.issues[0]!.message } }, 400);
        if (!sent.response || typeof sent.response !== 'object') return json({ success: false, error: PASSKEY_REFUSED }, 400);
        try {
          const added = await addCustomerPasskey(company, person, sent.response as RegistrationResponseJSON, { ...relyingParty, name: name.data });
          return json({ success: true, data: added }, 201);
        } catch (error) {
          if (error instanceof TeamError) return json({ success: false, error: PASSKEY_REFUSED }, 400);
          throw error;
        }
      }),
    },
  },
});

export const config: Config = { path: '/api/espace-client/cles' };
