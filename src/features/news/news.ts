/**
 * The news model and its pure rules: categories, filtering, archives. Shared by the pages (build
 * time) and the list's filter script (browser), so it imports nothing Astro-specific.
 */
import { normalizeForSearch } from '../../lib/text';
import type { ImageMetadata } from 'astro';
import { isoDay, isoMonth } from '../../lib/format';
import { calendarDay, localDay } from '../../records/moment';

/** The categories an article belongs to, in the order the filter buttons show them. */
export const NEWS_CATEGORIES = ['Événements', 'Nos solutions', 'Recrutement'] as const;
export type NewsCategory = (typeof NEWS_CATEGORIES)[number];

/** The label of the filter button that shows every category. */
export const ALL_CATEGORIES_LABEL = 'Tout';

/** What a list shows when nothing matches. */
export const NO_RESULT_MESSAGE = 'Aucune actualité ne correspond à votre recherche.';

/** Every article image is drawn at this size (16:9); pages give it to `<img>` to reserve the space. */
export const NEWS_IMAGE_SIZE = { width: 1200, height: 675 } as const;

/** The folder of `public/` that holds article images, as a URL path. */
export const NEWS_IMAGE_DIR = '/images/actualites/';

/** The query parameters of the list: `?categorie=Recrutement&q=technicien&mois=2019-04`. */
export const NEWS_PARAMS = { category: 'categorie', query: 'q', month: 'mois' } as const;

/** An article as the pages use it (front matter plus whether it has a body, hence a detail page). */
export interface NewsArticle {
  id: number;
  titre: string;
  date: Date;
  categorie: NewsCategory;
  /** A drawing of public/ (its URL path) or a photo read by the image pipeline. */
  image: string | ImageMetadata;
  imageAlt: string;
  extrait: string;
  tags: string[];
  /** A draft is never public: the editor is still writing it. */
  brouillon: boolean;
  hasBody: boolean;
}

/** What a visitor narrows the list by; null means « all ». */
export interface NewsFilter {
  category: NewsCategory | null;
  query: string;
  month: string | null;
}

/** The facts of a card the filter compares: its category, its searchable text and its month. */
export interface NewsCardFacts {
  category: string;
  searchText: string;
  month: string;
}

/** The text a search looks in: title and excerpt, normalised once at build time. */
export const searchTextOf = (article: Pick<NewsArticle, 'titre' | 'extrait'>): string =>
  normalizeForSearch(`${article.titre} ${article.extrait}`);

/** The facts of an article's card. */
export const cardFactsOf = (article: NewsArticle): NewsCardFacts => ({
  category: article.categorie,
  searchText: searchTextOf(article),
  month: isoMonth(article.date),
});

/** Whether a card passes a filter: category, month and search all have to agree. */
export function matchesNewsFilter(card: NewsCardFacts, filter: NewsFilter): boolean {
  if (filter.category !== null && card.category !== filter.category) return false;
  if (filter.month !== null && card.month !== filter.month) return false;
  const query = normalizeForSearch(filter.query);
  return query === '' || card.searchText.includes(query);
}

/** The category a URL names, ignoring case and accents (`?categorie=evenements`); null when none matches. */
export function categoryFromParam(value: string | null): NewsCategory | null {
  if (value === null) return null;
  const wanted = normalizeForSearch(value);
  return NEWS_CATEGORIES.find((category) => normalizeForSearch(category) === wanted) ?? null;
}

/** The filter a list URL opens with. */
export function filterFromParams(params: URLSearchParams): NewsFilter {
  const month = params.get(NEWS_PARAMS.month);
  return {
    category: categoryFromParam(params.get(NEWS_PARAMS.category)),
    query: params.get(NEWS_PARAMS.query) ?? '',
    month: month !== null && /^\d{4}-\d{2}$/.test(month) ? month : null,
  };
}

/** The query string of a filter (empty for « everything »), so a filtered list can be shared. */
export function filterToSearch(filter: NewsFilter): string {
  const params = new URLSearchParams();
  if (filter.category !== null) params.set(NEWS_PARAMS.category, filter.category);
  if (filter.query.trim() !== '') params.set(NEWS_PARAMS.query, filter.query.trim());
  if (filter.month !== null) params.set(NEWS_PARAMS.month, filter.month);
  const search = params.toString();
  return search === '' ? '' : `?${search}`;
}

/** Articles newest first; on the same day, in the order of their ids. */
export function sortNewestFirst<T extends Pick<NewsArticle, 'id' | 'date'>>(articles: readonly T[]): T[] {
  return [...articles].sort((a, b) => b.date.getTime() - a.date.getTime() || a.id - b.id);
}

/** One month of the archives: « Avril 2019 », its key « 2019-04 » and how many articles it holds. */
export interface ArchiveMonth {
  key: string;
  label: string;
  count: number;
}

/** The archive months, derived from the articles' dates, newest first. */
export function archiveMonths(articles: readonly Pick<NewsArticle, 'date'>[]): ArchiveMonth[] {
  const months = new Map<string, ArchiveMonth>();
  for (const { date } of articles) {
    const key = isoMonth(date);
    const month = months.get(key) ?? { key, label: calendarDay(date, 'month'), count: 0 };
    month.count += 1;
    months.set(key, month);
  }
  return [...months.values()].sort((a, b) => b.key.localeCompare(a.key));
}

/** Every category with its number of articles, in the filter buttons' order. */
export function categoryCounts(articles: readonly Pick<NewsArticle, 'categorie'>[]): { category: NewsCategory; count: number }[] {
  return NEWS_CATEGORIES.map((category) => ({
    category,
    count: articles.filter((article) => article.categorie === category).length,
  }));
}

/** « 1 actualité », « 3 actualités »: the count line above the cards. */
export const countLabel = (count: number): string => `${count} actualité${count > 1 ? 's' : ''}`;

/**
 * The ids used by more than one file, with those files, so the build can refuse them: the id is the
 * article's address (/actualites/{id}).
 */
export function duplicateIds(files: readonly { id: number; file: string }[]): { id: number; files: string[] }[] {
  const byId = new Map<number, string[]>();
  for (const { id, file } of files) byId.set(id, [...(byId.get(id) ?? []), file]);
  return [...byId].filter(([, list]) => list.length > 1).map(([id, list]) => ({ id, files: list }));
}

/**
 * Publication. An article is public once it is not a draft and its day has come in Martinique (the
 * company's calendar): an article dated 12 March appears with the first build on or after 12 March there.
 * Every public view (list, detail pages, feed, sitemap, search, archives) reads articles through
 * `publicArticles`, so one rule decides.
 */
/** « 2026-03-12 »: the calendar day a moment falls on in Martinique. */
export const newsDay = (now: Date): string => localDay(now);

/** Where an article stands on a given day: public, a draft, or waiting for its date. */
export type PublicationState = 'publie' | 'brouillon' | 'programme';

export function publicationState(article: Pick<NewsArticle, 'brouillon' | 'date'>, today: string): PublicationState {
  if (article.brouillon) return 'brouillon';
  return isoDay(article.date) > today ? 'programme' : 'publie';
}

/** The articles visitors see on `today` (« AAAA-MM-JJ », Martinique), in the order given. */
export function publicArticles<T extends Pick<NewsArticle, 'brouillon' | 'date'>>(articles: readonly T[], today: string): T[] {
  return articles.filter((article) => publicationState(article, today) === 'publie');
}

/**
 * The days on which articles left out of a build for their date become due, earliest first (drafts are not
 * scheduled). The build publishes them so the daily job can tell that the live site misses an article.
 */
export function upcomingDays(articles: readonly Pick<NewsArticle, 'brouillon' | 'date'>[], today: string): string[] {
  const days = articles.filter((article) => publicationState(article, today) === 'programme').map((article) => isoDay(article.date));
  return [...new Set(days)].sort();
}
