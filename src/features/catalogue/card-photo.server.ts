/**
 * The card copy of a product photo: one 640 × 480 WebP (4:3 like the card's frame, sharp at twice a card's
 * width) that cards, search results, the category browser, the cart and the structured data show.
 *
 * The store's build step makes it (integration.ts), not Astro's image pipeline: the category browser's data
 * pages and the search index are written before Astro renders anything, so they cannot wait for a URL the
 * pipeline only gives while rendering. The file is named after the photo's bytes: a new photo gets a new
 * address, so every copy can be cached for a year (/_astro/*). Build-time only.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import sharp from 'sharp';
import { PRODUCTS_FOLDER } from './files.server';
import { isProductPhoto, type Product } from './schema';

export const CARD_PHOTO_SIZE = { width: 640, height: 480 } as const;

/** The photo file of a product whose image is a photo path (`./images/tc22.jpg`), in a catalogue folder. */
export const productPhotoFile = (catalogueFolder: string, image: string): string => join(catalogueFolder, PRODUCTS_FOLDER, image);

/** Paths already worked out, by file, size and time of change: pages ask for them several times per build. */
const known = new Map<string, string>();

/** Where the card copy of a photo is served: /_astro/produits/<name>.<hash of its bytes>.webp. */
export function cardPhotoPath(photoFile: string): string {
  const { size, mtimeMs } = statSync(photoFile);
  const key = `${photoFile}\0${size}\0${mtimeMs}`;
  let path = known.get(key);
  if (!path) {
    const hash = createHash('sha256').update(readFileSync(photoFile)).digest('base64url').slice(0, 10).replace(/[-_]/g, 'x');
    path = `/_astro/produits/${basename(photoFile, extname(photoFile))}.${hash}.webp`;
    known.set(key, path);
  }
  return path;
}

/** A product as cards show it: a photo's path becomes its card copy's address; a drawing's stays. */
export const withCardImage = (product: Product, catalogueFolder: string): Product =>
  isProductPhoto(product.image) ? { ...product, image: cardPhotoPath(productPhotoFile(catalogueFolder, product.image)) } : product;

/**
 * Writes the card copy of every photo product under `outDir`, reusing the copies an earlier build left in
 * `cacheDir` (a changed photo has another name); resolves with how many.
 */
export async function writeCardPhotos(products: readonly Product[], catalogueFolder: string, outDir: string, cacheDir: string): Promise<number> {
  const photos = products.filter((product) => isProductPhoto(product.image)).map((product) => productPhotoFile(catalogueFolder, product.image));
  for (const photo of photos) {
    const path = cardPhotoPath(photo);
    const cached = join(cacheDir, basename(path));
    if (!existsSync(cached)) {
      mkdirSync(cacheDir, { recursive: true });
      // Written aside, then renamed: a build stopped half-way leaves no half-written copy in the cache.
      await sharp(photo).rotate().resize({ ...CARD_PHOTO_SIZE, fit: 'cover' }).webp({ quality: 75 }).toFile(`${cached}.part`);
      renameSync(`${cached}.part`, cached);
    }
    mkdirSync(join(outDir, dirname(path)), { recursive: true });
    copyFileSync(cached, join(outDir, path));
  }
  return photos.length;
}
