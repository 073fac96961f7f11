/**
 * DELETE /api/compte/cles/:cle { reauth } — removes one of one's passkeys, never the last second factor,
 * once the password or an authenticator code is given again; the other sessions end
 * (netlify/lib/team/my-account.ts).
 */
import { endpoint } from '../../lib/api/endpoint.ts';
import { removeMyPasskey } from '../../lib/team/my-account.ts';

export default endpoint({
  name: 'account-passkey',
  params: { cle: 'passkey_not_found' },
  methods: {
    DELETE: {
      permission: 'signed-in',
      // { reauth: { password } | { code } }: without it (no body), 403 reauthentication_required.
      handle: async ({ staff, session, context, params, body }) => {
        const read = await body();
        return removeMyPasskey(staff, session, context, params.cle, read.ok ? read.body : undefined);
      },
    },
  },
});
