/**
 * The store search index, written with Pagefind's Node API (which drives Pagefind's own binary) into the
 * folder served as /pagefind/, split in chunks so a query downloads only the chunks of its words. One
 * record per product, made from the catalogue itself rather than by parsing its built page (a fifth of the
 * indexing time at 10 000 products): its text is search.ts's searchText, its `card` meta what a result
 * card shows.
 */
import * as pagefind from 'pagefind';
import { productPath } from '../../lib/paths';
import { toCard } from './card';
import type { Product } from './schema';
import { searchText } from './search';

/** Indexes the products into `outputPath` (the future dist/pagefind); returns the number of records. */
export async function indexProducts(outputPath: string, products: readonly Product[], categoryTitles: Readonly<Record<string, string>>): Promise<number> {
  try {
    const { index, errors } = await pagefind.createIndex({ forceLanguage: 'fr' });
    if (!index) throw new Error(`Pagefind : ${errors.join(' ; ')}`);
    const added = await Promise.all(
      products.map((product) => {
        const categoryTitle = categoryTitles[product.category] ?? product.category;
        return index.addCustomRecord({
          url: productPath(product.id),
          language: 'fr',
          content: searchText(product, categoryTitle),
          meta: { title: product.name, card: JSON.stringify(toCard(product)) },
        });
      }),
    );
    const failed = added.flatMap((result) => result.errors);
    if (failed.length > 0) throw new Error(`Pagefind : ${failed.join(' ; ')}`);
    const written = await index.writeFiles({ outputPath });
    if (written.errors.length > 0) throw new Error(`Pagefind : ${written.errors.join(' ; ')}`);
    return added.length;
  } finally {
    await pagefind.close();
  }
}
