/**
 * French typography over every page of the build, an Astro integration: once the pages are written
 * (`astro:build:done`), each HTML file goes through `frenchTypography` (typography.ts) and is written back
 * when it changed. The islands (`<astro-island>`) and form fields' values (`<textarea>`) are left as they
 * are: React compares an island's server HTML with what it renders in the browser, so their texts carry
 * their no-break spaces in their source (the typography test reads both).
 */
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { frenchTypography } from './typography.ts';

/** The opening and closing tags of the elements kept as they are (an island may hold islands). */
const KEPT = /<(astro-island|textarea)\b[^>]*>|<\/(astro-island|textarea)>/gi;

/**
 * An HTML page in French typography, its islands and textareas untouched: they are swapped for empty
 * placeholder elements (tags, which typograf leaves alone) while it runs, then put back.
 */
export function typesetPage(html: string): string {
  const kept: string[] = [];
  let depth = 0;
  let start = 0;
  let name = '';
  let outside = '';
  let last = 0;
  for (const match of html.matchAll(KEPT)) {
    const opening = match[1]?.toLowerCase();
    const closing = match[2]?.toLowerCase();
    if (opening && depth === 0) {
      name = opening;
      start = match.index;
      depth = 1;
    } else if (opening === name) depth += 1;
    else if (closing === name && depth > 0) {
      depth -= 1;
      if (depth === 0) {
        outside += `${html.slice(last, start)}<typo-kept data-n="${kept.length}"></typo-kept>`;
        kept.push(html.slice(start, match.index + match[0].length));
        last = match.index + match[0].length;
      }
    }
  }
  outside += html.slice(last);
  return frenchTypography(outside).replace(/<typo-kept data-n="(\d+)"><\/typo-kept>/g, (_, n: string) => kept[Number(n)]!);
}

/** Every HTML file under a folder (the build's pages). */
export async function builtHtmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.html')).map((entry) => join(entry.parentPath, entry.name));
}

/** The integration: every built page in French typography. */
export function frenchTypographyBuild(): AstroIntegration {
  return {
    name: 'french-typography',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = Date.now();
        let changed = 0;
        const files = await builtHtmlFiles(fileURLToPath(dir));
        for (const file of files) {
          const html = await readFile(file, 'utf8');
          const typeset = typesetPage(html);
          if (typeset === html) continue;
          await writeFile(file, typeset);
          changed += 1;
        }
        logger.info(`typographie française : ${changed} pages sur ${files.length} corrigées en ${Date.now() - started} ms`);
      },
    },
  };
}
