/**
 * POST /api/clients/:id/personnes/:personId/invitation — staff (customers.write) send a person of a
 * company their invitation to the space: the sign-in link e-mail, worded as an invitation and valid 48
 * hours, through the outbox; journaled (netlify/lib/customers/invitation.ts).
 */
import { endpoint } from '../../lib/api/endpoint.ts';
import { inviteCustomer } from '../../lib/customers/invitation.ts';

export default endpoint({
  name: 'clients-invitation',
  params: { id: 'company_not_found', personId: 'person_not_found' },
  methods: { POST: { permission: 'customers.write', handle: ({ staff, params }) => inviteCustomer(staff, params.id, params.personId) } },
});
