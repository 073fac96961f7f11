/**
 * What the CMS page adds to the site's Content-Security-Policy, and why. Every other page keeps the strict
 * policy of astro.config.mjs; netlify.toml sends the same additions in the CMS page's header (a test checks
 * that both agree).
 */
export const CMS_POLICY = {
  /** Decap compiles code at run time (its bundled libraries call `new Function`). */
  scriptSources: ["'unsafe-eval'"],
  /** Decap's interface injects `<style>` elements (emotion) and sets style attributes (React). */
  styleSources: ["'unsafe-inline'"],
  /** Images being uploaded are previewed from blob: URLs; the GitHub backend shows avatars and stored images. */
  imageSources: ['blob:', 'https://avatars.githubusercontent.com', 'https://raw.githubusercontent.com'],
  /**
   * The GitHub backend talks to GitHub's API; the CMS reads the photos being uploaded from blob: URLs. No local
   * address: under `npm run cms` the page adds decap-server's own (local-server.ts), the production CMS none.
   */
  connectSources: ['blob:', 'https://api.github.com'],
} as const;
