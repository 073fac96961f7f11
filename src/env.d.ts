/** Values astro.config.mjs gives the site's code at build time (Vite `define`). */
interface ImportMetaEnv {
  /** True on `npm run dev`: drafts and articles waiting for their date are listed, with a badge. */
  readonly SHOW_UNPUBLISHED: boolean;
  /** True on `npm run dev`, which has no build step: a product photo's card copy is made on demand. */
  readonly DEV_SERVER: boolean;
}
