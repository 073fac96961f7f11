/**
 * The invitation e-mail: to the person invited, the link that opens their enrolment (one use, valid 48
 * hours), who invited them and as what. Text and simple HTML, every value escaped. It goes through the
 * outbox like every e-mail of the site, under the account (`compte-<id>/invitation-<time>`), so a failed
 * send is retried by the outbox job.
 */
import { company } from '../../../src/lib/site.ts';
import { territoryOf } from '../../../src/lib/territories.ts';
import { momentFor } from '../../../src/records/moment.ts';
import { OWNER_ID, roleLabel } from '../../../src/features/team/roles.ts';
import { linkMail, type Mail } from '../mail/mail.ts';
import { sendNow } from '../mail/outbox.ts';
import type { Actor, StaffAccount } from './accounts.ts';

type Env = Record<string, string | undefined>;

/** The outbox's name for the e-mails of an account (the outbox keys e-mails `<owner>/<mail id>`). */
export const accountMailOwner = (accountId: string): string => `compte-${accountId}`;

/**
 * The invitation e-mail of an account. It names the person who invites; the owner's account, whose name
 * is only its sign-in name, invites as the company's team.
 */
export function invitationMail(account: StaffAccount, link: string, expiresAt: string, invitedBy: Actor, env: Env = process.env): Mail {
  const territories = account.territories.map((id) => territoryOf(id).label).join(', ');
  const invites =
    invitedBy.id === OWNER_ID ? `L’équipe ${company.name} vous invite à rejoindre son espace d’administration` : `${invitedBy.name} vous invite à rejoindre l’espace d’administration de ${company.name}`;
  return linkMail(
    {
      to: account.email,
      subject: `Invitation à l’espace d’administration – ${company.name}`,
      greeting: `Bonjour ${account.name},`,
      intro: [
        `${invites}, avec le rôle ${roleLabel(account.role)} (${territories}).`,
        'Ouvrez ce lien pour choisir votre mot de passe et enregistrer une clé d’accès ou une application d’authentification :',
      ],
      link,
      button: 'Activer mon compte',
      outro: [
        `Ce lien ne sert qu’une fois et expire le ${momentFor(expiresAt, account.territories, { as: 'long' })}. Si vous n’attendiez pas cette invitation, ignorez ce message.`,
        `L’équipe ${company.name}`,
      ],
    },
    env,
  );
}

/** Puts the invitation e-mail in the outbox and sends it now (a failure is retried by the outbox job). */
export async function sendInvitationMail(account: StaffAccount, link: string, expiresAt: string, invitedBy: Actor, { now = new Date(), env = process.env }: { now?: Date; env?: Env } = {}): Promise<void> {
  await sendNow(accountMailOwner(account.id), `invitation-${now.getTime().toString(36)}`, invitationMail(account, link, expiresAt, invitedBy, env), { now, env });
}
