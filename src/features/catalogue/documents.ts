/**
 * Product documents: a notice, a technical sheet… each a PDF file of public/documents/produits, served as it
 * is and listed on the product page (« Documentation ») and in the customers' equipment view. The file is
 * judged by its bytes (a PDF starts with « %PDF- »), not by its name, and may weigh at most 10 Mo: the build
 * refuses any other file of that folder (documents.server.ts). No Node module: the CMS reads these rules too.
 */
import { z } from 'astro/zod';
import { fileKind } from '../../lib/file-kind.ts';
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
  title: withoutForbidden(z.string().min(3).max(80), 'line', forbiddenCharacterPhrase).describe('Le titre affiché, par exemple « Notice d’utilisation » (3 à 80 caractères)'),
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

/** Why a document file is refused (its name, its first bytes, its size), or null when it is a PDF within the limit. */
export function documentFileProblem(name: string, bytes: Uint8Array, size: number): string | null {
  if (!/\.pdf$/i.test(name)) return `le document ${name} est refusé : seuls les fichiers PDF (.pdf) sont acceptés`;
  const kind = fileKind(bytes);
  if (kind !== 'PDF') return `le document ${name} est refusé : son contenu n’est pas un PDF (format reçu : ${kind})`;
  if (size > DOCUMENT_MAX_BYTES) {
    // Rounded up, so a file just over the limit never reads « 10 Mo, au plus 10 Mo ».
    const mo = (Math.ceil((size / 1024 / 1024) * 10) / 10).toLocaleString('fr-FR');
    return `le document ${name} est refusé : il pèse ${mo} Mo, au plus ${DOCUMENT_MAX_BYTES / 1024 / 1024} Mo sont acceptés`;
  }
  return null;
}
