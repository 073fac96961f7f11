/**
 * Whether a file may be a product document, from its name, its first bytes and its size: the build's check of
 * public/documents/produits (cms/media-check.ts) and the CMS's check before an upload (cms/upload-guard.ts).
 * No Node module: it runs in the browser too.
 */
import { fileKind } from '../../lib/file-kind.ts';
import { DOCUMENT_MAX_BYTES } from './documents.ts';

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
