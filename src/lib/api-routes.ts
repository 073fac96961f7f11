/**
 * Every path of the site's API, declared once. The browser builds its calls from here (`apiPath`, and the
 * features' own builders, which call it); the server routes the same patterns: each function of
 * netlify/functions/ maps the patterns it serves to its route modules (netlify/routes/<function>/), and
 * tests/unit/api-routes.test.ts fails when a pattern here is served by no function, when a function serves a
 * pattern not declared here, or when a function's `config.path` (a literal list, which Netlify reads without
 * running the file) differs from its table. No server import: this module is loaded by the islands.
 *
 * A pattern's `:name` is one path segment, given to the route as `context.params.name` (still encoded, as
 * Netlify gives it). A literal segment wins over a parameter (`/api/tickets/statistiques` is not the ticket
 * « statistiques »).
 */

/** Who is signed in to the customers' space: also read by every public page's header, so on its own (the pages' scripts carry this constant, not the whole table). */
export const SPACE_ME_PATH = '/api/espace-client/moi';

export const API = {
  // Requests and the inbox (netlify/functions/requests.mts; the public forms in request-forms.mts).
  contactForm: '/api/contact-only-email',
  quote: '/api/quote',
  contactList: '/api/contact',
  contactRequest: '/api/contact/:id',
  contactNotes: '/api/contact/:id/notes',
  contactRouting: '/api/contact/:id/attribution',
  contactStatus: '/api/contact/:id/status',
  contactMailResend: '/api/contact/:id/mails/:mailId/resend',
  contactTicket: '/api/contact/:id/ticket',

  // Devis (netlify/functions/devis.mts; the customer's signed link in devis-public.mts).
  devisAdmin: '/api/contact/:id/devis',
  devisSend: '/api/contact/:id/devis/envoi',
  devisAdminPdf: '/api/contact/:id/devis/:version/pdf',
  devisRevocation: '/api/contact/:id/devis/:version/revocation',
  devisCancellation: '/api/contact/:id/devis/:version/annulation',
  devisProduct: '/api/admin/produits/:reference',
  devisPublic: '/api/devis/:token',
  devisPublicPdf: '/api/devis/:token/pdf',
  devisPublicAnswer: '/api/devis/:token/reponse',

  // The catalogue's lookup (netlify/functions/catalogue-lookup.mts).
  catalogue: '/api/admin/catalogue',

  // Staff sign-in (netlify/functions/staff-sign-in.mts), the team and one's account (staff.mts).
  login: '/api/auth/login',
  secondFactor: '/api/auth/second-factor',
  passkeyLogin: '/api/auth/passkey',
  logout: '/api/auth/logout',
  account: '/api/compte',
  accountPassword: '/api/compte/mot-de-passe',
  accountPasskeys: '/api/compte/cles',
  accountPasskey: '/api/compte/cles/:cle',
  accountSessions: '/api/compte/sessions',
  accountNotifications: '/api/compte/notifications',
  onCallRota: '/api/astreinte/:territoire',
  team: '/api/equipe',
  teamAccount: '/api/equipe/:id/:action',
  invitation: '/api/invitation/:token',
  invitationStep: '/api/invitation/:token/:step',
  journal: '/api/journal',
  journalExport: '/api/journal/export',

  // Customer companies, for the staff (netlify/functions/companies.mts).
  companies: '/api/clients',
  company: '/api/clients/:id',
  companyPeople: '/api/clients/:id/personnes',
  companyPerson: '/api/clients/:id/personnes/:personId',
  companyPersonInvitation: '/api/clients/:id/personnes/:personId/invitation',
  companyShops: '/api/clients/:id/boutiques',
  companyShop: '/api/clients/:id/boutiques/:shopId',
  companyEquipment: '/api/clients/:id/equipements',
  companyEquipmentItem: '/api/clients/:id/equipements/:equipmentId',

  // The customers' space: its sign-in (netlify/functions/space-sign-in.mts) and the rest (space.mts).
  spaceSignIn: '/api/espace-client/connexion',
  spacePasskeySignIn: '/api/espace-client/cle',
  spaceLink: '/api/espace-client/lien',
  spaceMe: SPACE_ME_PATH,
  spaceSignOut: '/api/espace-client/deconnexion',
  spaceSessions: '/api/espace-client/sessions',
  spaceSession: '/api/espace-client/sessions/:id',
  spacePasskeys: '/api/espace-client/cles',
  spacePasskey: '/api/espace-client/cles/:id',
  spaceSummary: '/api/espace-client/resume',
  spaceDevisList: '/api/espace-client/devis',
  spaceDevis: '/api/espace-client/devis/:requestId/:version',
  spaceDevisPdf: '/api/espace-client/devis/:requestId/:version/pdf',
  spaceDevisAnswer: '/api/espace-client/devis/:requestId/:version/reponse',
  spaceRequests: '/api/espace-client/demandes',
  spaceRequest: '/api/espace-client/demandes/:id',
  spaceEquipmentList: '/api/espace-client/equipements',
  spaceEquipment: '/api/espace-client/equipements/:id',
  spaceTickets: '/api/espace-client/tickets',
  spaceTicket: '/api/espace-client/tickets/:id',
  spaceTicketMessages: '/api/espace-client/tickets/:id/messages',
  spaceTicketReopen: '/api/espace-client/tickets/:id/rouvrir',
  spaceTicketPhoto: '/api/espace-client/tickets/:id/photos/:photoId',
  spaceTicketReport: '/api/espace-client/tickets/:id/rapport',

  // The staff's tickets (netlify/functions/tickets.mts).
  tickets: '/api/tickets',
  ticketStatistics: '/api/tickets/statistiques',
  ticket: '/api/tickets/:id',
  ticketMessages: '/api/tickets/:id/messages',
  ticketResolution: '/api/tickets/:id/resolution',
  ticketPhoto: '/api/tickets/:id/photos/:photoId',
  ticketReport: '/api/tickets/:id/rapport',
  assignees: '/api/admin/personnes',

  // The workshop's repair orders, for the staff and the customer (netlify/functions/repairs.mts).
  repairs: '/api/atelier',
  repair: '/api/atelier/:id',
  repairReception: '/api/atelier/:id/reception',
  repairDevis: '/api/atelier/:id/devis',
  repairLoan: '/api/atelier/:id/pret',
  repairSlip: '/api/atelier/:id/bon-de-depot',
  repairLabel: '/api/atelier/:id/etiquette',
  repairReport: '/api/atelier/:id/rapport',
  repairPhoto: '/api/atelier/:id/photos/:photoId',
  companyWorkshop: '/api/clients/:id/atelier',
  spaceRepairs: '/api/espace-client/reparations',
  spaceRepair: '/api/espace-client/reparations/:id',
  spaceRepairSlip: '/api/espace-client/reparations/:id/bon-de-depot',
  spaceRepairReport: '/api/espace-client/reparations/:id/rapport',

  // The technicians' app: the phone's copy of their tickets (tickets.mts).
  fieldTickets: '/api/terrain/tickets',

  // The site's health (netlify/functions/health.mts).
  health: '/api/health',
} as const;

/** One declared pattern of the API. */
export type ApiPattern = (typeof API)[keyof typeof API];

/** The parameter names of a pattern (`'/api/contact/:id/mails/:mailId/resend'` → `'id' | 'mailId'`). */
export type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The address of a route, each parameter filled in as one encoded path segment. */
export function apiPath<P extends ApiPattern>(pattern: P, ...[params]: [ParamsOf<P>] extends [never] ? [] : [Record<ParamsOf<P>, string | number>]): string {
  const values = (params ?? {}) as Record<string, string | number>;
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(values[name])));
}
