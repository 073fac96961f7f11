import { describe, expect, it } from 'vitest';
import { paginationItems } from './pagination';

const summary = (page: number, pageCount: number) =>
  paginationItems(page, pageCount).map((item) => (item.kind === 'gap' ? '…' : `${item.text}${item.current ? '*' : ''}${item.disabled ? '!' : ''}`));

describe('a listing’s page links', () => {
  it('disable « Précédent » on the first page and « Suivant » on the last, and mark the current page', () => {
    expect(summary(1, 3)).toEqual(['Précédent!', '1*', '2', '3', 'Suivant']);
    expect(summary(3, 3)).toEqual(['Précédent', '1', '2', '3*', 'Suivant!']);
  });
  it('keep a long list short with gaps around the current page', () => {
    expect(summary(400, 834)).toEqual(['Précédent', '1', '…', '398', '399', '400*', '401', '402', '…', '834', 'Suivant']);
  });
  it('point previous and next at the neighbouring pages', () => {
    const items = paginationItems(5, 9);
    expect(items[0]).toMatchObject({ page: 4, rel: 'prev' });
    expect(items.at(-1)).toMatchObject({ page: 6, rel: 'next' });
  });
});
