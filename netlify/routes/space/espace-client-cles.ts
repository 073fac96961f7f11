/**
 * /api/espace-client/cles — the person's passkeys: GET lists them; POST { etape: 'options' } gives the
 * registration options, POST { response, name } verifies the browser's answer and keeps the key under the
 * device's name (netlify/lib/customers/passkey-calls.ts).
 */
import { endpoint, withJsonBody, type CustomerCall } from '../../lib/api/endpoint.ts';
import { listCustomerPasskeys } from '../../lib/customers/customer-passkeys.ts';
import { addPasskey } from '../../lib/customers/passkey-calls.ts';
import { json } from '../../lib/http/http.ts';

export default endpoint({
  name: 'espace-client-cles',
  methods: {
    GET: { permission: 'customer', handle: async ({ customer }) => json({ success: true, data: await listCustomerPasskeys(customer.person.id) }) },
    POST: { permission: 'customer', handle: withJsonBody<CustomerCall<never>>(({ request, customer }, body) => addPasskey(customer, request, body)) },
  },
});
