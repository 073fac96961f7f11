/**
 * The CMS in the browser: Decap CMS in French, with the news and product previews, the photo upload guard,
 * product files written by the catalogue's writer and a product list in French. Imported by /admin/contenu
 * only, so no public page loads a byte of it. Decap reads its configuration from the page's cms-config-url link.
 */
import CMS from 'decap-cms-app';
import { fr } from 'decap-cms-locales';
import categories from '../../../content/catalogue/categories.json';
import { imageControlShowingPhotos } from './image-control';
import { frenchProductList } from './list-labels';
import { NewsPreview } from './NewsPreview';
import { ProductPreview } from './ProductPreview';
import { PRODUCT_FORMAT, productFormat } from './product-format';
import { guardUploads } from './upload-guard';

// Decap's French, with two words fixed: « Médias », and a plus sign every font has (its own, U+FF0B, shows as
// an empty box on systems without a CJK font).
const french = {
  ...fr,
  app: { ...fr.app, header: { ...fr.app.header, media: 'Médias' } },
  collection: { ...fr.collection, collectionTop: { ...fr.collection.collectionTop, newButton: '+ %{collectionLabel}' } },
};
CMS.registerLocale('fr', french);
// Until its configuration (which says `locale: fr`) is read, Decap speaks its default language, English
// (« Loading configuration... »): that default speaks French too.
CMS.registerLocale('en', french);
CMS.registerCustomFormat(PRODUCT_FORMAT, 'json', productFormat);
// Decap's image field, wrapped (its preview kept; its options schema only validated config.yml, which
// config.test.ts checks).
const image = CMS.getWidget('image')!;
CMS.registerWidget('image', imageControlShowingPhotos(image.control as never) as never, image.preview as never);
CMS.registerPreviewTemplate('actualites', NewsPreview);
CMS.registerPreviewTemplate('produits', ProductPreview);
guardUploads(document);
frenchProductList(document, new Map(categories.map((category) => [category.id, category.title])));

// Under `npm run cms`, the dev server reloads every open page when a content file changes, the CMS's own
// saves included: after « Publier maintenant » the CMS went blank for seconds and lost its « Entrée
// enregistrée ». For a while after a save, this page is told the change is another page's (other pages, such
// as « Voir en direct », still reload). Other reloads (Vite's, when it has bundled new modules) still happen.
const SAVE_RELOAD_WINDOW_MS = 30_000;
let savedAt = -Infinity;
CMS.registerEventListener({ name: 'preSave', handler: () => void (savedAt = Date.now()) });
import.meta.hot?.on('vite:beforeFullReload', (payload: { path?: string }) => {
  if (Date.now() - savedAt < SAVE_RELOAD_WINDOW_MS) payload.path = '/admin/contenu/autre-page.html';
});

CMS.init();
