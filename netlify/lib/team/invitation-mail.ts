/**
 * The invitation e-mail: to the person invited, the link that opens their enrolment (one use, valid 48
 * hours), who invited them and as what. Text and simple HTML, every value escaped. It goes through the
 * outbox like every e-mail of the site, under the account (`compte-<id>/invitation-<time>`), so a failed
 * send is retried by the outbox job.
 */
import { company } from '../../../src/lib/site.ts';
import { roleLabel } from '../../../src/features/team/roles.ts';
import { territoryOf } from '../../../src/lib/taxes.ts';
import { frenchMail } from '../../../src/lib/typography.ts';
import { formatDateTimeFr } from '../../../src/lib/format.ts';
import { escapeHtml, mailAddresses, mailPage, oneLine, paragraphHtml, type Mail } from '../mail/mail.ts';
import { deliverMail, enqueueMails } from '../mail/outbox.ts';
import type { Actor, StaffAccount } from './accounts.ts';

type Env = Record<string, string | undefined>;

/** The outbox's name for the e-mails of an account (the outbox keys e-mails `<owner>/<mail id>`). */
export const accountMailOwner = (accountId: string): string => `compte-${accountId}`;

/** The invitation e-mail of an account. */
export function invitationMail(account: StaffAccount, link: string, expiresAt: string, invitedBy: Actor, env: Env = process.env): Mail {
  const { from, companyInbox } = mailAddresses(env);
  const territories = account.territories.map((id) => territoryOf(id).label).join(', ');
  const lines = [
    `Bonjour ${account.name},`,
    '',
    `${invitedBy.name} vous invite à rejoindre l’espace d’administration de ${company.name}, avec le rôle ${roleLabel(account.role)} (${territories}).`,
    'Ouvrez ce lien pour choisir votre mot de passe et enregistrer une clé d’accès ou une application d’authentification :',
    link,
    '',
    `Ce lien ne sert qu’une fois et expire le ${formatDateTimeFr(expiresAt)}. Si vous n’attendiez pas cette invitation, ignorez ce message.`,
    '',
    `L’équipe ${company.name}`,
  ];
  const subject = `Invitation à l’espace d’administration – ${company.name}`;
  return frenchMail({
    from,
    to: oneLine(account.email),
    replyTo: companyInbox,
    subject: oneLine(subject),
    textBody: lines.join('\n'),
    htmlBody: mailPage(
      subject,
      [
        paragraphHtml(lines[0]!),
        paragraphHtml(lines[2]!),
        paragraphHtml(lines[3]!),
        `<p style="margin:0 0 16px"><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#0b3d6b;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">Activer mon compte</a></p>`,
        paragraphHtml(lines[6]!),
        paragraphHtml(lines[8]!),
      ].join(''),
    ),
  });
}

/** Puts the invitation e-mail in the outbox and sends it now (a failure is retried by the outbox job). */
export async function sendInvitationMail(account: StaffAccount, link: string, expiresAt: string, invitedBy: Actor, { now = new Date(), env = process.env }: { now?: Date; env?: Env } = {}): Promise<void> {
  const owner = accountMailOwner(account.id);
  const [known] = await enqueueMails(owner, [{ id: `invitation-${now.getTime().toString(36)}`, mail: invitationMail(account, link, expiresAt, invitedBy, env) }], { now });
  if (known) await deliverMail(owner, known.data.id, { now, env, known });
}
