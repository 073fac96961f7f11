/**
 * An editor's photo on disk (a news article's or a product's image): the file must exist beside the content
 * and be a JPEG, PNG or WebP of at most 10 Mo. Checked when a collection loads (a schema only sees the
 * path, not where the entry is), so the build stops with a French message naming the entry and the file.
 * Build-time only (sharp reads the file's real format, whatever its extension says).
 */
import { existsSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import sharp from 'sharp';
import { photoProblem } from './photo-problems';

/** How Astro's content layer marks an image path in a stored entry until a page imports it. */
export const IMAGE_MARK = '__ASTRO_IMAGE_';

/**
 * Why the photo `image` (as written in the entry: `./images/nom.jpg`) of the content file `entryFile` is
 * refused, or null. A drawing of public/ (`/images/…`) is the schema's business: null. `folder` tells the
 * editor where photos go (`content/news/images/`).
 */
export async function photoFileProblem(entryFile: string, image: string, folder: string): Promise<string | null> {
  const path = image.replace(IMAGE_MARK, '');
  if (path.startsWith('/')) return null;
  const file = join(dirname(entryFile), path);
  if (!existsSync(file)) return `l’image ${path} est introuvable (une photo se place dans ${folder} et s’écrit ./images/nom.jpg)`;
  const format = await sharp(file)
    .metadata()
    .then((metadata) => metadata.format as string)
    .catch(() => 'illisible');
  return photoProblem(basename(file), format, statSync(file).size);
}
