/**
 * POST /api/compte/mot-de-passe — { current, password }: the person's new password, after the current one
 * (throttled like a sign-in) and the password rule; refusals in French (netlify/lib/team/my-account.ts).
 */
import { endpoint, withJsonBody, type StaffCall } from '../../lib/api/endpoint.ts';
import { changeMyPassword } from '../../lib/team/my-account.ts';

export default endpoint({
  name: 'account-password',
  methods: {
    POST: {
      permission: 'signed-in',
      handle: withJsonBody<StaffCall<never>>(({ staff, session, context }, body) => changeMyPassword(staff, session, context, body)),
    },
  },
});
