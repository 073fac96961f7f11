/**
 * POST /api/contact-only-email — the contact form: validates the seven fields (DECISIONS.md §19),
 * stores the request once per idempotency key, then sends its e-mails. Answers { success: true, id, reference }.
 */
import type { Config } from '@netlify/functions';
import { randomUUID } from 'node:crypto';
import { contactSchema, isHoneypotFilled, validate } from '../../src/features/contact/schema.ts';
import { API_BODY_LIMIT_BYTES } from '../../src/lib/constants.ts';
import { json, jsonError, methodNotAllowed, readJsonBody, serverError } from '../lib/http.ts';
import { IDEMPOTENCY_BUSY_MESSAGE, IdempotencyBusyError, readIdempotencyKey } from '../lib/idempotency.ts';
import { submitRequest } from '../lib/submit.ts';

export default async (request: Request): Promise<Response> => {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const read = await readJsonBody(request, API_BODY_LIMIT_BYTES);
  if (!read.ok) return read.response;
  // A filled honeypot is a bot: it is told all went well, and nothing is stored.
  if (isHoneypotFilled(read.body)) return json({ success: true, id: randomUUID() });
  const result = validate(contactSchema, read.body);
  if (!result.ok) return json(result.failure, 400);
  const key = readIdempotencyKey(read.body);
  if (!key.ok) return json(key.failure, 400);
  try {
    const stored = await submitRequest({ kind: 'contact', ...result.data }, { idempotencyKey: key.key });
    return json({ success: true, id: stored.id, reference: stored.reference });
  } catch (error) {
    if (error instanceof IdempotencyBusyError) return jsonError(409, IDEMPOTENCY_BUSY_MESSAGE);
    return serverError('contact-only-email', error);
  }
};

export const config: Config = {
  path: '/api/contact-only-email',
  method: 'POST',
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
