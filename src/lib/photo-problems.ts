/**
 * Why an editor's photo is refused, in the words the CMS and the build show: from what Astro reads of it
 * (its format and size) and from its first bytes (a GIF or an SVG renamed `.jpg`). The rules are
 * photos.ts (formats, size) and file-kind.ts (what the bytes are). Apart from them, so that the tickets'
 * photo field, which reads file-kind.ts in the browser, carries none of the editors' sentences.
 */
import { fileKind } from './file-kind.ts';
import { PHOTO_FORMATS, PHOTO_MAX_BYTES } from './photos.ts';

const ACCEPTED_FORMATS = new Set(['jpg', 'jpeg', 'png', 'webp']);

type PhotoKind = 'JPEG' | 'PNG' | 'WebP';

/** The photo kinds accepted, by the extensions that name them. */
const PHOTO_EXTENSIONS: Record<string, PhotoKind> = { jpg: 'JPEG', jpeg: 'JPEG', png: 'PNG', webp: 'WebP' };

/** Why a photo is refused (its file name, its format as Astro reads it, its size in bytes), or null. */
export function photoProblem(file: string, format: string, bytes: number): string | null {
  if (!ACCEPTED_FORMATS.has(format.toLowerCase())) {
    return `l’image ${file} est refusée : seules les photos ${PHOTO_FORMATS.join(', ').replace(/, (?=[^,]*$)/, ' ou ')} sont acceptées (format reçu : ${format.toUpperCase()})`;
  }
  if (bytes > PHOTO_MAX_BYTES) {
    const mo = (bytes / 1024 / 1024).toLocaleString('fr-FR', { maximumFractionDigits: 1 });
    return `l’image ${file} est refusée : elle pèse ${mo} Mo, au plus ${PHOTO_MAX_BYTES / 1024 / 1024} Mo sont acceptés (réduisez-la ou exportez-la en JPEG)`;
  }
  return null;
}

/**
 * Why a photo file is refused, from its name and its first bytes: its content is not a JPEG, PNG or WebP, or
 * not the kind its extension names (« l’image IMG_2041.jpg est refusée : son contenu n’est pas une photo
 * JPEG (format reçu : GIF) »); null when it is the photo its name says.
 */
export function photoBytesProblem(name: string, bytes: Uint8Array): string | null {
  const kind = fileKind(bytes);
  const named = PHOTO_EXTENSIONS[name.split('.').at(-1)?.toLowerCase() ?? ''];
  if (named && kind === named) return null;
  if (!named) return `l’image ${name} est refusée : seules les photos JPEG, PNG ou WebP sont acceptées (format reçu : ${kind})`;
  return `l’image ${name} est refusée : son contenu n’est pas une photo ${named} (format reçu : ${kind})`;
}
