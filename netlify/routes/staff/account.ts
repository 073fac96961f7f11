/**
 * GET /api/compte — « Mon compte » of the person signed in: { success: true, account } (no secret;
 * netlify/lib/team/my-account.ts).
 */
import { endpoint } from '../../lib/api/endpoint.ts';
import { readMyAccount } from '../../lib/team/my-account.ts';

export default endpoint({
  name: 'account',
  methods: { GET: { permission: 'signed-in', handle: ({ staff }) => readMyAccount(staff) } },
});
