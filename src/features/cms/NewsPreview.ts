/**
 * The CMS preview of an article: its category, date, title, image, extract and text, with the
 * « Brouillon » or « Programmé le … » badge the dev server shows, so an editor sees at once whether visitors
 * will see it. Plain createElement rather than JSX: the CMS script is not an Astro island, and the dev
 * server's React transform expects one.
 */
import { createElement as h, type CSSProperties, type ReactNode } from 'react';
import { calendarDay } from '../../records/moment';
import { newsDay, publicationState } from '../news/news';

/** What Decap gives a preview template (the parts used here). */
export interface PreviewProps {
  entry: { getIn: (path: string[]) => unknown };
  widgetFor: (name: string) => ReactNode;
  getAsset: (path: string) => { toString: () => string } | undefined;
}

/** A date field's value as Decap holds it (a Date or « AAAA-MM-JJ »), as a calendar day at midnight UTC. */
function dayOf(value: unknown): Date | null {
  if (value instanceof Date) return new Date(Date.UTC(value.getFullYear(), value.getMonth(), value.getDate()));
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) return new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return null;
}

const styles: Record<string, CSSProperties> = {
  article: { fontFamily: 'system-ui, sans-serif', maxWidth: '50rem', margin: '0 auto', padding: '1.5rem', color: '#14213d', lineHeight: 1.6 },
  meta: { display: 'flex', gap: '0.75rem', alignItems: 'center', flexWrap: 'wrap', margin: '0 0 0.75rem', fontSize: '0.875rem' },
  badge: { padding: '0.125rem 0.75rem', border: '2px dashed currentColor', borderRadius: '999px', fontWeight: 700, color: '#9a3412' },
  category: { fontWeight: 700, color: '#9a3412' },
  title: { fontSize: '2rem', lineHeight: 1.2, margin: '0 0 1rem' },
  image: { width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: '0.75rem' },
  extract: { fontSize: '1.125rem', color: '#475569' },
};

export function NewsPreview({ entry, widgetFor, getAsset }: PreviewProps) {
  const field = (name: string) => entry.getIn(['data', name]);
  const text = (name: string) => String(field(name) ?? '');
  const date = dayOf(field('date'));
  const draft = field('brouillon') === true;
  const state = date ? publicationState({ brouillon: draft, date }, newsDay(new Date())) : draft ? 'brouillon' : 'publie';
  const image = typeof field('image') === 'string' && field('image') !== '' ? getAsset(text('image'))?.toString() : undefined;
  return h(
    'article',
    { style: styles.article },
    h(
      'p',
      { style: styles.meta },
      state === 'brouillon' && h('span', { style: styles.badge }, 'Brouillon'),
      state === 'programme' && date && h('span', { style: styles.badge }, `Programmé le ${calendarDay(date)}`),
      h('span', { style: styles.category }, text('categorie')),
      date && h('span', null, `Publié le ${calendarDay(date)}`),
    ),
    h('h1', { style: styles.title }, text('titre')),
    image && h('img', { src: image, alt: text('imageAlt'), style: styles.image }),
    h('p', { style: styles.extract }, text('extrait')),
    h('div', null, widgetFor('body')),
  );
}
