/**
 * The addresses of the team's pages and API (its paths declared in src/lib/api-routes.ts), for the islands
 * and the invitation e-mail.
 */
import { API, apiPath } from '../../lib/api-routes.ts';

/** The back office's pages of the team. */
export const teamPages = {
  team: '/admin/equipe',
  journal: '/admin/journal',
  /** Every /admin/invitation/<jeton> address is served from this one static page (netlify.toml). */
  invitationPrefix: '/admin/invitation/',
} as const;

/** The personal link of an invitation, on the site's address. */
export const invitationLink = (site: string, token: string): string => `${site}${teamPages.invitationPrefix}${encodeURIComponent(token)}`;

/** The steps of an invitation's enrolment, each a POST on /api/invitation/<jeton>/<étape>. */
export const INVITATION_STEPS = ['mot-de-passe', 'cle-options', 'cle', 'totp', 'totp-confirmation', 'fin'] as const;
export type InvitationStep = (typeof INVITATION_STEPS)[number];

/** The administrator's actions on an account, each a POST on /api/equipe/<id>/<action>. */
export const ACCOUNT_ACTIONS = ['role', 'territoires', 'desactivation', 'reactivation', 'second-facteur', 'sessions', 'invitation'] as const;
export type AccountAction = (typeof ACCOUNT_ACTIONS)[number];

export const teamApi = {
  team: API.team,
  account: (id: string, action: AccountAction): string => apiPath(API.teamAccount, { id, action }),
  invitation: (token: string, step?: InvitationStep): string => (step ? apiPath(API.invitationStep, { token, step }) : apiPath(API.invitation, { token })),
  journal: API.journal,
  journalExport: API.journalExport,
} as const;
