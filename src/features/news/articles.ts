/**
 * Reads the news collection for the pages: articles newest first, each knowing whether it has a body
 * (and so a detail page, DECISIONS.md §13).
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import { duplicateIds, sortNewestFirst, type NewsArticle } from './news';

/** An article with the collection entry its detail page renders. */
export interface NewsItem extends NewsArticle {
  entry: CollectionEntry<'news'>;
}

/** Every article, newest first. Fails the build when two files share an id (it is their address). */
export async function getNewsArticles(): Promise<NewsItem[]> {
  const entries = await getCollection('news');
  const duplicates = duplicateIds(entries.map((entry) => ({ id: entry.data.id, file: entry.filePath ?? entry.id })));
  if (duplicates.length > 0) {
    const list = duplicates.map(({ id, files }) => `id ${id} : ${files.join(', ')}`).join(' ; ');
    throw new Error(`Actualités : plusieurs fichiers ont le même id (${list}). Chaque article doit avoir son propre id.`);
  }
  return sortNewestFirst(
    entries.map((entry) => ({ ...entry.data, hasBody: (entry.body ?? '').trim() !== '', entry })),
  );
}
