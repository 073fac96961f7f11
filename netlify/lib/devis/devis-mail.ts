/**
 * The e-mails of a devis: to the customer, the devis (PDF attached, the personal link to read, accept or
 * refuse it online, which also works when forwarded by text message); after the answer, a confirmation to
 * the customer and a notice to the company. Text and simple HTML, every value escaped.
 */
import { company, offices } from '../../../src/lib/site.ts';
import { formatCents } from '../../../src/lib/price.ts';
import { devisTotals, formatDay, type DevisVersion } from '../../../src/features/devis/devis.ts';
import { frenchMail } from '../../../src/lib/typography.ts';
import { moment } from '../../../src/records/moment.ts';
import { notificationAddress } from '../../../src/features/territory/routing.ts';
import { adminRequestUrl, escapeHtml, mailAddresses, mailPage, oneLine, paragraphHtml as p, type Mail } from '../mail/mail.ts';

type Env = Record<string, string | undefined>;

/** An e-mail's page around paragraphs. */
const html = (title: string, paragraphs: string[]): string => mailPage(title, paragraphs.join(''));

const signature = (): string[] => ['Cordialement,', `L’équipe ${company.name}`, ...offices.map((office) => `${office.region} : ${office.phone}`)];

/** The devis e-mail to the customer, with the PDF. */
export function devisMail(version: DevisVersion, link: string, pdf: Buffer, env: Env = process.env): Mail {
  const { from, companyInbox } = mailAddresses(env);
  const total = formatCents(devisTotals(version.draft).totalTTCCents);
  const intro = `Veuillez trouver ci-joint notre devis ${version.number} d’un montant de ${total} TTC, valable jusqu’au ${formatDay(version.validUntil)}.`;
  const online = 'Vous pouvez le consulter, le télécharger, l’accepter (« Bon pour accord ») ou le refuser en ligne à cette adresse personnelle :';
  const replaced = version.version > 1 ? 'Ce devis remplace la version précédente, dont le lien ne fonctionne plus.' : '';
  const text = [`Bonjour ${version.customer.name},`, '', intro, replaced, '', online, link, '', 'Pour toute question, répondez simplement à cet e-mail.', '', ...signature()].filter((line, index, all) => line !== '' || all[index - 1] !== '');
  return frenchMail({
    from,
    to: oneLine(version.customer.email),
    replyTo: companyInbox,
    subject: oneLine(`Devis ${version.number} – ${company.name}`),
    textBody: text.join('\n'),
    htmlBody: html(`Devis ${version.number}`, [
      p(`Bonjour ${version.customer.name},`),
      p(intro),
      replaced ? p(replaced) : '',
      p(online),
      `<p style="margin:0 0 16px"><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#0b3d6b;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">Voir et répondre au devis ${escapeHtml(version.number)}</a></p>`,
      p('Pour toute question, répondez simplement à cet e-mail.'),
      p(signature().join('\n')),
    ]),
    attachments: [{ name: `Devis-${version.number}.pdf`, contentType: 'application/pdf', contentBase64: pdf.toString('base64') }],
  });
}

/** The two e-mails after a customer's answer: the customer's confirmation and the company's notice (to the devis' territory's address). */
export function answerMails(version: DevisVersion, requestId: string, env: Env = process.env, site?: string): { customer: Mail; company: Mail } {
  const { from, companyInbox } = mailAddresses(env);
  // The company's notice goes to the devis' territory's inbox (MAIL_TO_GUADELOUPE…, each defaulting to MAIL_TO).
  const territoryInbox = oneLine(notificationAddress(version.draft.territory, env));
  const answer = version.answer!;
  const when = moment(answer.at, version.draft.territory, { as: 'long' });
  const total = formatCents(devisTotals(version.draft).totalTTCCents);
  const accepted = answer.decision === 'accepte';
  const customerText = accepted
    ? [
        `Bonjour ${version.customer.name},`,
        '',
        `Nous avons bien enregistré votre acceptation du devis ${version.number} (${total} TTC), le ${when}, par ${answer.name} (${answer.role}), avec la mention « Bon pour accord ».`,
        'Un conseiller vous contacte pour organiser la commande et la livraison.',
        '',
        ...signature(),
      ]
    : [`Bonjour ${version.customer.name},`, '', `Nous avons bien enregistré votre refus du devis ${version.number}, le ${when}.`, 'Si vos besoins évoluent, répondez à cet e-mail : nous vous adresserons volontiers un nouveau devis.', '', ...signature()];
  const companyText = [
    accepted
      ? `Le devis ${version.number} (${total} TTC) a été accepté en ligne le ${when} par ${answer.name} (${answer.role}), « Bon pour accord ».`
      : `Le devis ${version.number} (${total} TTC) a été refusé en ligne le ${when}.`,
    !accepted ? `Motif : ${answer.reason || 'non précisé'}` : '',
    ...(answer.space ? [`Depuis l’espace client, session de ${answer.space.personName}.`] : []),
    `Client : ${version.customer.company || '—'} · ${version.customer.name} · ${version.customer.email} · ${version.customer.phone}`,
    '',
    `Voir la demande : ${adminRequestUrl(requestId, env, site)}`,
  ].filter((line, index) => line !== '' || index > 0);
  const customerSubject = accepted ? `Devis ${version.number} accepté – ${company.name}` : `Devis ${version.number} : votre réponse est enregistrée – ${company.name}`;
  const companySubject = `[${version.number}] Devis ${accepted ? 'accepté' : 'refusé'} par ${version.customer.company || version.customer.name}`;
  return {
    customer: frenchMail({
      from,
      to: oneLine(version.customer.email),
      replyTo: companyInbox,
      subject: oneLine(customerSubject),
      textBody: customerText.join('\n'),
      htmlBody: html(customerSubject, customerText.filter(Boolean).map(p)),
    }),
    company: frenchMail({
      from,
      to: territoryInbox,
      replyTo: oneLine(version.customer.email),
      subject: oneLine(companySubject),
      textBody: companyText.join('\n'),
      htmlBody: html(companySubject, companyText.filter(Boolean).map(p)),
    }),
  };
}
