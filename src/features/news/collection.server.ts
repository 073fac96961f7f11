/**
 * The news collection: one MDX file per article in content/news/, validated by its schema when the
 * site builds; the photos beside them (content/news/images/) are checked as the collection loads.
 * Registered in src/content.config.ts.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineCollection } from 'astro:content';
import { glob, type Loader } from 'astro/loaders';
import { newsFrontmatterSchema } from './schema.server';
import { photoFileProblem } from '../../lib/photo-file';

/** `glob()` plus the photo check: the build stops with one line per refused photo, naming its article. */
function newsLoader(): Loader {
  const inner = glob({ pattern: '*.mdx', base: './content/news' });
  return {
    name: 'news',
    load: async (context) => {
      await inner.load(context);
      const root = fileURLToPath(context.config.root);
      const problems: string[] = [];
      for (const entry of context.store.values()) {
        const image = (entry.data as { image?: unknown }).image;
        if (typeof image !== 'string' || !entry.filePath) continue;
        const problem = await photoFileProblem(join(root, entry.filePath), image, 'content/news/images/');
        if (problem) problems.push(`${entry.filePath} → image : ${problem}`);
      }
      if (problems.length > 0) throw new Error(`Actualités : photo refusée.\n${problems.join('\n')}`);
    },
  };
}

export const news = defineCollection({
  loader: newsLoader(),
  schema: newsFrontmatterSchema,
});
