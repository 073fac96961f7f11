/** DELETE /api/espace-client/sessions/:id — ends one of the person's sessions (netlify/lib/customers/customer-account.ts). */
import { endpoint } from '../../lib/api/endpoint.ts';
import { endSession } from '../../lib/customers/customer-account.ts';

export default endpoint({
  name: 'espace-client-session',
  params: { id: 'customer_session_not_found' },
  methods: { DELETE: { permission: 'customer', handle: ({ customer, params }) => endSession(customer, params.id) } },
});
