/**
 * POST /api/auth/second-factor — { pending, code } or { pending, passkey } after a staff account's
 * password: { success: true, token } (8 hours), or 401/403/429 with a French sentence (netlify/lib/team/sign-in.ts).
 */
import { endpoint, withJsonBody, type PublicCall } from '../../lib/api/endpoint.ts';
import { secondFactorStep } from '../../lib/team/sign-in.ts';

export default endpoint({
  name: 'auth-second-factor',
  methods: {
    POST: {
      permission: 'public',
      handle: withJsonBody<PublicCall<never>>(({ request, context }, body) => secondFactorStep(request, context, body)),
    },
  },
});
