/**
 * The e-mail that carries a customer's sign-in link: asked for on the sign-in page (« Votre lien de
 * connexion », valid 15 minutes), or sent by staff (« … vous donne accès à l’espace client », valid 48
 * hours). Text and simple HTML, every value escaped. It goes through the outbox like every e-mail of the
 * site, under the person (`client-<personId>/<lien|invitation>-<time>`), so a failed send is retried.
 */
import type { Company, Person } from '../../../src/features/customers/model.ts';
import { signInLinkPath } from '../../../src/features/space/space-paths.ts';
import { moment } from '../../../src/records/moment.ts';
import { company as site } from '../../../src/lib/site.ts';
import { linkMail, type Mail } from '../mail/mail.ts';
import { sendNow } from '../mail/outbox.ts';
import { customerMailOwner } from './mail-owner.ts';
import type { LinkPurpose } from './sign-in-links.ts';

type Env = Record<string, string | undefined>;


/** The sign-in link e-mail; `address` is the site's own address (siteAddress), `invitedBy` the staff member who invites. */
export function signInLinkMail(
  { company, person, token, expiresAt, purpose, address, invitedBy }: { company: Company; person: Person; token: string; expiresAt: string; purpose: LinkPurpose; address: string; invitedBy?: string },
  env: Env = process.env,
): Mail {
  const invitation = purpose === 'invitation';
  return linkMail(
    {
      to: person.email,
      subject: invitation ? `Votre accès à l’espace client – ${site.name}` : `Votre lien de connexion – ${site.name}`,
      greeting: `Bonjour ${person.name},`,
      intro: [
        invitation
          ? `${invitedBy ? `${invitedBy}, de ${site.name},` : site.name} vous donne accès à l’espace client de ${site.name} pour ${company.name} : vos devis, vos demandes, vos équipements et vos tickets au même endroit.`
          : `Voici votre lien de connexion à l’espace client de ${site.name} (${company.name}).`,
        'Ouvrez ce lien pour vous connecter, sans mot de passe :',
      ],
      link: `${address}${signInLinkPath(token)}`,
      button: 'Me connecter à l’espace client',
      outro: [
        `Ce lien ne sert qu’une fois et expire le ${moment(expiresAt, company.territory)}. Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : personne ne peut se connecter sans ce lien.`,
        `L’équipe ${site.name}`,
      ],
    },
    env,
  );
}

/** Puts the link e-mail in the outbox and sends it now (a failure is retried by the outbox job). */
export async function sendSignInLinkMail(details: Parameters<typeof signInLinkMail>[0], { now = new Date(), env = process.env }: { now?: Date; env?: Env } = {}): Promise<void> {
  const id = `${details.purpose === 'invitation' ? 'invitation' : 'lien'}-${now.getTime().toString(36)}-${Math.floor(Math.random() * 1296).toString(36)}`;
  await sendNow(customerMailOwner(details.person.id), id, signInLinkMail(details, env), { now, env });
}
