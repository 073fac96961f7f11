// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import netlify from '@netlify/vite-plugin';

/** The public URL of the site: canonical links, sitemap and feeds are built from it. */
const site = process.env.SITE_URL ?? 'https://www.vision-caraibes.fr';

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'never',
  build: {
    // /contact is served from contact.html: no redirect to a trailing slash, one URL per page.
    format: 'file',
  },
  integrations: [react(), mdx()],
  vite: {
    plugins: [
      // `astro dev` only: functions, Blobs and netlify.toml redirects/headers under Vite's hot reload.
      netlify({
        edgeFunctions: { enabled: false },
        database: { enabled: false },
        images: { enabled: false },
      }),
    ],
  },
});
