/**
 * POST /api/espace-client/connexion { token } — spends an e-mailed sign-in link (once, within its
 * validity) and opens a 30-day session: Set-Cookie and { success, data: CustomerMe }. A used, expired or
 * unknown link: 410/410/400 with its French sentence; a call from another site: 403
 * (netlify/lib/customers/sign-in.ts).
 */
import { endpoint, withJsonBody, type PublicCall } from '../../lib/api/endpoint.ts';
import { spendLink } from '../../lib/customers/sign-in.ts';

export default endpoint({
  name: 'espace-client-connexion',
  methods: { POST: { permission: 'public', handle: withJsonBody<PublicCall<never>>(({ request }, body) => spendLink(request, body)) } },
});
