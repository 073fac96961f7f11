/**
 * The e-mails of a ticket, through the outbox (its owner key `ticket-<id>`), one entry per event of the
 * ticket and per recipient (mail id `m<index>-<recipient>` for the index-th message, `h<index>-<recipient>`
 * for the index-th change of its history), so queueing the same events again (a repair after a crash)
 * writes nothing twice. Who gets what:
 * - the opening: the territory's inbox (MAIL_TO_<TERRITOIRE>), and for a « Bloquant » ticket every active
 *   technician of its territory at once; and its acknowledgement to the people who follow it, its author
 *   included (reference, impact, the taking-in-charge deadline in the territory's time with the zone named,
 *   the territory's office phone for an urgency);
 * - a customer's message: the assigned technician (the territory's inbox while nobody has the ticket) and
 *   the other people who follow it;
 * - a reply to the customer, a change of state or of impact: the people who follow it and the assigned
 *   technician; « Résolu » carries the intervention report's PDF when there is one;
 * - an internal note: the assigned technician only — never a person of the company;
 * - an assignment: the technician it names.
 * Never to the author of the event (but the acknowledgement); a person of the company only once their address is verified (they
 * signed in with a link sent to it: `lastSignInAt`). The state change a customer's reply makes (out of
 * « En attente client ») is told by the reply's own e-mail. Customers answer in the space only: the
 * e-mails say so, and carry the link.
 */
import { reportFileName, reportPdfOf } from './reports.ts';
import type { Ticket, TicketChange, TicketMessage } from '../../../src/features/tickets/model.ts';
import { spaceTicketPage } from '../../../src/features/tickets/space-tickets.ts';
import { RESOLVED_GRACE_MS, ticketImpactOf, ticketStateOf } from '../../../src/features/tickets/states.ts';
import { OWNER_ID } from '../../../src/features/team/roles.ts';
import { notificationAddress } from '../../../src/features/territory/routing.ts';
import { officeOf, company as siteCompany } from '../../../src/lib/site.ts';
import { moment } from '../../../src/records/moment.ts';
import { frenchMail } from '../../../src/lib/typography.ts';
import { getCompany } from '../customers/companies.ts';
import { siteAddress } from '../http/site-url.ts';
import { escapeHtml, mailAddresses, mailPage, oneLine, paragraphHtml as p, type Mail, type MailAttachment } from '../mail/mail.ts';
import { deliverMail, enqueueMails, type OutboxEntry, type OutgoingMail, type Versioned } from '../mail/outbox.ts';
import { emailHash } from '../storage/hashes.ts';
import { takeInChargeDeadline } from './ticket-index.ts';
import { activeWith, listAccounts } from '../team/accounts.ts';

type Env = Record<string, string | undefined>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The outbox owner of a ticket's e-mails. */
export const ticketMailOwner = (ticketId: string): string => `ticket-${ticketId}`;

/** Where a ticket's events start: the number of messages and of history entries before them. */
export interface TicketEventsFrom {
  messages: number;
  history: number;
}

/**
 * The « Résolu » e-mail carries the kept report, read back (never made again), whoever queues the e-mail:
 * the resolving function, or the outbox job's repair pass after a crash.
 */
async function reportAttachment(ticket: Ticket): Promise<MailAttachment | undefined> {
  const pdf = await reportPdfOf(ticket);
  return pdf ? { name: reportFileName(ticket), contentType: 'application/pdf', contentBase64: Buffer.from(pdf).toString('base64') } : undefined;
}

/** Someone an e-mail goes to: a person of the company (reads the customer's view) or staff (reads everything). */
interface Recipient {
  email: string;
  name: string;
  audience: 'client' | 'staff';
  /** The person's or the account's id (to leave out the author); '' for the territory's inbox. */
  id: string;
}

/** A short, stable name of a recipient for the mail id (never the address itself). */
const recipientKey = (email: string): string => emailHash(email).slice(0, 10);

/** The link to the ticket: the space's page for a customer, the admin's view for staff. */
export function ticketLink(ticket: Pick<Ticket, 'id'>, audience: Recipient['audience'], env: Env = process.env): string {
  const site = siteAddress(env);
  return audience === 'client' ? `${site}${spaceTicketPage(ticket.id)}` : `${site}/admin/tickets/ticket?id=${encodeURIComponent(ticket.id)}`;
}

/** Who a ticket's e-mails may reach, read once per batch of events. */
interface Audience {
  /** The company's people who follow the ticket and whose address is verified. */
  followers: Recipient[];
  /** The assigned technician (active, with an address), or undefined. */
  assignee: Recipient | undefined;
  /** The territory's inbox. */
  inbox: Recipient;
  /** The territory's active technicians (for a « Bloquant » opening). */
  technicians: Recipient[];
}

async function audienceOf(ticket: Ticket, env: Env): Promise<Audience> {
  const [company, accounts] = await Promise.all([getCompany(ticket.companyId), listAccounts()]);
  const followers = (company?.people ?? [])
    .filter((person) => ticket.followers.includes(person.id) && person.lastSignInAt !== null && person.email)
    .map((person): Recipient => ({ email: person.email, name: person.name, audience: 'client', id: person.id }));
  const staff = (account: (typeof accounts)[number]): Recipient => ({ email: account.email, name: account.name, audience: 'staff', id: account.id });
  const assigned = ticket.assignedTo ? accounts.find((account) => account.id === ticket.assignedTo!.id && account.state === 'actif' && account.email) : undefined;
  const technicians = accounts.filter((account) => activeWith(account, 'tickets.assignable', ticket.territory) && account.email);
  return {
    followers,
    assignee: assigned ? staff(assigned) : undefined,
    inbox: { email: notificationAddress(ticket.territory, env), name: '', audience: 'staff', id: '' },
    technicians: technicians.map(staff),
  };
}

/** One event of a ticket and who it goes to. */
interface TicketEvent {
  /** `m3` (the 4th message) or `h2` (the 3rd change). */
  key: string;
  recipients: Recipient[];
  subject: string;
  /** Its lines, per audience (a customer's never carries an internal note: notes go to staff only). */
  lines: string[];
  attachReport?: boolean;
}

/**
 * The name an e-mail gives the author of an event. The environment's owner account is named by its sign-in
 * name (« gerant »…), not a person's name: the e-mails name the company instead.
 */
const who = (author: { kind?: string; id?: string; name: string }): string => (author.kind === 'staff' && author.id === OWNER_ID) || !author.name ? siteCompany.name : author.name;

/**
 * The acknowledgement of an opening (`a<index>`), to the company's people who follow the ticket — its
 * author too: they need the reference, the deadline and whom to call while they wait.
 */
function acknowledgementOf(ticket: Ticket, index: number, audience: Audience): TicketEvent {
  const ref = ticket.reference;
  const impact = ticketImpactOf(ticket.impact);
  const deadline = takeInChargeDeadline(ticket);
  const office = officeOf(ticket.territory);
  return {
    key: `a${index}`,
    recipients: audience.followers,
    subject: `[${ref}] Votre déclaration de panne est enregistrée (${impact.label})`,
    lines: [
      `Nous avons bien reçu votre déclaration de panne : ticket ${ref}, impact « ${impact.label} ».`,
      `Équipement : ${ticket.equipment.model}${ticket.equipment.serial ? ` (n° de série ${ticket.equipment.serial})` : ''}`,
      ...(ticket.shop.name ? [`Magasin : ${ticket.shop.name}`] : []),
      ...(deadline ? [`Un technicien prendra votre demande en charge avant le ${moment(deadline, ticket.territory, { zone: 'always' })}.`] : []),
      `Pour une urgence, appelez notre agence de ${office.region} au ${office.phone}.`,
    ],
  };
}

/** The events from `from` on, each with its recipients (the author and duplicates left out). */
function eventsOf(ticket: Ticket, from: TicketEventsFrom, audience: Audience): TicketEvent[] {
  const staffSide = audience.assignee ? [audience.assignee] : [audience.inbox];
  const withAssignee = audience.assignee ? [audience.assignee] : [];
  const events: TicketEvent[] = [];
  const ref = ticket.reference;
  const messageEvent = (message: TicketMessage, index: number): TicketEvent | undefined => {
    // The first message is the opening's description: told by the opening's e-mail.
    if (index === 0) return undefined;
    const photos = message.photos.length > 0 ? [`(${message.photos.length} photo${message.photos.length > 1 ? 's' : ''} jointe${message.photos.length > 1 ? 's' : ''} dans le ticket)`] : [];
    if (message.kind === 'note') {
      return { key: `m${index}`, recipients: withAssignee, subject: `[${ref}] Note interne de ${who(message.by)}`, lines: [`${who(message.by)} a écrit une note interne sur le ticket ${ref} :`, '', message.text, ...photos] };
    }
    if (message.kind === 'client') {
      return { key: `m${index}`, recipients: [...staffSide, ...audience.followers], subject: `[${ref}] Nouveau message de ${who(message.by)}`, lines: [`${who(message.by)} (${ticket.companyName}) a écrit sur le ticket ${ref} :`, '', message.text, ...photos] };
    }
    return { key: `m${index}`, recipients: [...audience.followers, ...withAssignee], subject: `[${ref}] Nouvelle réponse à votre ticket`, lines: [`${who(message.by)} a répondu sur le ticket ${ref} :`, '', message.text, ...photos] };
  };
  const changeEvent = (change: TicketChange, index: number): TicketEvent | undefined => {
    if (change.kind === 'etat' && change.from === null) {
      const impact = ticketImpactOf(ticket.impact);
      const urgent = ticket.impact === 'bloquant';
      const recipients = urgent ? [audience.inbox, ...audience.technicians] : [audience.inbox];
      return {
        key: `h${index}`,
        recipients,
        subject: `[${ref}] ${urgent ? 'URGENT – ' : ''}Nouveau ticket ${impact.label} – ${ticket.companyName}`,
        lines: [
          `${who(change.by)} (${ticket.companyName}) a déclaré une panne : ticket ${ref}, impact « ${impact.label} ».`,
          `Équipement : ${ticket.equipment.model}${ticket.equipment.serial ? ` (n° de série ${ticket.equipment.serial})` : ''}`,
          `Magasin : ${ticket.shop.name || '—'}`,
          `Téléphone à rappeler : ${ticket.phone}`,
          '',
          ticket.messages[0]?.text ?? '',
        ],
      };
    }
    if (change.kind === 'etat') {
      // A customer's reply ends the wait on its own: its e-mail says so.
      if (change.by.kind === 'client' && change.from === 'en_attente_client') return undefined;
      const reopened = change.by.kind === 'client';
      const recipients = reopened ? [...staffSide, ...audience.followers] : [...audience.followers, ...withAssignee];
      const label = ticketStateOf(change.to).label;
      return {
        key: `h${index}`,
        recipients,
        subject: reopened ? `[${ref}] Ticket rouvert par ${who(change.by)}` : `[${ref}] Votre ticket est « ${label} »`,
        lines: [
          reopened ? `${who(change.by)} a rouvert le ticket ${ref}.` : `Le ticket ${ref} est passé à l’état « ${label} » (par ${who(change.by)}).`,
          // The report it carries, with the fingerprint that proves the attachment is the one made.
          ...(change.to === 'resolu' && ticket.report
            ? [
                `Le rapport d’intervention est joint à cet e-mail (${reportFileName(ticket)}) ; il reste aussi disponible sur la page du ticket.`,
                ...(ticket.report.sha256 ? [`Empreinte SHA-256 du rapport : ${ticket.report.sha256}`] : []),
              ]
            : []),
          ...(change.to === 'resolu' ? [`Si le problème revient, le ticket peut être rouvert depuis sa page pendant ${Math.round(RESOLVED_GRACE_MS / DAY_MS)} jours.`] : []),
        ],
        attachReport: change.to === 'resolu',
      };
    }
    if (change.kind === 'impact') {
      return {
        key: `h${index}`,
        recipients: [...audience.followers, ...withAssignee],
        subject: `[${ref}] Impact du ticket : ${ticketImpactOf(change.to).label}`,
        lines: [`L’impact du ticket ${ref} est passé de « ${ticketImpactOf(change.from).label} » à « ${ticketImpactOf(change.to).label} » (par ${who(change.by)}).`],
      };
    }
    // An assignment: the technician it names, and nobody of the company.
    const named = change.to && audience.assignee?.id === change.to.id ? [audience.assignee] : [];
    return { key: `h${index}`, recipients: named, subject: `[${ref}] Ticket attribué : ${ticket.companyName}`, lines: [`Le ticket ${ref} (${ticket.companyName}, impact « ${ticketImpactOf(ticket.impact).label} ») vous est attribué par ${who(change.by)}.`] };
  };
  ticket.messages.forEach((message, index) => {
    if (index < from.messages) return;
    const event = messageEvent(message, index);
    if (event) events.push(withoutAuthor(event, message.by));
  });
  ticket.history.forEach((change, index) => {
    if (index < from.history) return;
    const event = changeEvent(change, index);
    if (event) events.push(withoutAuthor(event, change.by));
    if (change.kind === 'etat' && change.from === null) events.push(withoutAuthor(acknowledgementOf(ticket, index, audience), null));
  });
  return events;
}

/** The event without its author among the recipients (unless `author` is null), nor the same address twice. */
function withoutAuthor(event: TicketEvent, author: { kind: string; id: string } | null): TicketEvent {
  const seen = new Set<string>();
  const recipients = event.recipients.filter((recipient) => {
    const isAuthor = author !== null && recipient.id !== '' && recipient.id === author.id && (recipient.audience === 'client') === (author.kind === 'client');
    const address = recipient.email.toLowerCase();
    if (isAuthor || seen.has(address)) return false;
    seen.add(address);
    return true;
  });
  return { ...event, recipients };
}

/** One e-mail of an event to one recipient. */
function mailOf(ticket: Ticket, event: TicketEvent, recipient: Recipient, attachment: MailAttachment | undefined, env: Env): Mail {
  const { from, companyInbox } = mailAddresses(env);
  const link = ticketLink(ticket, recipient.audience, env);
  const greeting = recipient.name ? `Bonjour ${recipient.name},` : 'Bonjour,';
  const footer =
    recipient.audience === 'client'
      ? ['Pour répondre ou ajouter des photos, ouvrez le ticket dans votre espace client (les réponses à cet e-mail ne sont pas lues par le support) :', link]
      : ['Voir le ticket :', link];
  const text = [greeting, '', ...event.lines, '', ...footer, '', `L’équipe ${siteCompany.name}`];
  const html = mailPage(event.subject, [
    p(greeting),
    ...event.lines.filter((line) => line !== '').map(p),
    p(footer[0]!),
    `<p style="margin:0 0 16px"><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#0b3d6b;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">Ouvrir le ticket ${escapeHtml(ticket.reference)}</a></p>`,
    p(`L’équipe ${siteCompany.name}`),
  ].join(''));
  return frenchMail({
    from,
    to: oneLine(recipient.email),
    replyTo: recipient.audience === 'client' ? oneLine(notificationAddress(ticket.territory, env)) : companyInbox,
    subject: oneLine(event.subject),
    textBody: text.join('\n'),
    htmlBody: html,
    ...(attachment ? { attachments: [attachment] } : {}),
  });
}

/**
 * Queues the e-mails of a ticket's events from `from` on (entries that exist are left as they are).
 * `dueNow`: the job may send them at its next run (a repair). Returns the entries written, to send.
 */
export async function queueTicketMails(
  ticket: Ticket,
  from: TicketEventsFrom,
  { now = new Date(), dueNow = false, env = process.env }: { now?: Date; dueNow?: boolean; env?: Env } = {},
): Promise<Versioned<OutboxEntry>[]> {
  const audience = await audienceOf(ticket, env);
  const events = eventsOf(ticket, from, audience).filter((event) => event.recipients.length > 0);
  if (events.length === 0) return [];
  const attachment = events.some((event) => event.attachReport) ? await reportAttachment(ticket) : undefined;
  const mails: OutgoingMail[] = events.flatMap((event) =>
    event.recipients.map((recipient) => ({ id: `${event.key}-${recipientKey(recipient.email)}`, mail: mailOf(ticket, event, recipient, event.attachReport ? attachment : undefined, env) })),
  );
  const entries = await enqueueMails(ticketMailOwner(ticket.id), mails, { now, dueNow });
  return entries.filter((entry) => entry.etag && entry.data.state === 'en_attente');
}

/** Sends queued entries now; a failure stays in the outbox for the scheduled job. Never throws. */
export async function sendTicketMails(ticketId: string, entries: readonly Versioned<OutboxEntry>[], now = new Date()): Promise<void> {
  await Promise.all(
    entries.map((known) =>
      deliverMail(ticketMailOwner(ticketId), known.data.id, { now, known }).catch((error) => console.error(`ticket ${ticketId}: sending ${known.data.id} is left to the outbox job`, error)),
    ),
  );
}
