/**
 * Indexes the built product pages for the store search with Pagefind (its Node API drives Pagefind's
 * own binary). Only what a product page marks is indexed: its `data-pagefind-body` parts (name, range,
 * codes, description) and the extra search terms (search-terms.ts); its `card` meta carries what a
 * result card shows. The index goes to dist/pagefind/, split in chunks so a query downloads only the
 * chunks of its words.
 */
import * as pagefind from 'pagefind';
import { join } from 'node:path';

/** Indexes `outDir`'s product pages into `outDir/pagefind`; returns the number of pages indexed. */
export async function indexProductPages(outDir: string): Promise<number> {
  try {
    const { index, errors } = await pagefind.createIndex({ forceLanguage: 'fr' });
    if (!index) throw new Error(`Pagefind : ${errors.join(' ; ')}`);
    const added = await index.addDirectory({ path: outDir, glob: 'commerce/produits/**/*.html' });
    if (added.errors.length > 0) throw new Error(`Pagefind : ${added.errors.join(' ; ')}`);
    const written = await index.writeFiles({ outputPath: join(outDir, 'pagefind') });
    if (written.errors.length > 0) throw new Error(`Pagefind : ${written.errors.join(' ; ')}`);
    return added.page_count;
  } finally {
    await pagefind.close();
  }
}
