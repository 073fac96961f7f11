/**
 * The mail outbox, by hand:
 *
 *   node scripts/mail.mjs list [--root DIR]              # every e-mail of the outbox: state, recipient, subject
 *   node scripts/mail.mjs show REF [--root DIR]          # the whole e-mails of a request (its reference or id)
 *   node scripts/mail.mjs run [--url URL]                # one run of the outbox job now, on the running `npm start` server
 *
 * Locally without POSTMARK_SERVER_TOKEN, `npm start` keeps every e-mail in the outbox (state
 * boite_locale) instead of sending it: `list` and `show` read what would have been sent. Works on the
 * local data of `npm start` (DIR/.netlify/blobs-serve, DIR = this project by default), or on the
 * production site's Blobs when NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN are set (see scripts/inbox.mjs).
 * `run` calls the scheduled function `mail-outbox` of the local server (http://localhost:8888 by default),
 * so the job runs as Netlify runs it; on Netlify, its « Run now » button does the same.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { connectBlobs } from './lib/local-blobs.mjs';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { root: { type: 'string' }, url: { type: 'string', default: `http://localhost:${process.env.PORT ?? 8888}` } } });
const [command, wanted] = positionals;
if (!['list', 'show', 'run'].includes(command ?? '') || (command === 'show' && !wanted)) {
  console.error('Usage : node scripts/mail.mjs list | show RÉFÉRENCE [--root DOSSIER] | run [--url URL]');
  process.exit(2);
}

if (command === 'run') {
  const url = new URL('/.netlify/functions/mail-outbox', values.url);
  const response = await fetch(url, { method: 'POST' }).catch((error) => {
    console.error(`Le serveur local ne répond pas sur ${values.url} : lancez d’abord npm start. (${error.cause?.code ?? error.message})`);
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

const root = values.root ?? fileURLToPath(new URL('..', import.meta.url));
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
    for (const entry of entries) console.log(`${entry.createdAt}  ${entry.state.padEnd(12)}  ${entry.mail.to.padEnd(32)}  ${entry.mail.subject}`);
    console.log(`${entries.length} e-mail(s) dans la boîte d’envoi (${blobs.where}).`);
  } else {
    const mine = entries.filter((entry) => entry.requestId === wanted || entry.mail.subject.includes(wanted));
    if (mine.length === 0) {
      console.error(`Aucun e-mail pour « ${wanted} » dans la boîte d’envoi (${blobs.where}).`);
      process.exitCode = 1;
    }
    for (const { mail, state, skipReason } of mine) {
      console.log(`De : ${mail.from}\nÀ : ${mail.to}\nRépondre à : ${mail.replyTo}\nObjet : ${mail.subject}\nÉtat : ${state}${skipReason ? ` (${skipReason})` : ''}\n\n${mail.textBody}\n\n${'─'.repeat(72)}`);
    }
  }
} finally {
  await blobs.close();
}
