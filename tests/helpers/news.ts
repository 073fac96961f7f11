/**
 * The committed news articles, read from content/news/ as the build reads them, for browser tests to compare
 * the pages against. The tests state rules (« the list shows every public article, newest first »), so an
 * editor's new article changes what they expect, not whether they pass.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { NEWS_CATEGORIES, newsDay, publicArticles, sortNewestFirst, type NewsCategory } from '../../src/features/news/news';

const dir = fileURLToPath(new URL('../../content/news', import.meta.url));

export interface ArticleFile {
  id: number;
  titre: string;
  date: Date;
  categorie: NewsCategory;
  image: string;
  imageAlt: string;
  extrait: string;
  tags: string[];
  brouillon: boolean;
  /** The Markdown after the front matter; an article with a body has its own page. */
  body: string;
}

function readArticle(file: string): ArticleFile {
  const text = readFileSync(join(dir, file), 'utf8');
  const match = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`${file}: no front matter`);
  const data = parse(match[1]!) as Omit<ArticleFile, 'body' | 'date' | 'brouillon'> & { date: string | Date; brouillon?: boolean };
  return { ...data, date: new Date(data.date), brouillon: data.brouillon ?? false, body: match[2]!.trim() };
}

/** The articles a visitor sees today (Martinique), newest first: what every public news view shows. */
export const published: ArticleFile[] = sortNewestFirst(
  publicArticles(
    readdirSync(dir)
      .filter((file) => file.endsWith('.mdx'))
      .map(readArticle),
    newsDay(new Date()),
  ),
);

export const titlesOf = (articles: readonly ArticleFile[]): string[] => articles.map((article) => article.titre);

/** The public articles of one category, newest first. */
export const inCategory = (category: NewsCategory): ArticleFile[] => published.filter((article) => article.categorie === category);

/** The categories that hold at least one public article, in the filter buttons' order. */
export const usedCategories: NewsCategory[] = NEWS_CATEGORIES.filter((category) => inCategory(category).length > 0);

/** The first public article with a body: it has its own page. */
export const withPage = (): ArticleFile => {
  const article = published.find((item) => item.body !== '');
  if (!article) throw new Error('no public article has a body');
  return article;
};

/** « 1 actualité », « 3 actualités ». */
export const countText = (count: number): string => `${count} actualité${count > 1 ? 's' : ''}`;

/** A visitor's spelling of a word: capitals, no accents, « œ » as « oe ». */
export const shouted = (word: string): string =>
  word
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/œ/g, 'oe')
    .replace(/Œ/g, 'OE')
    .toUpperCase();

/** Whether a text holds a word, ignoring case and accents: what the list's search promises. */
export const holds = (text: string, word: string): boolean => shouted(text).includes(shouted(word));
