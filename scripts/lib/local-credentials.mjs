/**
 * Local administrator credentials for `npm start`: when the environment (or .env) does not configure
 * them, a random password and signing secret are generated once into .local/admin-credentials.env
 * (git-ignored) and printed, so a newcomer can log in to /admin/contact. Never used on Netlify, where
 * the site settings must set them (login answers 503 otherwise).
 */
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import webPush from 'web-push';
import { fileURLToPath } from 'node:url';

export const credentialsFile = fileURLToPath(new URL('../../.local/admin-credentials.env', import.meta.url));

const configured = () =>
  Boolean(process.env.ADMIN_USERNAME && (process.env.ADMIN_PASSWORD_HASH || process.env.ADMIN_PASSWORD) && process.env.AUTH_SECRET);

/** Fills the missing admin variables of process.env from the local file, creating it the first time. */
export function ensureLocalCredentials() {
  if (configured()) return;
  if (!existsSync(credentialsFile)) {
    const password = randomBytes(15).toString('base64url');
    const secret = randomBytes(48).toString('base64url');
    mkdirSync(fileURLToPath(new URL('../../.local/', import.meta.url)), { recursive: true });
    writeFileSync(
      credentialsFile,
      `# Identifiants administrateur locaux, créés par npm start. Ne pas utiliser en production.\nADMIN_USERNAME=admin\nADMIN_PASSWORD=${password}\nAUTH_SECRET=${secret}\n`,
      { mode: 0o600 },
    );
    console.log(
      `\n  Identifiants administrateur locaux créés (à noter, ils ne seront plus affichés) :\n` +
        `    identifiant : admin\n    mot de passe : ${password}\n` +
        `  Ils sont gardés dans .local/admin-credentials.env (ignoré par git).\n`,
    );
  } else {
    console.log('\n  Identifiants administrateur locaux : voir .local/admin-credentials.env\n');
  }
  // Values already set in the environment win; only the missing ones come from the file.
  process.loadEnvFile(credentialsFile);
}

/**
 * Local VAPID keys for Web Push (the technicians' app's notifications) under `npm start`: when the
 * environment has none, a key pair is generated once into the same git-ignored file (or, when the
 * environment gave the admin credentials and there is no file — the browser tests —, for this run only).
 * On Netlify the site settings set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (push stays off without them).
 */
export function ensureLocalPushKeys() {
  if (process.env.VAPID_PUBLIC_KEY && process.env.VAPID_PRIVATE_KEY) return;
  const keys = webPush.generateVAPIDKeys();
  if (!existsSync(credentialsFile)) {
    process.env.VAPID_PUBLIC_KEY = keys.publicKey;
    process.env.VAPID_PRIVATE_KEY = keys.privateKey;
    return;
  }
  process.loadEnvFile(credentialsFile);
  if (process.env.VAPID_PUBLIC_KEY && process.env.VAPID_PRIVATE_KEY) return;
  appendFileSync(credentialsFile, `# Clés VAPID locales des notifications push (application des techniciens).\nVAPID_PUBLIC_KEY=${keys.publicKey}\nVAPID_PRIVATE_KEY=${keys.privateKey}\n`);
  process.env.VAPID_PUBLIC_KEY = keys.publicKey;
  process.env.VAPID_PRIVATE_KEY = keys.privateKey;
}
