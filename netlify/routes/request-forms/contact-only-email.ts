/**
 * POST /api/contact-only-email — the contact form: validates the seven fields (400 with a French sentence per bad field, nothing stored),
 * stores the request once per idempotency key (in the territory its phone prefix names), then sends its two e-mails. Answers { success: true, id, reference };
 * the form posted by the browser without JavaScript is answered with the contact page (netlify/lib/requests/contact-form-post.ts).
 */
import type { z } from 'zod';
import { contactSchema } from '../../../src/features/contact/schema.ts';
import { territoryFromPhone } from '../../../src/features/territory/routing.ts';
import { endpoint } from '../../lib/api/endpoint.ts';
import { submitHandler, type SubmitEndpoint } from '../../lib/requests/submit.ts';
import { answerFormPost, isFormPost } from '../../lib/requests/contact-form-post.ts';

const contact: SubmitEndpoint<z.infer<typeof contactSchema>> = {
  name: 'contact-only-email',
  schema: contactSchema,
  // A contact request belongs to the territory its phone number names (Martinique when it names none).
  toRequest: (data) => ({ request: { kind: 'contact', ...data, territory: territoryFromPhone(data.phone) } }),
};
const submit = submitHandler(contact);

export default endpoint({
  name: 'contact-only-email',
  methods: { POST: { permission: 'public', input: contactSchema, handle: ({ request, context }) => (isFormPost(request) ? answerFormPost(contact, request, context) : submit(request, context)) } },
});
