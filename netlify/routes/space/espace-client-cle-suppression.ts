/** DELETE /api/espace-client/cles/:id — removes one of the person's passkeys (netlify/lib/customers/customer-passkeys.ts). */
import { endpoint } from '../../lib/api/endpoint.ts';
import { removeCustomerPasskey } from '../../lib/customers/customer-passkeys.ts';
import { apiError, json } from '../../lib/http/http.ts';

export default endpoint({
  name: 'espace-client-cle-suppression',
  params: { id: 'passkey_not_found' },
  methods: {
    DELETE: {
      permission: 'customer',
      handle: async ({ customer, params }) => ((await removeCustomerPasskey(customer.person.id, params.id)) ? json({ success: true }) : apiError('passkey_not_found')),
    },
  },
});
