/**
 * The notification mail sent to the company for every request, through Postmark. Without
 * POSTMARK_SERVER_TOKEN (local use) the mail goes to a local outbox in Blobs and to the log instead.
 */
import { ServerClient } from 'postmark';
import { company } from '../../src/lib/site.ts';
import type { ContactRequest, MailStatus } from './requests.ts';
import { storeNames, strongStore } from './storage.ts';

/** A mail ready to send. */
export interface Mail {
  from: string;
  to: string;
  replyTo: string;
  subject: string;
  textBody: string;
}

type Env = Record<string, string | undefined>;

/** One line, no control characters: what a header may carry. */
const oneLine = (value: string): string => value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();

/** The notification mail for a stored request. */
export function buildNotification(request: ContactRequest, env: Env = process.env): Mail {
  const what = request.kind === 'devis' ? 'Nouvelle demande de devis' : 'Nouvelle demande de contact';
  const lines = [
    `${what} reçue sur le site ${company.name}.`,
    '',
    `Nom : ${request.name}`,
    `Entreprise : ${request.company}`,
    `E-mail : ${request.email}`,
    `Téléphone : ${request.phone}`,
    ...(request.clientCode ? [`Code client : ${request.clientCode}`] : []),
    `Objet : ${request.subject}`,
    `Échéance : ${request.delai}`,
    '',
    'Message :',
    request.message,
    '',
    `Référence de la demande : ${request.id}`,
    'Traitez-la depuis l’espace d’administration (/admin/contact).',
  ];
  return {
    from: env.MAIL_FROM?.trim() || company.email,
    to: env.MAIL_TO?.trim() || company.email,
    replyTo: oneLine(request.email),
    subject: oneLine(`${what} : ${request.company} (${request.name})`),
    textBody: lines.join('\n'),
  };
}

/** A Postmark client; POSTMARK_API_URL (e.g. http://127.0.0.1:4010) points it elsewhere, for tests. */
function postmarkClient(token: string, env: Env): ServerClient {
  const api = env.POSTMARK_API_URL?.trim();
  if (!api) return new ServerClient(token, { timeout: 10 });
  const url = new URL(api);
  return new ServerClient(token, { useHttps: url.protocol === 'https:', requestHost: url.host, timeout: 10 });
}

/**
 * Sends the notification of a request and says what became of it. Never throws: a failure is logged
 * and reported as `echec`, so the caller keeps the stored request whatever happens here.
 */
export async function sendNotification(request: ContactRequest, env: Env = process.env): Promise<MailStatus> {
  const mail = buildNotification(request, env);
  const token = env.POSTMARK_SERVER_TOKEN?.trim();
  try {
    if (!token) {
      await strongStore(storeNames.outbox).setJSON(request.id, { ...mail, written_at: new Date().toISOString() });
      console.log(`mail: no POSTMARK_SERVER_TOKEN, notification for request ${request.id} written to the local outbox`);
      return 'boite_locale';
    }
    await postmarkClient(token, env).sendEmail({
      From: mail.from,
      To: mail.to,
      ReplyTo: mail.replyTo,
      Subject: mail.subject,
      TextBody: mail.textBody,
      MessageStream: 'outbound',
    });
    return 'envoye';
  } catch (error) {
    console.error(`mail: notification for request ${request.id} failed; the request is kept`, error instanceof Error ? error.message : error);
    return 'echec';
  }
}
