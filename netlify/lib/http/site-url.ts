/**
 * The site's own address, for every link the API writes (sign-in links, invitations, ticket e-mails, devis
 * links, the admin's page of a request) and for the passkeys' relying party: the configured address only —
 * `SITE_URL`, else Netlify's `URL` (the site's main address, which Netlify sets), else the public site's.
 * Never a request's `Host` or `X-Forwarded-Host`: a forged header would put another domain into a genuine
 * e-mail with a valid token (an account taken by a click). Locally, the server `npm start` runs puts its own
 * address into `SITE_URL` for the functions (scripts/lib/site-server.mjs).
 */
import { serverEnv, siteUrl } from '../env.ts';

type Env = Record<string, string | undefined>;

/** The site's address without a trailing slash (`https://www.vision-caraibes.fr`, `http://localhost:8888`). */
export function siteAddress(env: Env = process.env): string {
  const { SITE_URL, URL: netlifyUrl } = serverEnv(env);
  if (!SITE_URL && netlifyUrl) {
    try {
      const { origin } = new URL(netlifyUrl);
      if (origin.startsWith('http')) return origin;
    } catch {
      // Not an address: the public site's.
    }
  }
  return siteUrl(env);
}
