/**
 * The one path of every public form submission (contact, quote): read the JSON body, answer a bot that
 * filled the honeypot as if all went well, validate with the form's schema, turn the data into a request,
 * store it first, then send the notification and record its outcome. A mail failure never loses the request.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { isHoneypotFilled, validate, type ValidationFailure } from '../../src/features/contact/schema.ts';
import { API_BODY_LIMIT_BYTES } from '../../src/lib/constants.ts';
import { json, methodNotAllowed, readJsonBody, serverError } from './http.ts';
import { sendNotification } from './mail.ts';
import { createRequest, setMailStatus, type ContactRequest, type NewRequest } from './requests.ts';

/** Stores a request, then notifies the company; returns the stored request with its mail status. */
export async function submitRequest(input: NewRequest): Promise<ContactRequest> {
  const created = await createRequest(input);
  const { request } = created;
  const mailStatus = await sendNotification(request);
  try {
    const updated = await setMailStatus(request.id, mailStatus, created);
    if (typeof updated === 'object') return updated;
  } catch (error) {
    // The request is stored; only the bookkeeping of its mail failed.
    console.error(`submit: could not record the mail status of request ${request.id}`, error);
  }
  return { ...request, mail_status: mailStatus };
}

/** What an endpoint plugs into the submit path. */
export interface SubmitEndpoint<T> {
  /** The function's name, for the log. */
  name: string;
  /** The form's schema, shared with the form that sends it. */
  schema: z.ZodType<T>;
  /** The request to store from the validated data, or the 400 body when the data cannot make one. */
  toRequest: (data: T) => NewRequest | ValidationFailure | Promise<NewRequest | ValidationFailure>;
}

const isFailure = (value: NewRequest | ValidationFailure): value is ValidationFailure => 'success' in value && value.success === false;

/** The POST handler of a public form: 200 `{ success: true, id, reference }`, or a JSON 4xx saying why. */
export function submitHandler<T>(endpoint: SubmitEndpoint<T>): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'POST') return methodNotAllowed(['POST']);
    try {
      const read = await readJsonBody(request, API_BODY_LIMIT_BYTES);
      if (!read.ok) return read.response;
      // A filled honeypot is a bot: it is told all went well, and nothing is stored.
      if (isHoneypotFilled(read.body)) return json({ success: true, id: randomUUID(), reference: '' });
      const result = validate(endpoint.schema, read.body);
      if (!result.ok) return json(result.failure, 400);
      const input = await endpoint.toRequest(result.data);
      if (isFailure(input)) return json(input, 400);
      const stored = await submitRequest(input);
      return json({ success: true, id: stored.id, reference: stored.reference });
    } catch (error) {
      return serverError(endpoint.name, error);
    }
  };
}
