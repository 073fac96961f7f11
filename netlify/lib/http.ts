/**
 * Responses of the API: JSON bodies with the security headers and `no-store` that Netlify's header
 * rules do not add to functions.
 */

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

/** 405 for a method the endpoint does not answer. */
export function methodNotAllowed(allowed: readonly string[]): Response {
  return json({ success: false, error: 'Méthode non autorisée.' }, 405, { Allow: allowed.join(', ') });
}
