/**
 * POST /api/contact-only-email — the contact form: validates the seven fields (400 with a French sentence per bad field, nothing stored),
 * stores the request once per idempotency key (in the territory its phone prefix names), then sends its two e-mails. Answers { success: true, id, reference }.
 */
import { contactSchema } from '../../../src/features/contact/schema.ts';
import { territoryFromPhone } from '../../../src/features/territory/routing.ts';
import { endpoint } from '../../lib/api/endpoint.ts';
import { submitHandler } from '../../lib/requests/submit.ts';

const submit = submitHandler({
  name: 'contact-only-email',
  schema: contactSchema,
  // A contact request belongs to the territory its phone number names (Martinique when it names none).
  toRequest: (data) => ({ request: { kind: 'contact', ...data, territory: territoryFromPhone(data.phone) } }),
});

export default endpoint({
  name: 'contact-only-email',
  methods: { POST: { permission: 'public', input: contactSchema, handle: ({ request, context }) => submit(request, context) } },
});
