/**
 * Product documents: a notice, a technical sheet… each a PDF file of public/documents/produits, served as it
 * is and listed on the product page (« Documentation ») and in the customers' equipment view. The file is
 * judged by its bytes (a PDF starts with « %PDF- »), not by its name, and may weigh at most 10 Mo: the build
 * and the CMS refuse any other file (document-file.ts). No Node module: the CMS reads these rules too.
 */
import { z } from 'astro/zod';
import { forbiddenCharacterPhrase, withoutForbidden } from '../../lib/characters.ts';

/** Where the documents are kept, under public/, and the address they are served from. */
export const DOCUMENTS_FOLDER = 'public/documents/produits';
export const DOCUMENTS_URL = '/documents/produits';

/** The heaviest document accepted: 10 Mo (a phone on an island network still opens it). */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** How many documents one product may list. */
export const DOCUMENTS_PER_PRODUCT = 10;

const DOCUMENT_PATH_MESSAGE = `un fichier PDF de ${DOCUMENTS_FOLDER}, écrit ${DOCUMENTS_URL}/nom.pdf`;

/**
 * A document's path: a `.pdf` file of public/documents/produits itself (no sub-folder); every segment starts
 * with a letter, a digit, « _ » or « - », so no « .. » or hidden file can climb out of that folder.
 */
const documentPath = z.string().regex(/^\/documents\/produits\/[\w-]+(?:\.[\w-]+)*\.pdf$/, { error: DOCUMENT_PATH_MESSAGE, abort: true });

/** One document of a product, as its file writes it. */
export const productDocumentSchema = z.strictObject({
  title: withoutForbidden(z.string().min(3).max(80), 'line', forbiddenCharacterPhrase).describe('Le titre affiché, par exemple «\u00a0Notice d’utilisation\u00a0» (3 à 80 caractères)'),
  file: documentPath.describe(`Le fichier PDF (au plus ${DOCUMENT_MAX_BYTES / 1024 / 1024} Mo), dans ${DOCUMENTS_FOLDER}`),
});
export type ProductDocumentEntry = z.infer<typeof productDocumentSchema>;

/** The documents field of a product: optional, at most DOCUMENTS_PER_PRODUCT, each file listed once. */
export const productDocumentsSchema = z
  .array(productDocumentSchema)
  .max(DOCUMENTS_PER_PRODUCT)
  .refine((documents) => new Set(documents.map((document) => document.file)).size === documents.length, 'un même fichier est listé deux fois')
  .optional();

/** A document as a page or the customers' space shows it: its title, its address, its size. */
export interface ProductDocument {
  title: string;
  url: string;
  /** Its size in bytes; null when the file cannot be read where this runs (a function without the files). */
  bytes: number | null;
  /** « PDF, 230 Ko », « PDF, 1,2 Mo », or « PDF » when its size is unknown. */
  label: string;
}

/** « 230 Ko », « 1,2 Mo »: a file's size as French readers write it (no-break space before the unit). */
export function fileSizeLabel(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))}\u00a0Ko`;
  return `${(bytes / 1024 / 1024).toLocaleString('fr-FR', { maximumFractionDigits: 1 })}\u00a0Mo`;
}

/** A product's documents with their addresses and sizes; `sizeOf` reads a file's size from its address (null when unknown). */
export function documentsWithSizes(documents: readonly ProductDocumentEntry[] | undefined, sizeOf: (url: string) => number | null): ProductDocument[] {
  return (documents ?? []).map(({ title, file }) => {
    const bytes = sizeOf(file);
    return { title, url: file, bytes, label: bytes === null ? 'PDF' : `PDF, ${fileSizeLabel(bytes)}` };
  });
}
