/**
 * DELETE /api/compte/cles/:cle — removes one of one's passkeys, never the last second factor
 * (netlify/lib/team/my-account.ts).
 */
import { endpoint } from '../../lib/api/endpoint.ts';
import { removeMyPasskey } from '../../lib/team/my-account.ts';

export default endpoint({
  name: 'account-passkey',
  params: { cle: 'passkey_not_found' },
  methods: { DELETE: { permission: 'signed-in', handle: ({ staff, params }) => removeMyPasskey(staff!, params.cle) } },
});
