/**
 * Editors' photos (news and product images straight from a phone): the formats and the size the site
 * accepts, and the widths the image pipeline serves. One place, read by the content schemas, the CMS
 * configuration and the budget.
 */

/** The photo formats accepted, as Astro's image metadata names them, with their names for editors. */
export const PHOTO_FORMATS = ['JPEG', 'PNG', 'WebP'] as const;

/** The largest photo file accepted: 10 Mo. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

/** The widest image the site serves, whatever the photo's size. */
export const PHOTO_MAX_WIDTH = 1600;

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
