/**
 * Maintenance of the admin inbox, by hand:
 *
 *   node scripts/inbox.mjs rebuild [--root DIR]   # rewrites the inbox index from the request blobs
 *   node scripts/inbox.mjs purge [--root DIR]     # runs the retention job now (what the daily function does)
 *
 * Works on the local data of `npm start` (DIR/.netlify/blobs-serve, DIR = this project by default), or on
 * the production site's Blobs when NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN (a personal access token) are set.
 */
import { fileURLToPath } from 'node:url';
import { commandLine } from './lib/command-line.mjs';
import { connectBlobs } from './lib/local-blobs.mjs';

const USAGE = 'Usage : npm run inbox -- rebuild|purge [--root DOSSIER]   (reconstruit l’index des demandes, ou lance la purge des données expirées)';
const { values, positionals } = commandLine(USAGE, { allowPositionals: true, options: { root: { type: 'string' } } });
const command = positionals[0];
if (command !== 'rebuild' && command !== 'purge') {
  console.error(USAGE);
  process.exit(2);
}
const root = values.root ?? fileURLToPath(new URL('..', import.meta.url));
const blobs = await connectBlobs(root);
try {
  if (command === 'rebuild') {
    const { rebuildIndex } = await import('../netlify/lib/requests/requests.ts');
    const { indexed, unreadable } = await rebuildIndex();
    console.log(`Index reconstruit (${blobs.where}) : ${indexed} demandes indexées.`);
    if (unreadable.length > 0) console.log(`Illisibles, laissées hors de l’index : ${unreadable.join(', ')}`);
  } else {
    const { purgeExpired } = await import('../netlify/lib/retention/retention.ts');
    const report = await purgeExpired(new Date());
    console.log(`Purge (${blobs.where}) : ${report.requests.requests} demandes, ${report.tickets.erased} tickets, ${report.customers.people} personnes de l’espace client, ${report.auth.revokedTokens} jetons révoqués, ${report.auth.throttleRecords} compteurs de connexion, ${report.storage.idempotencyKeys} clés d’envoi, ${report.team.invitations} invitations expirées, ${report.team.journal} entrées du journal supprimées.`);
  }
} finally {
  await blobs.close();
}
