/**
 * Product documents on disk (build and server only): their sizes for the product page and the customers'
 * space, and the build's check that every document a product lists is there (the folder's files themselves
 * are checked with the photos: cms/media-check.ts).
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { documentsWithSizes, type ProductDocument, type ProductDocumentEntry } from './documents.ts';

/** A file's size in bytes, or null when it is not there. */
function sizeOf(file: string): number | null {
  try {
    return statSync(file).size;
  } catch {
    return null;
  }
}

/**
 * A product's documents with their addresses and sizes (« PDF, 230 Ko »), read from the public/ folder of
 * one of `roots` (the project's folder by default; a function passes its roots: the size is null where its
 * bundle holds no copy of the file).
 */
export function productDocuments(product: { documents?: readonly ProductDocumentEntry[] }, roots: readonly string[] = [process.cwd()]): ProductDocument[] {
  return documentsWithSizes(product.documents, (url) => {
    for (const root of roots) {
      const size = sizeOf(join(root, 'public', url));
      if (size !== null) return size;
    }
    return null;
  });
}

/** A problem for each document a product lists whose file is not in public/. */
export function missingDocuments(products: readonly { documents?: readonly ProductDocumentEntry[]; file: string }[], publicDir: string): { entry: string; field: string; message: string }[] {
  return products.flatMap((product) =>
    (product.documents ?? []).flatMap((document, index) =>
      existsSync(join(publicDir, document.file)) ? [] : [{ entry: product.file, field: `documents.${index}.file`, message: `fichier public${document.file} introuvable` }],
    ),
  );
}
