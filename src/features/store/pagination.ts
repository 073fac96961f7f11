/**
 * The items of a listing's pagination, for Pagination.astro (static pages) and browser.client.ts (sorted
 * or filtered views): « Précédent », the page window with gaps, « Suivant ». « Précédent » on the first
 * page and « Suivant » on the last stay in place as disabled links (no address).
 */
import { pageWindow } from '../catalogue/browse';

export type PaginationItem =
  | { kind: 'gap' }
  | { kind: 'link'; page: number; text: string; label: string; current: boolean; disabled: boolean; rel?: 'prev' | 'next' };

/** Previous, the numbered window, next. */
export function paginationItems(page: number, pageCount: number): PaginationItem[] {
  const numbers: PaginationItem[] = pageWindow(page, pageCount).map((n) =>
    n === null ? { kind: 'gap' } : { kind: 'link', page: n, text: String(n), label: `Page ${n}`, current: n === page, disabled: false },
  );
  return [
    { kind: 'link', page: page - 1, text: 'Précédent', label: 'Précédent', current: false, disabled: page <= 1, rel: 'prev' },
    ...numbers,
    { kind: 'link', page: page + 1, text: 'Suivant', label: 'Suivant', current: false, disabled: page >= pageCount, rel: 'next' },
  ];
}

/** The same markup as Pagination.astro, for a view drawn in the browser. */
export function renderPagination(nav: HTMLElement, page: number, pageCount: number, href: (page: number) => string): void {
  nav.hidden = pageCount <= 1;
  nav.replaceChildren(
    ...paginationItems(page, pageCount).map((item) => {
      if (item.kind === 'gap') {
        const gap = document.createElement('span');
        gap.className = 'page-gap';
        gap.setAttribute('aria-hidden', 'true');
        gap.textContent = '…';
        return gap;
      }
      const link = document.createElement('a');
      link.className = 'page-button';
      link.textContent = item.text;
      link.setAttribute('aria-label', item.label);
      if (item.disabled) {
        link.setAttribute('role', 'link');
        link.setAttribute('aria-disabled', 'true');
        return link;
      }
      link.dataset.page = String(item.page);
      link.href = href(item.page);
      if (item.current) link.setAttribute('aria-current', 'page');
      if (item.rel) link.rel = item.rel;
      return link;
    }),
  );
}
