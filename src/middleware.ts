/**
 * Every page as Astro renders it (the build writes each one, the dev server serves it): in French typography
 * (no-break spaces before « : ; ! ? » and inside « », typeset-page.ts), with only its own
 * hashes in its Content-Security-Policy (page-policy.ts), and the islands' style rule in its head, where HTML
 * allows a `<style>` (island-styles.ts). Done while the pages render, so the build reads and
 * writes no page twice.
 */
import { defineMiddleware } from 'astro:middleware';
import { islandStylesInHead } from './lib/island-styles';
import { ownPolicyHashes } from './lib/page-policy';
import { typesetPage } from './lib/typeset-page';

export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  return new Response(typesetPage(ownPolicyHashes(islandStylesInHead(await response.text()))), response);
});
