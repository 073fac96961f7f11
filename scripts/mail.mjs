/**
 * The mail outbox, by hand:
 *
 *   node scripts/mail.mjs list [--root DIR]              # every e-mail of the outbox: its id, state, recipient, subject
 *   node scripts/mail.mjs show ID [--root DIR]           # one e-mail by its id (as `list` prints it), or all of a request (its reference)
 *   node scripts/mail.mjs run [--url URL]                # one run of the outbox job now, on the running `npm start` server
 *
 * Locally without POSTMARK_SERVER_TOKEN, `npm start` keeps every e-mail in the outbox (state
 * boite_locale) instead of sending it: `list` and `show` read what would have been sent. Works on the
 * local data of `npm start` (DIR/.netlify/blobs-serve, DIR = this project by default), or on the
 * production site's Blobs when NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN are set (see scripts/inbox.mjs).
 * `run` calls the scheduled function `mail-outbox` of the local server, so the job runs as Netlify runs it;
 * on Netlify, its « Run now » button does the same. The server is the running `npm start` (PORT when the
 * environment sets it, else the address that server recorded, lib/local-server-address.mjs); --url names another.
 */
import { fileURLToPath } from 'node:url';
import { commandLine } from './lib/command-line.mjs';
import { connectBlobs } from './lib/local-blobs.mjs';
import { localServerUrl } from './lib/local-server-address.mjs';

const USAGE = [
  'Usage : npm run mail -- list [--root DOSSIER]               les e-mails de la boîte d’envoi, chacun avec son identifiant',
  '        npm run mail -- show IDENTIFIANT [--root DOSSIER]   un e-mail entier par son identifiant, ou ceux d’une demande par sa référence',
  '        npm run mail -- run [--url URL]                     un passage de la tâche d’envoi sur le serveur lancé par npm start',
].join('\n');

const { values, positionals } = commandLine(USAGE, { allowPositionals: true, options: { root: { type: 'string' }, url: { type: 'string' } } });
const [command, wanted] = positionals;
const root = values.root ?? fileURLToPath(new URL('..', import.meta.url));
if (!['list', 'show', 'run'].includes(command ?? '') || (command === 'show' && !wanted)) {
  console.error(USAGE);
  process.exit(2);
}

if (command === 'run') {
  const server = values.url ?? localServerUrl(root);
  const url = new URL('/.netlify/functions/mail-outbox', server);
  const response = await fetch(url, { method: 'POST' }).catch((error) => {
    console.error(`Le serveur local ne répond pas sur ${server} : lancez d’abord npm start, ou donnez son adresse (--url). (${error.cause?.code ?? error.message})`);
    process.exit(1);
  });
  const run = await response.json().catch(() => undefined);
  if (!response.ok || !run) {
    console.error(`La tâche d’envoi a répondu ${response.status}.`);
    process.exit(1);
  }
  if (run.repair) console.log(`Réparation : ${run.repair.completed} demandes complétées, ${run.repair.dropped} envois abandonnés effacés, ${run.repair.waiting} encore en cours.`);
  console.log(`Boîte d’envoi : ${run.pending} à envoyer, ${run.sent} envoyés, ${run.retried} à réessayer, ${run.failed} en échec définitif (transport : ${run.transport}).`);
  process.exit(0);
}

const blobs = await connectBlobs(root);
try {
  const { getStore } = await import('@netlify/blobs');
  const { storeNames } = await import('../netlify/lib/storage/storage.ts');
  const outbox = getStore({ name: storeNames.outbox, consistency: 'strong' });
  const entries = [];
  for await (const page of outbox.list({ paginate: true })) {
    for (const { key } of page.blobs) {
      const entry = await outbox.get(key, { type: 'json' });
      if (entry?.mail) entries.push(entry);
    }
  }
  entries.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  if (command === 'list') {
    const width = Math.max(0, ...entries.map((entry) => mailId(entry).length));
    for (const entry of entries) console.log(`${mailId(entry).padEnd(width)}  ${entry.createdAt}  ${entry.state.padEnd(12)}  ${entry.mail.to.padEnd(32)}  ${entry.mail.subject}`);
    console.log(`${entries.length} e-mail(s) dans la boîte d’envoi (${blobs.where}).${entries.length > 0 ? ' Un e-mail entier : npm run mail -- show IDENTIFIANT (la première colonne).' : ''}`);
  } else {
    const mine = entries.filter((entry) => mailId(entry) === wanted || entry.requestId === wanted || entry.mail.subject.includes(wanted));
    if (mine.length === 0) {
      console.error(`Aucun e-mail pour « ${wanted} » dans la boîte d’envoi (${blobs.where}).`);
      process.exitCode = 1;
    }
    for (const entry of mine) {
      const { mail, state, skipReason } = entry;
      console.log(`Identifiant : ${mailId(entry)}\nDe : ${mail.from}\nÀ : ${mail.to}\nRépondre à : ${mail.replyTo}\nObjet : ${mail.subject}\nÉtat : ${state}${skipReason ? ` (${skipReason})` : ''}\n\n${mail.textBody}\n\n${'─'.repeat(72)}`);
    }
  }
} finally {
  await blobs.close();
}

/** The id `list` prints and `show` takes: the outbox's key of the e-mail (`<request or owner>/<mail id>`). */
function mailId(entry) {
  return `${entry.requestId}/${entry.id}`;
}
