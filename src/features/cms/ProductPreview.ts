/**
 * The CMS preview of a product, laid out like its page: the photo or drawing, the range, the name, the
 * internal code and the manufacturer reference, the price excluding tax (the former one struck out), the
 * badge, the stock line, the description and the specifications. Plain createElement, as NewsPreview.
 */
import { createElement as h, type CSSProperties } from 'react';
import { formatEuros } from '../../lib/price';
import { stockLabel } from '../store/phrases';
import type { PreviewProps } from './NewsPreview';

const styles: Record<string, CSSProperties> = {
  page: { fontFamily: 'system-ui, sans-serif', maxWidth: '50rem', margin: '0 auto', padding: '1.5rem', color: '#14213d', lineHeight: 1.5 },
  media: { position: 'relative', aspectRatio: '4 / 3', borderRadius: '0.75rem', overflow: 'hidden', background: '#f1f5f9', border: '1px solid #e2e8f0' },
  image: { width: '100%', height: '100%', objectFit: 'cover', display: 'block' },
  badge: { position: 'absolute', top: '0.75rem', left: '0.75rem', padding: '0.25rem 0.75rem', borderRadius: '999px', background: '#f59e0b', fontWeight: 700, fontSize: '0.875rem' },
  range: { display: 'inline-block', margin: '1.25rem 0 0.5rem', padding: '0.125rem 0.5rem', borderRadius: '0.375rem', background: '#ccfbf1', color: '#115e59', fontWeight: 700, fontSize: '0.875rem' },
  name: { fontSize: '2rem', lineHeight: 1.2, margin: '0 0 0.75rem' },
  codes: { display: 'flex', gap: '2rem', margin: '0 0 1rem', fontSize: '0.875rem' },
  code: { fontFamily: 'ui-monospace, monospace', fontWeight: 700 },
  price: { fontSize: '1.75rem', fontWeight: 800, margin: '0' },
  old: { marginLeft: '0.75rem', fontSize: '1rem', fontWeight: 400, color: '#64748b', textDecoration: 'line-through' },
  stock: { fontWeight: 600, margin: '0.5rem 0 1.5rem' },
  table: { width: '100%', borderCollapse: 'collapse', fontSize: '0.9375rem' },
  cell: { textAlign: 'left', padding: '0.5rem 0.75rem', borderBottom: '1px solid #e2e8f0', verticalAlign: 'top' },
};

export function ProductPreview({ entry, getAsset }: PreviewProps) {
  const field = (name: string) => entry.getIn(['data', name]);
  const text = (name: string) => String(field(name) ?? '');
  const euros = (name: string) => (typeof field(name) === 'number' ? formatEuros(field(name) as number) : '');
  const image = text('image') ? getAsset(text('image'))?.toString() : undefined;
  const rows = field('specifications') as { toJS?: () => { label?: string; value?: string }[] } | undefined;
  const inStock = field('inStock') !== false;
  return h(
    'article',
    { style: styles.page },
    h('div', { style: styles.media }, image && h('img', { src: image, alt: text('name'), style: styles.image }), text('badge') && h('span', { style: styles.badge }, text('badge'))),
    text('subcategory') && h('p', { style: styles.range }, text('subcategory')),
    h('h1', { style: styles.name }, text('name')),
    h('p', { style: styles.codes }, h('span', null, 'Code article ', h('span', { style: styles.code }, text('code'))), h('span', null, 'Référence ', h('span', { style: styles.code }, text('reference')))),
    h('p', { style: styles.price }, euros('priceHT') && `${euros('priceHT')} HT`, euros('oldPrice') && h('span', { style: styles.old }, `${euros('oldPrice')} HT`)),
    h('p', { style: { ...styles.stock, color: inStock ? '#15803d' : '#b91c1c' } }, stockLabel(inStock)),
    h('p', null, text('description')),
    h(
      'table',
      { style: styles.table },
      h('tbody', null, ...(rows?.toJS?.() ?? []).map((row, index) => h('tr', { key: index }, h('th', { style: styles.cell, scope: 'row' }, row.label ?? ''), h('td', { style: styles.cell }, row.value ?? '')))),
    ),
  );
}
