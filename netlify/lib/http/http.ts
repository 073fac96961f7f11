/**
 * Responses of the API: JSON bodies with the security headers and `no-store` that Netlify's header
 * rules do not add to functions.
 */
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { apiErrorEntry, apiErrorMessage, type ApiErrorCode, type ApiErrorValues, type PlainErrorCode, type ThrottleCode } from './errors.ts';

/** Headers every API response carries. */
export const apiHeaders: Readonly<Record<string, string>> = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
};

/** A JSON response with the API headers. */
export function json(body: unknown, status = 200, extraHeaders: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...apiHeaders, ...extraHeaders } });
}

/** A JSON error with a French message, never a stack trace. */
export function jsonError(status: number, error: string, extra: Record<string, unknown> = {}): Response {
  return json({ success: false, error, ...extra }, status);
}

/**
 * The JSON answer of an error of the table (errors.ts), its placeholders filled from `values`, with extra
 * fields (`fields`, `logout`…) when given; a row about a form field answers `fields: { [field]: sentence }`.
 */
export function apiError(code: PlainErrorCode, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}, values: ApiErrorValues = {}): Response {
  return errorAnswer(code, extra, headers, values);
}

/** The answer of any row of the table (apiError's, and throttled's with its Retry-After). */
function errorAnswer(code: ApiErrorCode, extra: Record<string, unknown>, headers: Record<string, string>, values: ApiErrorValues): Response {
  const { status, field } = apiErrorEntry(code);
  const message = apiErrorMessage(code, values);
  return json({ success: false, error: message, ...(field ? { fields: { [field]: message } } : {}), ...extra }, status, headers);
}

/** Retry-After's value: whole seconds, at least 1. */
export const retryAfterSeconds = (retryAfterMs: number): string => String(Math.max(1, Math.ceil(retryAfterMs / 1000)));

/**
 * A throttle's refusal (429): its row of the table with Retry-After, the time until the throttle lets this
 * caller in again (its window's oldest counted call leaving it), plus any extra fields.
 */
export function throttled(code: ThrottleCode, retryAfterMs: number, values: ApiErrorValues = {}, extra: Record<string, unknown> = {}): Response {
  return errorAnswer(code, extra, { 'Retry-After': retryAfterSeconds(retryAfterMs) }, values);
}

/** 405 for a method the endpoint does not answer, with the methods it does. */
export function methodNotAllowed(allowed: readonly string[]): Response {
  return apiError('method_not_allowed', {}, { Allow: allowed.join(', ') });
}

/** Why a body could not be read, as a ready answer. */
export type BodyResult = { ok: true; body: unknown } | { ok: false; response: Response };

/**
 * Reads a JSON body of at most `limit` bytes: 415 when it is not JSON, 413 when it is too large (checked
 * on Content-Length and while reading, so a lying header cannot get more in), 400 when it does not parse.
 */
export async function readJsonBody(request: Request, limit: number): Promise<BodyResult> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type.trim())) {
    return { ok: false, response: apiError('body_not_json') };
  }
  const tooLarge = (): BodyResult => ({ ok: false, response: apiError('body_too_large') });
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > limit) return tooLarge();
  if (!request.body) return { ok: false, response: apiError('body_empty') };

  const body = await readCappedBody(request, limit);
  if (!body) return tooLarge();
  const text = new TextDecoder().decode(body);
  try {
    return { ok: true, body: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, response: apiError('body_invalid_json') };
  }
}

/**
 * A request's body, at most `limit` bytes: reading stops as soon as it passes them (a lying
 * Content-Length gets no more in) and answers undefined. An absent body is empty.
 */
export async function readCappedBody(request: Request, limit: number): Promise<Buffer<ArrayBuffer> | undefined> {
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The bearer token of the Authorization header, if any. */
export function bearerToken(request: Request): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '');
  return match?.[1];
}

/**
 * What stands for one client in the throttles and caps: an IPv4 address as it is (also when written
 * IPv4-mapped, ::ffff:a.b.c.d), an IPv6 address by its /64 network, which one subscriber usually holds whole
 * (`2001:db8:a:b::/64`). With `ipv4PrefixLength` 24, an IPv4 address counts by its /24 (`192.0.2.0/24`):
 * the caps on what a stranger can make the site send or store (sign-in links, passkey challenges), where one
 * attacker renting a few neighbouring addresses must not multiply the cap. Undefined for anything that is
 * not an address.
 */
export function networkOf(ip: string | undefined, ipv4PrefixLength: 24 | 32 = 32): string | undefined {
  const address = (ip ?? '').trim().replace(/^\[|\]$/g, '').split('%')[0]!;
  if (!isIP(address)) return undefined;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') {
    if (ipv4PrefixLength === 32) return parsed.toString();
    return `${(parsed as ipaddr.IPv4).octets.slice(0, 3).join('.')}.0/24`;
  }
  return `${(parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16)).join(':')}::/64`;
}

/**
 * The client's address as the platform gives it (`context.ip`: Netlify's edge on Netlify, the socket under
 * the local server), never a request header, which any client can write; reduced by `networkOf`.
 * Undefined when the platform gave none.
 */
export function clientAddress(context?: { ip?: string }): string | undefined {
  return networkOf(context?.ip);
}

/** The client's sender network for the caps on strangers (networkOf with an IPv4 /24, an IPv6 /64); '' when none. */
export function senderNetwork(context?: { ip?: string }): string {
  return networkOf(context?.ip, 24) ?? '';
}

/**
 * A path parameter from the platform's `context.params`, decoded; undefined when absent or when its
 * percent-encoding is malformed (`%ZZ`), which the endpoints answer like an unknown id.
 */
export function routeParam(context: { params?: Record<string, string> } | undefined, name: string): string | undefined {
  const raw = context?.params?.[name];
  if (raw === undefined) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** 500 with a French message; the cause goes to the log, never to the client. */
export function serverError(where: string, error: unknown): Response {
  console.error(`${where}:`, error);
  return apiError('server_error');
}
