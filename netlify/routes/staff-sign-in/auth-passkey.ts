/**
 * POST /api/auth/passkey — « Se connecter avec une clé d'accès », no username: { etape: 'options' } gives
 * { success: true, options } (a discoverable sign-in); { response } (the browser's assertion) gives
 * { success: true, token } (8 hours) or 401 with a French sentence (netlify/lib/team/sign-in.ts).
 */
import { endpoint, withJsonBody, type PublicCall } from '../../lib/api/endpoint.ts';
import { passkeySignIn, passkeySignInOptions } from '../../lib/team/sign-in.ts';

export default endpoint({
  name: 'auth-passkey',
  methods: {
    POST: {
      permission: 'public',
      handle: withJsonBody<PublicCall<never>>(({ request, context }, body) =>
        (body as { etape?: unknown } | null)?.etape === 'options' ? passkeySignInOptions(context) : passkeySignIn(request, context, body),
      ),
    },
  },
});
