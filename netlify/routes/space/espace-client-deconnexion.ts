/** POST /api/espace-client/deconnexion — ends this device's session and clears its cookie (netlify/lib/customers/customer-account.ts). */
import { endpoint } from '../../lib/api/endpoint.ts';
import { signOut } from '../../lib/customers/customer-account.ts';

export default endpoint({
  name: 'espace-client-deconnexion',
  methods: { POST: { permission: 'customer', handle: ({ customer }) => signOut(customer) } },
});
