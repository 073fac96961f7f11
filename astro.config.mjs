// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { isIndexablePath } from './src/features/seo/indexing.ts';
import { storeBuild } from './src/features/catalogue/integration.server.ts';
import { mediaCheck } from './src/features/cms/media-check.ts';
import { DEFAULT_SITE_URL } from './src/lib/constants.ts';
import { fieldAppBuild } from './src/features/field/field-build.server.ts';

/** The largest style sheet written into its pages rather than linked, in bytes (vite.build.assetsInlineLimit). */
const INLINE_STYLESHEET_MAX = 16 * 1024;
/** Vite's own limit for the other assets (a small script written into its page, an image as a data: URL). */
const INLINE_ASSET_MAX = 4096;

/** The public URL of the site: canonical links, sitemap and feeds are built from it. */
const site = process.env.SITE_URL || DEFAULT_SITE_URL;

/** The command Astro runs (`dev`, `build`, `check`…): the CLI's first argument. */
const command = process.argv[2];

/**
 * `astro dev` only: the functions, Blobs and netlify.toml redirects and headers under Vite's hot reload,
 * by @netlify/vite-plugin, imported only for that command (the CLI's first argument): importing it costs
 * every build about 1.7 s. Its static files and redirects are off, so every page is the one Astro renders
 * from the files being edited: the static files would serve the last build's pages (dist/, the publish
 * folder) instead, and the redirects, which apply where no built file exists, would send a draft's page or
 * any article's to the news list (/actualites/:id). Vite serves public/ itself; `npm start` and Netlify keep
 * both. Its Blobs server listens on the loopback only (scripts/lib/loopback.mjs).
 */
async function netlifyDevPlugin() {
  const { keepEmulationOnLoopback } = await import('./scripts/lib/loopback.mjs');
  keepEmulationOnLoopback();
  const { default: netlify } = await import('@netlify/vite-plugin');
  return netlify({
    edgeFunctions: { enabled: false },
    database: { enabled: false },
    images: { enabled: false },
    staticFiles: { enabled: false },
    redirects: { enabled: false },
  });
}
const netlifyDev = command === 'dev' ? await netlifyDevPlugin() : [];

/** `npm run cms` (scripts/cms.mjs): the dev server serves the editors' CMS, not a developer. */
const cmsLocal = process.env.CMS_LOCAL === 'true';

export default defineConfig({
  site,
  output: 'static',
  // The developer toolbar would cover the bottom of every CMS screen (its « Publier » confirmations too).
  devToolbar: { enabled: !cmsLocal },
  trailingSlash: 'never',
  build: {
    // /contact is served from contact.html: no redirect to a trailing slash, one URL per page.
    format: 'file',
    // Pages rendered at once: while one waits for its file to be written (or a CSP hash), the next renders.
    // At 10 000 products the main thread went from a quarter idle (1 page) to 13 % (4 pages) and 11 % (8):
    // the rest is waiting for the second core, shared by Pagefind and the data pages' writer.
    concurrency: 8,
    // Style sheets under INLINE_STYLESHEET_MAX (the public pages': the layouts' and the shared phrases') are
    // written into the page, so its first paint waits for no second request; the back office's larger sheet
    // stays a file.
    inlineStylesheets: 'auto',
  },
  markdown: {
    // Shiki colours code with inline style attributes, which the Content-Security-Policy blocks.
    syntaxHighlight: false,
  },
  integrations: [
    // Every file of the photo folders is the photo its name says, read from its bytes, or the build stops.
    mediaCheck(),
    react(),
    mdx(),
    // Every indexable page; the admin, cart, search and error pages are left out (one rule, shared with the tests).
    sitemap({ filter: (page) => isIndexablePath(new URL(page).pathname) }),
    // The category browser's data pages and the search index, written after the pages.
    storeBuild(),
    // The technicians' app's service worker, with the ticket screens' files to precache.
    fieldAppBuild(),
  ],
  security: {
    // A Content-Security-Policy <meta> on every page: Astro hashes the scripts and styles it emits, JsonLd.astro
    // adds the hash of each JSON-LD block. frame-ancestors cannot be set by a <meta>: netlify.toml sends it.
    csp: {
      algorithm: 'SHA-256',
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "media-src 'self'",
        "manifest-src 'self'",
        "worker-src 'self'",
        "frame-src 'none'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
      ],
    },
  },
  vite: {
    plugins: [netlifyDev],
    define: {
      // Drafts and articles waiting for their date are shown on the dev server only, for proofreading.
      'import.meta.env.SHOW_UNPUBLISHED': JSON.stringify(command === 'dev'),
      // The dev server has no build step (the store's card copies of product photos are made on demand).
      'import.meta.env.DEV_SERVER': JSON.stringify(command === 'dev'),
    },
    // The store search's worker (search.worker.ts) is a module: it imports Pagefind's script.
    worker: { format: 'es' },
    build: {
      assetsInlineLimit: (file, content) => content.length < (file.endsWith('.css') ? INLINE_STYLESHEET_MAX : INLINE_ASSET_MAX),
      rolldownOptions: {
        // MDX modules carry Astro's "use astro:head-inject" directive; the bundler warns that it may drop it,
        // which is harmless (withastro/astro#18087). Every other warning still shows.
        onwarn(warning, warn) {
          if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('astro:head-inject')) return;
          warn(warning);
        },
      },
    },
  },
});
