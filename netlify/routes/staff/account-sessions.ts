/**
 * DELETE /api/compte/sessions — « Déconnecter toutes les sessions »: every token of the person, this one
 * included, is refused on its next call (netlify/lib/team/my-account.ts).
 */
import { endpoint } from '../../lib/api/endpoint.ts';
import { endMySessions } from '../../lib/team/my-account.ts';

export default endpoint({
  name: 'account-sessions',
  methods: { DELETE: { permission: 'signed-in', handle: ({ staff }) => endMySessions(staff) } },
});
