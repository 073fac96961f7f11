/** Values astro.config.mjs gives the site's code at build time (Vite `define`). */
interface ImportMetaEnv {
  /** True on `npm run dev`: drafts and articles waiting for their date are listed, with a badge. */
  readonly SHOW_UNPUBLISHED: boolean;
}
