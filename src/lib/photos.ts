/**
 * Editors' photos (news and product images straight from a phone): the formats and the size the site
 * accepts, and the widths the image pipeline serves. One place, read by the content schemas, the CMS
 * configuration and the budget.
 */

/** The photo formats accepted, as Astro's image metadata names them, with their names for editors. */
export const PHOTO_FORMATS = ['JPEG', 'PNG', 'WebP'] as const;
const ACCEPTED_FORMATS = new Set(['jpg', 'jpeg', 'png', 'webp']);

/** The largest photo file accepted: 10 Mo. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

/** The widest image the site serves, whatever the photo's size. */
export const PHOTO_MAX_WIDTH = 1600;

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

/** The size and format of an image the pipeline reads (an `image()` field or an imported file). */
export interface PhotoFacts {
  width: number;
  height: number;
  format: string;
}

/**
 * An imported image's facts, read from its `clone`: reading a field of the image itself marks its original
 * file as used, and the build then publishes it (a 4 Mo phone photo) beside the resized ones. Astro's own
 * getImage reads the clone for the same reason.
 */
export function photoFacts(image: PhotoFacts): PhotoFacts {
  const { width, height, format } = (image as PhotoFacts & { clone?: PhotoFacts }).clone ?? image;
  return { width, height, format };
}
