/**
 * POST /api/auth/logout — revokes the bearer token: it is refused afterwards. { success: true }.
 */
import { endpoint } from '../../lib/api/endpoint.ts';
import { revokeToken } from '../../lib/auth/auth.ts';
import { json } from '../../lib/http/http.ts';

export default endpoint({
  name: 'auth-logout',
  methods: {
    POST: {
      permission: 'signed-in',
      handle: async ({ session }) => {
        await revokeToken(session!.jti, session!.exp);
        return json({ success: true });
      },
    },
  },
});
