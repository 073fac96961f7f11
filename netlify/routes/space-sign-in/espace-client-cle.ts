/**
 * POST /api/espace-client/cle — « Se connecter avec une clé d’accès »: { etape: 'options' } gives the
 * WebAuthn options (no credential named: the browser offers the person's passkeys); { response } verifies
 * the browser's answer and opens the session like a link does (Set-Cookie, CustomerMe), or answers 401
 * with a French sentence. Calls from another site: 403 (netlify/lib/customers/passkey-calls.ts).
 */
import { endpoint, withJsonBody, type PublicCall } from '../../lib/api/endpoint.ts';
import { passkeySignIn } from '../../lib/customers/passkey-calls.ts';

export default endpoint({
  name: 'espace-client-cle',
  methods: { POST: { permission: 'public', handle: withJsonBody<PublicCall<never>>(({ request, context }, body) => passkeySignIn(request, context, body)) } },
});
