/**
 * The editors' CMS on this computer (`npm run cms`): decap-server and the dev server listen on the loopback
 * only, since decap-server writes any file of the working copy for whoever reaches it, without a password.
 * Read by scripts/cms.mjs (which starts both), the CMS configuration and the CMS page's policy.
 */

/** The address both local servers bind to: this computer only. */
export const CMS_LOOPBACK = '127.0.0.1';

/** decap-server's port unless DECAP_SERVER_PORT says otherwise. */
export const DEFAULT_DECAP_SERVER_PORT = 8081;

/**
 * Where decap-server answers (« http://127.0.0.1:8081 »), on the dev server only (`dev`: Astro's
 * import.meta.env.DEV). A built CMS, the production one, has no local backend, so its policy allows no
 * local address.
 */
export function localDecapServer(env: Record<string, string | undefined>, dev: boolean): string | undefined {
  if (!dev) return undefined;
  return `http://${CMS_LOOPBACK}:${Number(env.DECAP_SERVER_PORT) || DEFAULT_DECAP_SERVER_PORT}`;
}
