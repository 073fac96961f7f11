/**
 * The photos of the news: each article's `./images/…` file must exist and be a JPEG, PNG or WebP of at most
 * 10 Mo. Checked when the collection loads (the schema only sees the path, not where the article is), so
 * the build stops with a French message naming the article and the file.
 */
import { existsSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import sharp from 'sharp';
import { photoProblem } from '../../lib/photos';

/** Why the photo `image` (as written in the front matter) of the article at `articleFile` is refused, or null. */
export async function newsPhotoProblem(articleFile: string, image: string): Promise<string | null> {
  // A drawing of public/ (« /images/… ») is checked by the schema.
  if (image.startsWith('/')) return null;
  const file = join(dirname(articleFile), image);
  if (!existsSync(file)) return `l’image ${image} est introuvable (une photo se place dans content/news/images/ et s’écrit ./images/nom.jpg)`;
  const format = await sharp(file)
    .metadata()
    .then((metadata) => metadata.format as string)
    .catch(() => 'illisible');
  return photoProblem(basename(file), format, statSync(file).size);
}
