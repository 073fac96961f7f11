/** French phrases several parts of the site show, each written once (page names a link or a title repeats). */

/** The names of the legal pages, as their titles and every link to them say. */
export const LEGAL_NOTICE = 'Mentions légales';
export const PRIVACY_POLICY = 'Politique de confidentialité';
