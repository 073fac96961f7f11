/**
 * The two e-mails of every request and how they leave: the company's notification (Reply-To the
 * visitor, everything that was sent, a link to the request in the admin) and the visitor's
 * acknowledgement (Reply-To the company, the reference, what happens next and, for a quote, its lines and
 * totals for the delivery territory; nothing the visitor typed). Both carry the reference in their subject, in text and simple HTML where
 * every visitor value is escaped. Sending goes through Postmark (POSTMARK_SERVER_TOKEN); the outbox
 * (outbox.ts) decides when.
 */
import type { ServerClient } from 'postmark';
import type { OrderTotals } from '../../../src/features/cart/totals.ts';
import { SHIPPING_RULE, quoteLineText, quoteTotalsLines, type QuoteLine } from '../../../src/features/quote/quote.ts';
import { totalRows } from '../../../src/features/devis/devis.ts';
import { siteAddress } from '../http/site-url.ts';
import { formatCents } from '../../../src/lib/price.ts';
import { company, offices } from '../../../src/lib/site.ts';
import { territoryOf } from '../../../src/lib/territories.ts';
import { frenchMail } from '../../../src/lib/typography.ts';
import { requestTerritory, type ContactRequest } from '../../../src/features/contact/request.ts';
import { notificationAddress } from '../../../src/features/territory/routing.ts';
import { isNetlifyRuntime, serverEnv, siteUrl } from '../env.ts';

type Env = Record<string, string | undefined>;

/** A file sent with an e-mail (a devis' PDF), its content in base64. */
export interface MailAttachment {
  name: string;
  contentType: string;
  contentBase64: string;
}

/** An e-mail ready to send. */
export interface Mail {
  from: string;
  to: string;
  replyTo: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  attachments?: MailAttachment[];
}

/** A quote as POST /api/quote priced it from the catalogue: its lines and its totals for the delivery territory. */
export interface QuoteDetails {
  lines: QuoteLine[];
  totals: OrderTotals;
}

/** One line, no control characters: what a header may carry. */
export const oneLine = (value: string): string => value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();

/** Text made safe for HTML (element content and quoted attributes). */
export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** The sender and the company's inbox: MAIL_FROM and MAIL_TO, or the company's address. */
export function mailAddresses(env: Env = process.env): { from: string; companyInbox: string } {
  const { MAIL_FROM, MAIL_TO } = serverEnv(env);
  return { from: oneLine(MAIL_FROM ?? company.email), companyInbox: oneLine(MAIL_TO ?? company.email) };
}

/** The request's page in the admin: the list opened on it (`demande` = its id); `site` is the site's own address (siteAddress). */
export function adminRequestUrl(id: string, env: Env = process.env, site = siteAddress(env)): string {
  return `${site}/admin/contact?demande=${encodeURIComponent(id)}`;
}

/** The reference shown in a subject, or the id for a request older than references. */
const referenceOf = (request: ContactRequest): string => request.reference || request.id;

/** A label / value row. */
type Row = readonly [label: string, value: string];

function requestRows(request: ContactRequest): Row[] {
  return [
    ['Nom', request.name],
    ['Entreprise', request.company],
    ['E-mail', request.email],
    ['Téléphone', request.phone],
    ...(request.clientCode ? [['Code client', request.clientCode] as const] : []),
    ...(request.kind === 'contact'
      ? ([
          ['Solution souhaitée', request.subject],
          ['Échéance', request.delai],
        ] as const)
      : []),
  ];
}

function quoteTextLines(quote: QuoteDetails): string[] {
  return [
    ...quote.lines.map(quoteLineText),
    '',
    ...quoteTotalsLines(quote.totals),
  ];
}

const cell = 'padding:6px 10px;border-bottom:1px solid #e2e8f0;text-align:left;vertical-align:top';
const cellRight = `${cell};text-align:right;white-space:nowrap`;

function rowsHtml(rows: Row[]): string {
  return `<table role="presentation" style="border-collapse:collapse;margin:8px 0 16px">${rows
    .map(([label, value]) => `<tr><th style="${cell};color:#475569;font-weight:600">${escapeHtml(label)}</th><td style="${cell}">${escapeHtml(value)}</td></tr>`)
    .join('')}</table>`;
}

function quoteHtml({ lines, totals }: QuoteDetails): string {
  const head = ['Produit', 'Code article', 'Référence', 'Quantité', 'Prix unitaire HT', 'Total HT'];
  const body = lines
    .map(
      (line) =>
        `<tr><td style="${cell}">${escapeHtml(line.name)}</td><td style="${cell}">${escapeHtml(line.code ?? '')}</td><td style="${cell}">${escapeHtml(line.reference)}</td><td style="${cellRight}">${line.quantity}</td><td style="${cellRight}">${formatCents(line.unitPriceHTCents)}</td><td style="${cellRight}">${formatCents(line.totalHTCents)}</td></tr>`,
    )
    .join('');
  const sums: Row[] = totalRows(totals).map(({ label, value }) => [label, value]);
  const foot = sums.map(([label, value]) => `<tr><th colspan="4" style="${cellRight}">${escapeHtml(label)}</th><td style="${cellRight}">${escapeHtml(value)}</td></tr>`).join('');
  return `<table style="border-collapse:collapse;margin:8px 0 8px;width:100%"><thead><tr>${head
    .map((label) => `<th style="${cell};background:#f1f5f9">${label}</th>`)
    .join('')}</tr></thead><tbody>${body}</tbody><tfoot>${foot}</tfoot></table><p style="margin:0 0 16px;color:#475569">Livraison vers : ${escapeHtml(
    territoryOf(totals.territory).label,
  )}. ${escapeHtml(SHIPPING_RULE)}</p>`;
}

/** A paragraph of text as HTML, escaped, line breaks kept. */
export const paragraphHtml = (text: string): string => `<p style="margin:0 0 12px;white-space:pre-wrap">${escapeHtml(text)}</p>`;

/** The HTML shell of every e-mail the site sends: a simple page around its body. */
export const mailPage = (title: string, body: string): string =>
  `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#0f172a;background:#ffffff"><div style="max-width:640px;margin:0 auto">${body}</div></body></html>`;

/** The parts of an e-mail built around one link (an invitation, a sign-in link). */
export interface LinkMailParts {
  to: string;
  subject: string;
  greeting: string;
  /** The paragraphs before the link (the last one says what the link does). */
  intro: readonly string[];
  link: string;
  /** The button that carries the link in the HTML version. */
  button: string;
  /** The paragraphs after the link (its validity, the signature). */
  outro: readonly string[];
}

/**
 * An e-mail around one link, from the company to one person (Reply-To the company's inbox): in text, the
 * link on its own line after the intro; in HTML, a button. Every value escaped, French typography applied.
 */
export function linkMail({ to, subject, greeting, intro, link, button, outro }: LinkMailParts, env: Env = process.env): Mail {
  const { from, companyInbox } = mailAddresses(env);
  const text = [greeting, '', ...intro, link, '', ...outro.flatMap((paragraph, index) => (index === 0 ? [paragraph] : ['', paragraph]))];
  return frenchMail({
    from,
    to: oneLine(to),
    replyTo: companyInbox,
    subject: oneLine(subject),
    textBody: text.join('\n'),
    htmlBody: mailPage(
      subject,
      [
        paragraphHtml(greeting),
        ...intro.map(paragraphHtml),
        `<p style="margin:0 0 16px"><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#0b3d6b;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(button)}</a></p>`,
        ...outro.map(paragraphHtml),
      ].join(''),
    ),
  });
}

/** The company's contact block, from the company facts. */
function contactLines(): string[] {
  return [
    company.name,
    ...offices.map((office) => `${office.region} : ${office.street}, ${office.postalCode} ${office.city} – ${office.phone} – ${office.email}`),
    `E-mail : ${company.email} – ${company.hours}`,
  ];
}

/** The notification sent to the company for a stored request, to its territory's address. */
export function buildNotification(request: ContactRequest, quote?: QuoteDetails, env: Env = process.env): Mail {
  const { from } = mailAddresses(env);
  // The request's territory has its own inbox (MAIL_TO_MARTINIQUE…), each defaulting to MAIL_TO.
  const companyInbox = oneLine(notificationAddress(requestTerritory(request), env));
  const reference = referenceOf(request);
  const what = request.kind === 'devis' ? 'Nouvelle demande de devis' : 'Nouvelle demande de contact';
  const link = adminRequestUrl(request.id, env);
  const rows = requestRows(request);
  const text = [
    `${what} ${reference} reçue sur le site ${company.name}.`,
    '',
    ...rows.map(([label, value]) => `${label} : ${value}`),
    '',
    ...(quote ? ['Produits demandés :', ...quoteTextLines(quote), ''] : []),
    'Message :',
    request.message,
    '',
    `Référence : ${reference}`,
    `Traiter la demande : ${link}`,
    'Répondre à cet e-mail écrit directement au demandeur.',
  ];
  const html = mailPage(
    `${what} ${reference}`,
    [
      `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(what)} ${escapeHtml(reference)}</h1>`,
      rowsHtml(rows),
      quote ? `<h2 style="font-size:16px;margin:16px 0 4px">Produits demandés</h2>${quoteHtml(quote)}` : '',
      `<h2 style="font-size:16px;margin:16px 0 4px">Message</h2>`,
      paragraphHtml(request.message),
      `<p style="margin:16px 0"><a href="${escapeHtml(link)}" style="color:#0b5cab">Traiter la demande ${escapeHtml(reference)} dans l’administration</a></p>`,
      `<p style="margin:0;color:#475569">Répondre à cet e-mail écrit directement au demandeur.</p>`,
    ].join(''),
  );
  return frenchMail({
    from,
    to: companyInbox,
    replyTo: oneLine(request.email),
    subject: oneLine(`[${reference}] ${what} : ${request.company} (${request.name})`),
    textBody: text.join('\n'),
    htmlBody: html,
  });
}

/** The sentence that tells an unwitting recipient what to do: the address was typed by someone else. */
export const NOT_YOU_SENTENCE = 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.';

/**
 * The acknowledgement sent to the visitor: « Nous avons bien reçu votre demande ». It goes to an address
 * nobody verified, from the company's sender, so it carries nothing the visitor typed (no name, company,
 * phone or message: anyone could otherwise send anybody a text signed by the company): a greeting, the
 * reference, what happens next, the company's contacts and, for a quote, its lines and totals as the
 * catalogue prices them (product names and references are the company's, quantities are numbers).
 */
export function buildAcknowledgement(request: ContactRequest, quote?: QuoteDetails, env: Env = process.env): Mail {
  const { from, companyInbox } = mailAddresses(env);
  const reference = referenceOf(request);
  const isQuote = request.kind === 'devis';
  const next = isQuote
    ? `Un conseiller étudie votre demande et vous répond ${company.answerDelay} avec un devis détaillé : vos prix, les délais et la livraison vers votre territoire.`
    : `Un conseiller vous recontacte ${company.answerDelay}.`;
  const hours = `Nos équipes vous répondent aux heures d’ouverture (${company.hours}).`;
  const quoteReminder = 'Les montants ci-dessous sont indicatifs ; seul le devis que nous vous adresserons vous engage.';
  const received = `Nous avons bien reçu votre demande${isQuote ? ' de devis' : ''}`;
  const text = [
    'Bonjour,',
    '',
    `${received}. Sa référence est ${reference} : rappelez-la si vous nous contactez à son sujet.`,
    '',
    'La suite :',
    next,
    hours,
    ...(quote ? ['', 'Produits demandés :', ...quoteTextLines(quote), quoteReminder] : []),
    '',
    'Pour compléter votre demande, répondez simplement à cet e-mail.',
    '',
    'Cordialement,',
    `L’équipe ${company.name}`,
    '',
    ...contactLines(),
    '',
    NOT_YOU_SENTENCE,
  ];
  const html = mailPage(
    `Votre demande ${reference}`,
    [
      `<p style="margin:0 0 12px">Bonjour,</p>`,
      `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(received)}</h1>`,
      `<p style="margin:0 0 12px">Sa référence est <strong>${escapeHtml(reference)}</strong> : rappelez-la si vous nous contactez à son sujet.</p>`,
      `<h2 style="font-size:16px;margin:16px 0 4px">La suite</h2><p style="margin:0 0 4px">${escapeHtml(next)}</p><p style="margin:0 0 12px">${escapeHtml(hours)}</p>`,
      quote ? `<h2 style="font-size:16px;margin:16px 0 4px">Produits demandés</h2>${quoteHtml(quote)}<p style="margin:0 0 12px;color:#475569">${escapeHtml(quoteReminder)}</p>` : '',
      `<p style="margin:16px 0 12px">Pour compléter votre demande, répondez simplement à cet e-mail.</p>`,
      `<p style="margin:0 0 16px">Cordialement,<br>L’équipe ${escapeHtml(company.name)}</p>`,
      `<p style="margin:0 0 16px;font-size:13px;color:#475569">${contactLines().map(escapeHtml).join('<br>')}</p>`,
      `<p style="margin:0;font-size:13px;color:#475569">${escapeHtml(NOT_YOU_SENTENCE)}</p>`,
    ].join(''),
  );
  return frenchMail({
    from,
    to: oneLine(request.email),
    replyTo: companyInbox,
    subject: oneLine(`Nous avons bien reçu votre demande ${reference} – ${company.name}`),
    textBody: text.join('\n'),
    htmlBody: html,
  });
}

/**
 * How e-mails leave: through Postmark when POSTMARK_SERVER_TOKEN is set; on a developer's machine
 * without it, into the local outbox (readable with `npm run mail -- list`); on Netlify without it,
 * nowhere yet (entries wait, and /api/health says what is missing; never a value).
 */
export function mailConfiguration(env: Env = process.env): { configured: boolean; transport: 'postmark' | 'boite_locale' | 'aucun'; missing: string[] } {
  if (serverEnv(env).POSTMARK_SERVER_TOKEN) return { configured: true, transport: 'postmark', missing: [] };
  if (!isNetlifyRuntime(env)) return { configured: true, transport: 'boite_locale', missing: [] };
  return { configured: false, transport: 'aucun', missing: ['POSTMARK_SERVER_TOKEN'] };
}

/**
 * A Postmark client; POSTMARK_API_URL (e.g. http://127.0.0.1:4010) points it elsewhere, for tests. The library is
 * loaded by the call that sends, not by the start of every function that writes to the outbox.
 */
async function postmarkClient(token: string, env: Env): Promise<ServerClient> {
  const { ServerClient } = await import('postmark');
  const api = serverEnv(env).POSTMARK_API_URL;
  if (!api) return new ServerClient(token, { timeout: 10 });
  const url = new URL(api);
  return new ServerClient(token, { useHttps: url.protocol === 'https:', requestHost: url.host, timeout: 10 });
}

/** Sends one e-mail through Postmark; resolves to Postmark's message id, throws on any failure. */
export async function sendWithPostmark(mail: Mail, token: string, env: Env = process.env): Promise<string> {
  const answer = await (await postmarkClient(token, env)).sendEmail({
    From: mail.from,
    To: mail.to,
    ReplyTo: mail.replyTo,
    Subject: mail.subject,
    TextBody: mail.textBody,
    HtmlBody: mail.htmlBody,
    ...(mail.attachments?.length ? { Attachments: mail.attachments.map((file) => ({ Name: file.name, ContentType: file.contentType, Content: file.contentBase64, ContentID: null })) } : {}),
    MessageStream: 'outbound',
  });
  return answer.MessageID;
}
