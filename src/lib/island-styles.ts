/**
 * Astro writes its islands' one style rule (`astro-island, astro-slot, astro-static-slot` shown as
 * `display: contents`) as a `<style>` element just before the first island of a page, so in a `<section>`
 * or a `<div>` of the body, where HTML allows no `<style>`. The pages' middleware (src/middleware.ts) moves it
 * into the page's `<head>` as the page renders: same rule, same Content-Security-Policy hash (a hash does not depend
 * on where the element stands), valid HTML.
 */
import { ISLAND_STYLES } from 'astro/runtime/server/astro-island-styles.js';

const ISLAND_STYLE_ELEMENT = `<style>${ISLAND_STYLES}</style>`;

/** A built page with the islands' `<style>` once, at the end of its `<head>`, and nowhere in its body. */
export function islandStylesInHead(html: string): string {
  const bodyStart = html.search(/<body[\s>]/i);
  const headEnd = html.search(/<\/head>/i);
  if (bodyStart < 0 || headEnd < 0 || !html.includes(ISLAND_STYLE_ELEMENT, bodyStart)) return html;
  const body = html.slice(bodyStart).replaceAll(ISLAND_STYLE_ELEMENT, '');
  const head = html.slice(0, bodyStart);
  const inHead = head.includes(ISLAND_STYLE_ELEMENT) ? head : `${head.slice(0, headEnd)}${ISLAND_STYLE_ELEMENT}${head.slice(headEnd)}`;
  return `${inHead}${body}`;
}
