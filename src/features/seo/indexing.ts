/**
 * Which built pages search engines should index: the sitemap lists them, the others carry `noindex`.
 * astro.config.mjs (sitemap filter) and the tests over the built site share this one rule.
 */
import { paths, routeOf, spacePaths } from '../../lib/paths';

/**
 * Pages kept out of search engines: the admin, the cart, the customer's devis page and the error pages. The store search page is
 * indexed as one page: its canonical link drops the `?q=` of each search.
 */
export function isIndexablePath(pathname: string): boolean {
  const path = routeOf(pathname);
  if (path === '/admin' || path.startsWith('/admin/')) return false;
  if (path === paths.cart) return false;
  // A devis is personal: its page (reached by a signed link) is never indexed.
  if (path === '/devis' || path.startsWith('/devis/')) return false;
  // The customers' space is private: its pages show nothing without a session.
  if (path === spacePaths.home || path.startsWith(`${spacePaths.home}/`)) return false;
  if (path === '/404' || path === '/500') return false;
  // Pre-rendered « not found » pages of the store (e.g. /commerce/produits/introuvable).
  if (path.split('/').at(-1) === 'introuvable') return false;
  return true;
}
