/**
 * The pre-built data of the category browser: for every product scope (each listing, each subcategory)
 * and every sort, one small JSON file per page of PAGE_SIZE cards. The browser script fetches only the
 * page it shows, so sorting and filtering never download a whole category, however large the catalogue.
 * Written once per build by the store integration (src/features/catalogue/integration.server.ts).
 */
import { browseDataPath } from '../../lib/paths';
import { browseScope, pageCountOf, paginate, sortProducts, SORT_KEYS, type BrowseData } from './browse';
import type { CardProduct } from './card';
import { listingProducts, type Listing } from './listings';

/** One file to write: its public path and its content. */
export interface BrowseFile {
  path: string;
  data: BrowseData<CardProduct>;
}

function* scopeFiles(scope: string, products: readonly CardProduct[]): Generator<BrowseFile> {
  for (const sort of SORT_KEYS) {
    const sorted = sortProducts(products, sort);
    const pageCount = pageCountOf(sorted.length);
    for (let page = 1; page <= pageCount; page += 1) {
      const { items, total } = paginate(sorted, page);
      yield { path: browseDataPath(scope, sort, page), data: { total, pageCount, page, items } };
    }
  }
}

/** Every file of the browse data: each listing unfiltered, then each subcategory of each category. */
export function* browseFiles(listings: readonly Listing[], products: readonly CardProduct[]): Generator<BrowseFile> {
  for (const listing of listings) yield* scopeFiles(listing.slug, listingProducts(listing, products));
  const bySubcategory = new Map<string, CardProduct[]>();
  for (const product of products) {
    const scope = browseScope('', { category: product.category, subcategory: product.subcategory });
    const members = bySubcategory.get(scope) ?? [];
    members.push(product);
    bySubcategory.set(scope, members);
  }
  for (const [scope, members] of bySubcategory) yield* scopeFiles(scope, members);
}
