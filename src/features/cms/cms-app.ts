/**
 * The CMS in the browser: Decap CMS in French, with the news and product previews and the photo upload guard. Imported by /admin/contenu only, so
 * no public page loads a byte of it. Decap reads its configuration from the page's cms-config-url link.
 */
import CMS from 'decap-cms-app';
import { fr } from 'decap-cms-locales';
import { NewsPreview } from './NewsPreview';
import { ProductPreview } from './ProductPreview';
import { guardUploads } from './upload-guard';

// Decap's French, with two words fixed: « Médias », and a plus sign every font has (its own, U+FF0B, shows as
// an empty box on systems without a CJK font).
CMS.registerLocale('fr', {
  ...fr,
  app: { ...fr.app, header: { ...fr.app.header, media: 'Médias' } },
  collection: { ...fr.collection, collectionTop: { ...fr.collection.collectionTop, newButton: '+ %{collectionLabel}' } },
});
CMS.registerPreviewTemplate('actualites', NewsPreview);
CMS.registerPreviewTemplate('produits', ProductPreview);
guardUploads(document);
CMS.init();
