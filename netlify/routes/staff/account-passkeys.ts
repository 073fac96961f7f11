/**
 * POST /api/compte/cles — add a passkey to one's account: { etape: 'options' } gives the registration
 * options; { response, deviceName } verifies the browser's answer and stores the key under that name
 * (netlify/lib/team/my-account.ts).
 */
import { endpoint, withJsonBody, type StaffCall } from '../../lib/api/endpoint.ts';
import { addMyPasskey } from '../../lib/team/my-account.ts';

export default endpoint({
  name: 'account-passkeys',
  methods: {
    POST: {
      permission: 'signed-in',
      handle: withJsonBody<StaffCall<never>>(({ staff, session, context }, body) => addMyPasskey(staff, session, context, body)),
    },
  },
});
