/**
 * Every route of the site, built in one place so no page hand-writes a URL twice.
 */
import { API, apiPath } from './api-routes.ts';

export const paths = {
  home: '/',
  vision: '/notre-vision',
  clients: '/nos-clients',
  partners: '/nos-partenaires',
  contact: '/contact',
  news: '/actualites',
  admin: '/admin/contact',
  adminAccount: '/admin/compte',
  store: '/commerce',
  storeAll: '/commerce/tous-produits',
  cart: '/commerce/panier',
  search: '/commerce/search',
  legalNotice: '/mentions-legales',
  privacy: '/confidentialite',
} as const;

/** The page of one solution area. */
export const solutionPath = (slug: string): string => `/solutions/${slug}`;

/** The detail page of a news article. */
export const newsArticlePath = (id: string | number): string => `${paths.news}/${id}`;

/** The news list opened on one category. */
export const newsCategoryPath = (category: string): string =>
  `${paths.news}?categorie=${encodeURIComponent(category)}`;

/** The news list opened on one month of the archives (`month` as « 2019-04 »). */
export const newsArchivePath = (month: string): string => `${paths.news}?mois=${encodeURIComponent(month)}`;

/** The RSS feed of the news. */
export const newsFeedPath = `${paths.news}/rss.xml`;

/** A store category page (one of the 13 category ids or the 8 header slugs). */
export const categoryPath = (id: string): string => `${paths.store}/categories/${id}`;

/**
 * Page `page` of a listing (a category, a group or the whole catalogue) in its default order:
 * /commerce/categories/etiquettes, /commerce/categories/etiquettes/page/2, /commerce/tous-produits/page/3.
 */
export function listingPath(slug: string, page = 1): string {
  const first = slug === 'tous-produits' ? paths.storeAll : categoryPath(slug);
  return page > 1 ? `${first}/page/${page}` : first;
}

/** The pre-built JSON of one page of a product scope (a listing, or a subcategory) in one sort (see browse.ts). */
export const browseDataPath = (scope: string, sort: string, page: number): string => `${paths.store}/listes/${scope}/${sort}/${page}.json`;

/** A store product page. */
export const productPath = (id: string): string => `${paths.store}/produits/${id}`;

/**
 * The route a page answers, from its URL at build time: the build writes `contact.html` (format 'file'),
 * so `Astro.url.pathname` may end in `.html` or `/index`; the public route has neither.
 */
export const routeOf = (pathname: string): string =>
  pathname.replace(/\.html$/, '').replace(/\/index$/, '').replace(/(.)\/$/, '$1') || '/';
/** The API endpoints the islands call (each path declared once, in src/lib/api-routes.ts). */
export const apiPaths = {
  contactForm: API.contactForm,
  quote: API.quote,
  login: API.login,
  logout: API.logout,
  secondFactor: API.secondFactor,
  passkeyLogin: API.passkeyLogin,
  account: API.account,
  accountPassword: API.accountPassword,
  accountPasskeys: API.accountPasskeys,
  accountSessions: API.accountSessions,
  contactList: API.contactList,
  health: API.health,
  /** The active staff a request can be assigned to (« Assigné à »). */
  assignees: API.assignees,
} as const;

/** PATCH here to change a request's territory or assignment. */
export const contactRoutingApiPath = (id: string): string => apiPath(API.contactRouting, { id });
/** PUT here to change the status of a contact request. */
export const contactStatusApiPath = (id: string): string => apiPath(API.contactStatus, { id });
/** GET one whole request (notes, history, mails) here; DELETE it here. */
export const contactRequestApiPath = (id: string): string => apiPath(API.contactRequest, { id });
/** POST an internal note of a request here. */
export const contactNotesApiPath = (id: string): string => apiPath(API.contactNotes, { id });
/** POST here to send one mail record of a request again (« Renvoyer » in the admin). */
export const contactMailResendApiPath = (id: string, mailId: string): string => apiPath(API.contactMailResend, { id, mailId });

/** DELETE one of one's passkeys here (« Mon compte »). */
export const accountPasskeyApiPath = (id: string): string => apiPath(API.accountPasskey, { cle: id });

/** The customer's page of a devis (its signed link). */
export const devisPagePath = (token: string): string => `/devis/${token}`;
/** GET a devis by its link's token (JSON), its PDF at …/pdf, POST an answer at …/reponse. */
export const devisPublicApiPath = (token: string, what: '' | 'pdf' | 'reponse' = ''): string =>
  apiPath(what === 'pdf' ? API.devisPublicPdf : what === 'reponse' ? API.devisPublicAnswer : API.devisPublic, { token });
/** The admin's devis of a request: GET (draft, versions), PUT (save the draft), POST …/envoi (send). */
export const devisAdminApiPath = (requestId: string, what: '' | 'envoi' = ''): string => apiPath(what ? API.devisSend : API.devisAdmin, { id: requestId });
/** The administrator's actions on a sent version: « Révoquer le lien », « Annuler l'acceptation ». */
export const devisAdminActionPath = (requestId: string, version: number, action: 'revocation' | 'annulation'): string =>
  apiPath(action === 'revocation' ? API.devisRevocation : API.devisCancellation, { id: requestId, version });
/** The PDF of one sent version, for the admin. */
export const devisAdminPdfPath = (requestId: string, version: number): string => apiPath(API.devisAdminPdf, { id: requestId, version });
/** A catalogue product by manufacturer reference, for the devis editor. */
export const devisProductApiPath = (reference: string): string => apiPath(API.devisProduct, { reference });

/** The customers' space: its pages (each a static page whose island asks the space's API). */
export const spacePaths = {
  home: '/espace-client',
  signIn: '/espace-client/connexion',
  account: '/espace-client/compte',
  devis: '/espace-client/devis',
  requests: '/espace-client/demandes',
  equipment: '/espace-client/equipements',
  tickets: '/espace-client/tickets',
  newTicket: '/espace-client/tickets/nouveau',
  ticket: '/espace-client/tickets/ticket',
  repairs: '/espace-client/reparations',
} as const;

/** A devis version in the space (`requestId`, its number), its kept PDF or where its answer is posted. */
export const spaceDevisPath = (requestId: string, version: number, action?: 'pdf' | 'reponse'): string =>
  apiPath(action === 'pdf' ? API.spaceDevisPdf : action === 'reponse' ? API.spaceDevisAnswer : API.spaceDevis, { requestId, version });
