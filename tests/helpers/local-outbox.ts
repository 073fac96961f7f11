/**
 * The e-mails the browser tests' server kept (no Postmark token: every e-mail stays in the `mail-outbox`
 * store of its throw-away Blobs data). Reads that store from the test's process through a BlobsServer of
 * its own on the same folder (scripts/lib/local-blobs.mjs), found through the file the server writes its
 * root to (tests/helpers/e2e-server.ts). E-mails sent after the answer (a sign-in link) arrive a moment
 * later: `lastLinkTo` waits for one.
 */
import { readFile } from 'node:fs/promises';
import { getStore } from '@netlify/blobs';
import { connectBlobs } from '../../scripts/lib/local-blobs.mjs';
import { storeNames } from '../../netlify/lib/storage/storage';
import type { OutboxEntry } from '../../netlify/lib/mail/outbox';
import type { Mail } from '../../netlify/lib/mail/mail';
import { e2ePort, e2eSiteRootFile } from './e2e-server';

let connection: Promise<unknown> | undefined;

/**
 * Connects this process to the e2e server's Blobs once (the connection lasts as long as the worker): the
 * server library (netlify/lib) then reads and writes the server's own data, for seeding a test's records.
 */
export async function connectE2eBlobs(): Promise<void> {
  connection ??= (async () => {
    const root = (await readFile(e2eSiteRootFile(e2ePort()), 'utf8')).trim();
    return connectBlobs(root);
  })();
  await connection;
}

/** Every e-mail of the outbox sent to `address` (any case), oldest first. */
export async function mailsTo(address: string): Promise<Mail[]> {
  await connectE2eBlobs();
  const outbox = getStore({ name: storeNames.outbox, consistency: 'strong' });
  const wanted = address.trim().toLowerCase();
  const entries: OutboxEntry[] = [];
  for await (const page of outbox.list({ paginate: true })) {
    for (const { key } of page.blobs) {
      const entry = (await outbox.get(key, { type: 'json' })) as OutboxEntry | null;
      if (entry?.mail && entry.mail.to.trim().toLowerCase() === wanted) entries.push(entry);
    }
  }
  return entries.sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map((entry) => entry.mail!);
}

/**
 * The first link matching `pattern` in the newest e-mail to `address` that has one, waiting up to
 * `timeoutMs` for it (and for a newer one than `after`, a link already seen, when given).
 */
export async function lastLinkTo(address: string, pattern: RegExp, { timeoutMs = 20_000, after }: { timeoutMs?: number; after?: string } = {}): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const links = (await mailsTo(address)).map((mail) => mail.textBody.match(pattern)?.[0]).filter((link): link is string => Boolean(link));
    const link = links.at(-1);
    if (link && link !== after) return link;
    if (Date.now() > deadline) throw new Error(`No e-mail to ${address} with a link matching ${pattern} within ${timeoutMs} ms (${links.length} older link(s)).`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
