/**
 * The team and one's account: sign-out, « Mon compte » (password, passkeys, sessions, push notifications), the on-call rota, the team's accounts and their invitations, the journal and its export.
 * Each route's module is loaded on its first call (netlify/lib/api/router.ts); `config.path` lists the
 * same patterns as the table, literally (Netlify reads it without running the file; tests/unit/api-routes.test.ts).
 */
import type { Config } from '@netlify/functions';
import { API } from '../../src/lib/api-routes.ts';
import { routes } from '../lib/api/router.ts';

export default routes({
  [API.logout]: () => import('../routes/staff/auth-logout.ts'),
  [API.account]: () => import('../routes/staff/account.ts'),
  [API.accountPassword]: () => import('../routes/staff/account-password.ts'),
  [API.accountPasskeys]: () => import('../routes/staff/account-passkeys.ts'),
  [API.accountPasskey]: () => import('../routes/staff/account-passkey.ts'),
  [API.accountSessions]: () => import('../routes/staff/account-sessions.ts'),
  [API.accountNotifications]: () => import('../routes/staff/push-subscriptions.ts'),
  [API.onCallRota]: () => import('../routes/staff/on-call-rota.ts'),
  [API.team]: () => import('../routes/staff/team.ts'),
  [API.teamAccount]: () => import('../routes/staff/team-account.ts'),
  [API.invitation]: () => import('../routes/staff/team-invitation.ts'),
  [API.invitationStep]: () => import('../routes/staff/team-invitation.ts'),
  [API.journal]: () => import('../routes/staff/journal.ts'),
  [API.journalExport]: () => import('../routes/staff/journal-export.ts'),
});

export const config: Config = {
  path: [
    '/api/auth/logout',
    '/api/compte',
    '/api/compte/mot-de-passe',
    '/api/compte/cles',
    '/api/compte/cles/:cle',
    '/api/compte/sessions',
    '/api/compte/notifications',
    '/api/astreinte/:territoire',
    '/api/equipe',
    '/api/equipe/:id/:action',
    '/api/invitation/:token',
    '/api/invitation/:token/:step',
    '/api/journal',
    '/api/journal/export',
  ],
};
