/**
 * The static paths of the listing pages: for each listing (a category, a group, the whole catalogue),
 * one pre-rendered page per PAGE_SIZE products in the default order (by name), with what the page shows.
 */
import { DEFAULT_SORT, filterGroups, pageCountOf, paginate, sortProducts, type FilterGroup } from '../catalogue/browse';
import type { CardProduct } from '../catalogue/card';
import { listingProducts, type Listing } from '../catalogue/listings';

/** What one pre-rendered listing page needs. */
export interface ListingPageProps {
  listing: Listing;
  page: number;
  pageCount: number;
  total: number;
  items: CardProduct[];
  groups: FilterGroup[];
}

/** Every page of a listing: page 1 has no `page` param (its address is the listing's), then `page/2`… */
export function listingPages(listing: Listing, products: readonly CardProduct[], titles: Readonly<Record<string, string>>) {
  const members = listingProducts(listing, products);
  const groups = filterGroups(members, titles);
  // Sorted once, then cut: a listing of thousands of products has hundreds of pages.
  const sorted = sortProducts(members, DEFAULT_SORT);
  const pageCount = pageCountOf(sorted.length);
  return Array.from({ length: pageCount }, (_, index) => {
    const view = paginate(sorted, index + 1);
    const props: ListingPageProps = { listing, page: view.page, pageCount: view.pageCount, total: view.total, items: view.items, groups };
    return { page: index === 0 ? undefined : `page/${index + 1}`, props };
  });
}
