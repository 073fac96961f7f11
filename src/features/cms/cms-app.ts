/**
 * The CMS in the browser: Decap CMS in French, with the news preview. Imported by /admin/contenu only, so
 * no public page loads a byte of it. Decap reads its configuration from the page's cms-config-url link.
 */
import CMS from 'decap-cms-app';
import { fr } from 'decap-cms-locales';
import { NewsPreview } from './NewsPreview';

CMS.registerLocale('fr', fr);
CMS.registerPreviewTemplate('actualites', NewsPreview);
CMS.init();
