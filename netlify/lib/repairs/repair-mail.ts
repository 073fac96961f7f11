/**
 * The customer's e-mails of a repair, through the outbox (owner key `repair-<id>`), one entry per history
 * entry whose state sends one (states.ts: « Reçu à l'atelier », « Prêt à retirer », « Expédié ») — mail id
 * `h<index>`, so queueing the same entries again (a repair pass after a crash) writes nothing twice. They go
 * to the repair's contact person: the person who dropped the device, chosen by staff among the company's
 * people (an address the company gave us), in French, with the link to « Mes réparations »; « Prêt à retirer »
 * and « Expédié » carry the repair report's kept PDF (made at « Réparé »). The devis to answer has its own
 * e-mail, from the devis machinery (its PDF and its link).
 */
import { deliverMail, enqueueMails, type OutboxEntry, type Versioned } from '../mail/outbox.ts';
import { escapeHtml, mailAddresses, mailPage, oneLine, paragraphHtml as p, type Mail, type MailAttachment } from '../mail/mail.ts';
import { siteAddress } from '../http/site-url.ts';
import { getCompany } from '../customers/companies.ts';
import { frenchMail } from '../../../src/lib/typography.ts';
import { company as siteCompany } from '../../../src/lib/site.ts';
import { notificationAddress } from '../../../src/features/territory/routing.ts';
import { REPORT_FINGERPRINT_NAMES, type Repair } from '../../../src/features/repairs/model.ts';
import { repairPages } from '../../../src/lib/repair-paths.ts';
import { repairStateOf, type RepairMail } from '../../../src/features/repairs/states.ts';
import { repairDocumentBytes, repairFileName } from './repair-files.ts';

type Env = Record<string, string | undefined>;

/** The outbox owner of a repair's e-mails. */
export const repairMailOwner = (repairId: string): string => `repair-${repairId}`;

/** The subject and lines of each e-mail a state sends. */
function wordsOf(kind: RepairMail, repair: Repair): { subject: string; lines: string[] } {
  const device = repair.device.serial ? `${repair.device.model} (n° de série ${repair.device.serial})` : repair.device.model;
  if (kind === 'recu') {
    return {
      subject: `[${repair.reference}] Votre appareil est arrivé à l’atelier`,
      lines: [
        `Votre appareil ${device} est arrivé à notre atelier : réparation ${repair.reference}.`,
        'Le bon de dépôt signé au comptoir est disponible dans votre espace client. Nous vous écrirons à chaque étape qui vous concerne.',
      ],
    };
  }
  // The repair report it carries (made at « Réparé »): the file's SHA-256 proves the attachment is the one made,
  // the content's is the one printed at the report's foot; each is named, so the two are never confused.
  const report = repair.report?.pdf
    ? [
        'Le rapport de réparation est joint à ce message.',
        `${REPORT_FINGERPRINT_NAMES.file} joint : ${repair.report.pdf.sha256}.`,
        ...(repair.report.fingerprint ? [`${REPORT_FINGERPRINT_NAMES.content}, imprimée en bas du rapport : ${repair.report.fingerprint}.`] : []),
      ]
    : [];
  if (kind === 'pret') {
    return {
      subject: `[${repair.reference}] Votre appareil est prêt à retirer`,
      lines: [`Votre appareil ${device} est prêt : vous pouvez le retirer à notre comptoir, muni de la référence ${repair.reference}.`, ...report],
    };
  }
  return {
    subject: `[${repair.reference}] Votre appareil vous a été expédié`,
    lines: [`Votre appareil ${device} vous a été expédié (réparation ${repair.reference}).`, ...report],
  };
}

/** What one e-mail of a repair says: its subject, its lines, the address of its button and the line above it. */
export interface RepairMailWords {
  subject: string;
  lines: string[];
  footer: string;
  link: string;
  button: string;
}

/** An e-mail of a repair (the customer's or the staff's), in French, with its button; replies go to the territory's address. */
export function repairMail(repair: Pick<Repair, 'territory'>, { subject, lines, footer, link, button }: RepairMailWords, to: { email: string; name: string }, env: Env, attachment?: MailAttachment): Mail {
  const { from } = mailAddresses(env);
  const greeting = to.name ? `Bonjour ${to.name},` : 'Bonjour,';
  const text = [greeting, '', ...lines, '', footer, link, '', `L’équipe ${siteCompany.name}`];
  const html = mailPage(subject, [
    p(greeting),
    ...lines.map(p),
    p(footer),
    `<p style="margin:0 0 16px"><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#0b3d6b;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(button)}</a></p>`,
    p(`L’équipe ${siteCompany.name}`),
  ].join(''));
  const mail: Mail = { from, to: oneLine(to.email), replyTo: oneLine(notificationAddress(repair.territory, env)), subject: oneLine(subject), textBody: text.join('\n'), htmlBody: html };
  return frenchMail(attachment ? { ...mail, attachments: [attachment] } : mail);
}

function mailOf(repair: Repair, kind: RepairMail, to: { email: string; name: string }, env: Env, attachment: MailAttachment | undefined): Mail {
  const link = `${siteAddress(env)}${repairPages.spaceView(repair.id)}`;
  const footer = 'Suivez votre réparation dans votre espace client, « Mes réparations » :';
  return repairMail(repair, { ...wordsOf(kind, repair), footer, link, button: `Voir la réparation ${repair.reference}` }, to, env, attachment);
}

/** The repair report as an attachment: the kept PDF read back (never made again), whoever queues the e-mail. */
async function reportAttachment(repair: Repair): Promise<MailAttachment | undefined> {
  const pdf = repair.report?.pdf ? await repairDocumentBytes(repair, 'rapport') : undefined;
  return pdf ? { name: repairFileName(repair, 'rapport'), contentType: 'application/pdf', contentBase64: Buffer.from(pdf).toString('base64') } : undefined;
}

/**
 * Queues the e-mails of a repair's history entries from index `from` on (entries that exist are left as
 * they are). `dueNow`: the job may send them at its next run (a repair pass). Returns the entries written.
 */
export async function queueRepairMails(repair: Repair, from: number, { now = new Date(), dueNow = false, env = process.env }: { now?: Date; dueNow?: boolean; env?: Env } = {}): Promise<Versioned<OutboxEntry>[]> {
  const kinds = repair.history.flatMap((change, index) => {
    if (index < from || change.kind !== 'etat') return [];
    const mail = repairStateOf(change.to).mail;
    return mail ? [{ index, mail }] : [];
  });
  if (kinds.length === 0 || !repair.contactPersonId) return [];
  const person = (await getCompany(repair.companyId))?.people.find((one) => one.id === repair.contactPersonId);
  if (!person?.email) return [];
  // « Prêt à retirer » and « Expédié » carry the repair report, when the repair was repaired.
  const attachment = kinds.some(({ mail }) => mail !== 'recu') ? await reportAttachment(repair) : undefined;
  const mails = kinds.map(({ index, mail }) => ({ id: `h${index}`, mail: mailOf(repair, mail, person, env, mail === 'recu' ? undefined : attachment) }));
  const entries = await enqueueMails(repairMailOwner(repair.id), mails, { now, dueNow });
  return entries.filter((entry) => entry.etag && entry.data.state === 'en_attente');
}

/** Sends queued entries now; a failure stays in the outbox for the scheduled job. Never throws. */
export async function sendRepairMails(repairId: string, entries: readonly Versioned<OutboxEntry>[], now = new Date()): Promise<void> {
  await Promise.all(
    entries.map((known) =>
      deliverMail(repairMailOwner(repairId), known.data.id, { now, known }).catch((error) => console.error(`repair ${repairId}: sending ${known.data.id} is left to the outbox job`, error)),
    ),
  );
}
