/**
 * The CMS in the browser: Decap CMS in French, with the news preview and the photo upload guard. Imported by /admin/contenu only, so
 * no public page loads a byte of it. Decap reads its configuration from the page's cms-config-url link.
 */
import CMS from 'decap-cms-app';
import { fr } from 'decap-cms-locales';
import { NewsPreview } from './NewsPreview';
import { guardUploads } from './upload-guard';

CMS.registerLocale('fr', fr);
CMS.registerPreviewTemplate('actualites', NewsPreview);
guardUploads(document);
CMS.init();
