/**
 * The news collection: one MDX file per article in content/news/, validated by its schema when the
 * site builds. Registered in src/content.config.ts.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { newsFrontmatterSchema } from './schema';

export const news = defineCollection({
  loader: glob({ pattern: '*.mdx', base: './content/news' }),
  schema: newsFrontmatterSchema,
});
