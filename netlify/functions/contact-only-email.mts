/**
 * POST /api/contact-only-email — the contact form: validates the seven fields (400 with a French sentence per bad field, nothing stored),
 * stores the request once per idempotency key, then sends its two e-mails. Answers { success: true, id, reference }.
 */
import type { Config } from '@netlify/functions';
import { contactSchema } from '../../src/features/contact/schema.ts';
import { endpoint } from '../lib/api/endpoint.ts';
import { submitHandler } from '../lib/requests/submit.ts';

const submit = submitHandler({
  name: 'contact-only-email',
  schema: contactSchema,
  toRequest: (data) => ({ request: { kind: 'contact', ...data } }),
});

export default endpoint({
  name: 'contact-only-email',
  methods: { POST: { permission: 'public', handle: ({ request, context }) => submit(request, context) } },
});

export const config: Config = {
  path: '/api/contact-only-email',
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
