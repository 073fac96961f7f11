/**
 * The technicians' app's build step, an Astro integration: once the pages are written, the service worker
 * (sw.ts, bundled with esbuild) is written to dist/admin/sw.js with its precache list — the two ticket
 * screens' HTML, every script and style they load (their islands and the chunks those import, read from the
 * built files), the manifest and its icons — each with a revision (the hashed /_astro/ files are their own
 * revision), so a new build replaces exactly what changed.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';
import { FIELD_MANIFEST } from '../tickets/offline/field-model';

/** The built pages the app opens offline (the ticket view is one page for every ticket). */
export const FIELD_PAGES = ['/admin/tickets', '/admin/tickets/ticket'] as const;

/** Every /_astro/ file a page loads: what its HTML names, then what those scripts import, statically or lazily. */
export function assetsOf(dist: string, html: string): string[] {
  const seen = new Set<string>();
  const queue = [...html.matchAll(/\/_astro\/[\w.@~-]+\.(?:js|css|woff2)/g)].map((match) => match[0]);
  while (queue.length > 0) {
    const url = queue.pop()!;
    if (seen.has(url)) continue;
    const path = join(dist, url);
    if (!existsSync(path)) continue;
    seen.add(url);
    if (!url.endsWith('.js')) continue;
    // Vite's chunks name each other relatively (`"./client.abc.js"`, a lazy load's `` `./Dialog.abc.js` ``) or
    // from the base (its preload list: `"_astro/Dialog.abc.js"`); all live in /_astro/.
    for (const match of readFileSync(path, 'utf8').matchAll(/["'`](?:\.\/|_astro\/)([\w.@~-]+\.(?:js|css))["'`]/g)) queue.push(posix.join(posix.dirname(url), match[1]!));
  }
  return [...seen].sort();
}

const revisionOf = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex').slice(0, 16);

/** The precache list of a build: pages and public files with their revision, hashed assets without. */
export function precacheList(dist: string): { url: string; revision: string | null }[] {
  const pages = FIELD_PAGES.map((page) => ({ page, file: join(dist, `${page}.html`) }));
  const assets = new Set<string>();
  const entries: { url: string; revision: string | null }[] = [];
  for (const { page, file } of pages) {
    const html = readFileSync(file);
    entries.push({ url: page, revision: revisionOf(html) });
    for (const asset of assetsOf(dist, html.toString('utf8'))) assets.add(asset);
  }
  for (const url of [FIELD_MANIFEST, '/app/icon-192.png']) entries.push({ url, revision: revisionOf(readFileSync(join(dist, url))) });
  for (const url of [...assets].sort()) entries.push({ url, revision: null });
  return entries;
}

/** The integration. */
export function fieldAppBuild(): AstroIntegration {
  return {
    name: 'field-app',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        const dist = fileURLToPath(dir);
        const entries = precacheList(dist);
        const result = await build({
          entryPoints: [fileURLToPath(new URL('./sw.ts', import.meta.url))],
          bundle: true,
          format: 'iife',
          minify: true,
          target: 'es2022',
          write: false,
          define: { 'self.__SW_MANIFEST': JSON.stringify(entries) },
          legalComments: 'none',
        });
        writeFileSync(join(dist, 'admin', 'sw.js'), result.outputFiles[0]!.contents);
      },
    },
  };
}
