/** GET /api/espace-client/moi — who is signed in to the space: { success, data: CustomerMe } (netlify/lib/customers/customer-account.ts). */
import { endpoint } from '../../lib/api/endpoint.ts';
import { me } from '../../lib/customers/customer-account.ts';

export default endpoint({
  name: 'espace-client-moi',
  methods: { GET: { permission: 'customer', handle: ({ customer }) => me(customer) } },
});
