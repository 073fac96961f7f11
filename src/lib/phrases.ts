/** French phrases several parts of the site show, each written once (page names a link or a title repeats). */

/** The names of the legal pages, as their titles and every link to them say. */
export const LEGAL_NOTICE = 'Mentions légales';
export const PRIVACY_POLICY = 'Politique de confidentialité';

/** What a browser says when a call to the site's API got no answer at all (offline, server down). */
export const NETWORK_ERROR = 'Le serveur ne répond pas. Vérifiez votre connexion et réessayez.';

/** What a browser says when a call given a time limit got no answer within it. */
export const SLOW_SERVER_ERROR = 'Le serveur met trop de temps à répondre. Réessayez dans un instant.';
