/**
 * POST /api/quote — a quote request from the store cart (DECISIONS.md §16): its lines re-priced from the
 * catalogue (the client's prices and message are ignored), stored as a contact request with the fixed
 * subject and deadline (once per idempotency key), then its e-mails are sent. Answers { success: true, id, reference }.
 */
import type { Config } from '@netlify/functions';
import { randomUUID } from 'node:crypto';
import { isHoneypotFilled, quoteSchema, validate } from '../../src/features/contact/schema.ts';
import { API_BODY_LIMIT_BYTES } from '../../src/lib/constants.ts';
import { findProduct } from '../lib/catalogue.ts';
import { json, jsonError, methodNotAllowed, readJsonBody, serverError } from '../lib/http.ts';
import { QUOTE_DELAI, QUOTE_SUBJECT, priceQuoteItems, quoteMessage } from '../../src/features/quote/quote.ts';
import { IDEMPOTENCY_BUSY_MESSAGE, IdempotencyBusyError, readIdempotencyKey } from '../lib/idempotency.ts';
import { submitRequest } from '../lib/submit.ts';

export default async (request: Request): Promise<Response> => {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const read = await readJsonBody(request, API_BODY_LIMIT_BYTES);
  if (!read.ok) return read.response;
  if (isHoneypotFilled(read.body)) return json({ success: true, id: randomUUID() });
  const result = validate(quoteSchema, read.body);
  if (!result.ok) return json(result.failure, 400);
  const { items, message: _clientMessage, ...customer } = result.data;

  const priced = priceQuoteItems(items, findProduct);
  if (!priced.ok) {
    return json(
      {
        success: false,
        error: 'Certains produits du devis n’existent plus dans le catalogue.',
        fields: { items: `Produits inconnus : ${priced.unknownIds.join(', ')}.` },
      },
      400,
    );
  }
  const message = quoteMessage(customer, priced);
  const key = readIdempotencyKey(read.body);
  if (!key.ok) return json(key.failure, 400);

  try {
    const stored = await submitRequest(
      { kind: 'devis', ...customer, subject: QUOTE_SUBJECT, delai: QUOTE_DELAI, message },
      { idempotencyKey: key.key, quote: { lines: priced.lines, totalHTCents: priced.totalHTCents } },
    );
    return json({ success: true, id: stored.id, reference: stored.reference });
  } catch (error) {
    if (error instanceof IdempotencyBusyError) return jsonError(409, IDEMPOTENCY_BUSY_MESSAGE);
    return serverError('quote', error);
  }
};

export const config: Config = {
  path: '/api/quote',
  method: 'POST',
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
