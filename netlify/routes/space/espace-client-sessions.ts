/**
 * /api/espace-client/sessions — « Mon compte »: GET the person's sessions (this device's marked
 * `current`); DELETE « Se déconnecter de tous les appareils » (every session ends, this device's cookie is
 * cleared) (netlify/lib/customers/customer-account.ts).
 */
import { endpoint } from '../../lib/api/endpoint.ts';
import { listSessions, signOutEverywhere } from '../../lib/customers/customer-account.ts';

export default endpoint({
  name: 'espace-client-sessions',
  methods: {
    GET: { permission: 'customer', handle: ({ customer }) => listSessions(customer) },
    DELETE: { permission: 'customer', handle: ({ customer }) => signOutEverywhere(customer) },
  },
});
