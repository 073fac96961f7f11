/**
 * POST /api/espace-client/cle — « Se connecter avec une clé d’accès »: { etape: 'options' } gives the
 * WebAuthn options (no credential named: the browser offers the person's passkeys); { response } verifies
 * the browser's answer and opens the session like a link does (Set-Cookie, CustomerMe), or answers 401
 * with a French sentence. Calls from another site: 403 (netlify/lib/customers/customer-passkeys.ts).
 */
import type { Config } from '@netlify/functions';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { endpoint, withJsonBody } from '../lib/api/endpoint.ts';
import { customerAuthenticationOptions, verifyCustomerPasskey } from '../lib/customers/customer-passkeys.ts';
import { sameOrigin } from '../lib/customers/customer-session.ts';
import { signedIn } from '../lib/customers/sign-in.ts';
import { apiError, json } from '../lib/http/http.ts';
import { siteAddress } from '../lib/http/site-url.ts';
import { relyingPartyOf } from '../lib/team/passkeys.ts';
import { TeamError } from '../lib/team/team-error.ts';

export default endpoint({
  name: 'espace-client-cle',
  methods: {
    POST: {
      permission: 'public',
      handle: withJsonBody(async ({ request }, body) => {
        if (!sameOrigin(request)) return apiError('origin_refused');
        const relyingParty = relyingPartyOf(siteAddress(request));
        const sent = (body ?? {}) as { etape?: unknown; response?: unknown };
        if (sent.etape === 'options') return json({ success: true, options: await customerAuthenticationOptions({ rpID: relyingParty.rpID }) });
        if (!sent.response || typeof sent.response !== 'object') return apiError('customer_passkey_refused');
        try {
          const { company, person } = await verifyCustomerPasskey(sent.response as AuthenticationResponseJSON, relyingParty);
          return await signedIn(request, company, person, 'cle');
        } catch (error) {
          if (error instanceof TeamError) return apiError('customer_passkey_refused');
          throw error;
        }
      }),
    },
  },
});

export const config: Config = { path: '/api/espace-client/cle', rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
