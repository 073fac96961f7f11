/**
 * Where the CMS writes: the collections' folders and the photo folders (uploads outside a collection in
 * public/, the news' and the products' photos beside their files). Read by the CMS configuration and by the
 * build's check of every photo file (media-check.ts).
 */

/** The news articles' folder; their photos go to its images/ folder. */
export const NEWS_FOLDER = 'content/news';

/** The product files' folder; their photos go to its images/ folder. */
export const PRODUCTS_FOLDER = 'content/catalogue/products';

/** The folder of a collection's photos, relative to its files (`./images/nom.jpg`). */
export const PHOTOS_SUBFOLDER = 'images';

/** Decap's media folder (« Médias »): uploads outside a collection, served from /images/uploads. */
export const UPLOADS_FOLDER = 'public/images/uploads';

/** Every folder the build checks file by file: only photos (JPEG, PNG, WebP) whose bytes match their names. */
export const PHOTO_FOLDERS = [UPLOADS_FOLDER, `${NEWS_FOLDER}/${PHOTOS_SUBFOLDER}`, `${PRODUCTS_FOLDER}/${PHOTOS_SUBFOLDER}`] as const;
