/**
 * The routes of the customers' space, pages and API, in one place (the functions declare the same API
 * paths in their config; the e-mails and the islands build their links from here).
 */
import { spacePaths } from '../../lib/paths';

/** The space's pages (written once, in src/lib/paths.ts, with the site's other routes). */
export const spacePages = spacePaths;

/** The space's sign-in and account endpoints (the customer's cookie; the first three are public). */
export const spaceApi = {
  /** POST { email }: sends a sign-in link (202, the same words whether the address is known or not). */
  link: '/api/espace-client/lien',
  /** POST { token }: spends a link, opens the session (Set-Cookie), answers CustomerMe. */
  signIn: '/api/espace-client/connexion',
  /** POST { etape: 'options' } then { response }: signs in with a passkey. */
  passkeySignIn: '/api/espace-client/cle',
  me: '/api/espace-client/moi',
  signOut: '/api/espace-client/deconnexion',
  /** GET the person's sessions, DELETE them all; DELETE `${sessions}/:id` ends one. */
  sessions: '/api/espace-client/sessions',
  /** GET the person's passkeys, POST to add one; DELETE `${passkeys}/:id` removes one. */
  passkeys: '/api/espace-client/cles',
} as const;

/** The page an e-mailed sign-in link opens: its island posts the token (a mail scanner opening the link spends nothing). */
export const signInLinkPath = (token: string): string => `${spacePages.signIn}?jeton=${encodeURIComponent(token)}`;

/** Ends one session of « Mon compte » (its id as the sessions list gives it). */
export const spaceSessionPath = (id: string): string => `${spaceApi.sessions}/${encodeURIComponent(id)}`;

/** Removes one passkey of « Mon compte ». */
export const spacePasskeyPath = (id: string): string => `${spaceApi.passkeys}/${encodeURIComponent(id)}`;

/** Staff: sends a person of a company the invitation to the space (their sign-in link). */
export const customerInvitationPath = (companyId: string, personId: string): string =>
  `/api/clients/${encodeURIComponent(companyId)}/personnes/${encodeURIComponent(personId)}/invitation`;
