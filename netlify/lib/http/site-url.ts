/**
 * The site's own address, for the links the API writes (devis links, the admin's page of a request in an
 * e-mail): `SITE_URL` when set; else the origin the request came in on, so a site served locally
 * (`npm start` on http://localhost:8888) links to itself; else the public site's address.
 */
import { siteUrl } from '../env.ts';

type Env = Record<string, string | undefined>;

/** The site's address without a trailing slash (`https://www.vision-caraibes.fr`, `http://localhost:8888`). */
export function siteAddress(request?: Request, env: Env = process.env): string {
  if (env.SITE_URL?.trim() || !request) return siteUrl(env);
  try {
    const { origin } = new URL(request.url);
    if (origin.startsWith('http')) return origin;
  } catch {
    // Not an absolute address: the public site's.
  }
  return siteUrl(env);
}
