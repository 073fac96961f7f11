/**
 * POST /api/espace-client/lien { email } — « Recevoir un lien de connexion »: 202 with the same words
 * whether the address is a customer's or not (the link goes out after the answer, to a known address under
 * its cap); 400 with a French field error for a malformed address; 429 past the sender network's cap
 * (netlify/lib/customers/sign-in.ts).
 */
import { linkRequestSchema } from '../../../src/features/space/account-model.ts';
import { endpoint, withJsonBody, type PublicCall } from '../../lib/api/endpoint.ts';
import { askForLink } from '../../lib/customers/sign-in.ts';

export default endpoint({
  name: 'espace-client-lien',
  methods: { POST: { permission: 'public', input: linkRequestSchema, handle: withJsonBody<PublicCall<never>>(({ request, context }, body) => askForLink(request, context, body)) } },
});
