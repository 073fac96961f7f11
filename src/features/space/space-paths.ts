/**
 * The routes of the customers' space, pages and API, in one place (the API's paths declared in
 * src/lib/api-routes.ts; the e-mails and the islands build their links from here).
 */
import { API, apiPath } from '../../lib/api-routes.ts';
import { spacePaths } from '../../lib/paths.ts';

/** The space's pages (written once, in src/lib/paths.ts, with the site's other routes). */
export const spacePages = spacePaths;

/** The space's API (the customer's cookie, never a staff token; the first three are public). */
export const spaceApi = {
  /** POST { email }: sends a sign-in link (202, the same words whether the address is known or not). */
  link: API.spaceLink,
  /** POST { token }: spends a link, opens the session (Set-Cookie), answers CustomerMe. */
  signIn: API.spaceSignIn,
  /** POST { etape: 'options' } then { response }: signs in with a passkey. */
  passkeySignIn: API.spacePasskeySignIn,
  me: API.spaceMe,
  signOut: API.spaceSignOut,
  /** GET the person's sessions, DELETE them all; DELETE `spaceSessionPath(id)` ends one. */
  sessions: API.spaceSessions,
  /** GET the person's passkeys, POST to add one; DELETE `spacePasskeyPath(id)` removes one. */
  passkeys: API.spacePasskeys,
  summary: API.spaceSummary,
  devis: API.spaceDevisList,
  requests: API.spaceRequests,
  equipment: API.spaceEquipmentList,
} as const;

/** The page an e-mailed sign-in link opens: its island posts the token (a mail scanner opening the link spends nothing). */
export const signInLinkPath = (token: string): string => `${spacePages.signIn}?jeton=${encodeURIComponent(token)}`;

/** Ends one session of « Mon compte » (its id as the sessions list gives it). */
export const spaceSessionPath = (id: string): string => apiPath(API.spaceSession, { id });

/** Removes one passkey of « Mon compte ». */
export const spacePasskeyPath = (id: string): string => apiPath(API.spacePasskey, { id });
