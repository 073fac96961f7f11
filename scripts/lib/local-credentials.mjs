/**
 * Local administrator credentials for `npm start`: when the environment (or .env) does not configure
 * them, a random password and signing secret are generated once into .local/admin-credentials.env
 * (git-ignored) and printed, so a newcomer can log in to /admin/contact. Never used on Netlify, where
 * the site settings must set them (login answers 503 otherwise).
 */
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import webPush from 'web-push';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';

export const credentialsFile = fileURLToPath(new URL('../../.local/admin-credentials.env', import.meta.url));

const configured = (env) => Boolean(env.ADMIN_USERNAME && (env.ADMIN_PASSWORD_HASH || env.ADMIN_PASSWORD) && env.AUTH_SECRET);

/**
 * Fills the missing admin variables of process.env from the local file, creating it the first time (the
 * environment's own values win). Returns the sign-in in effect, for « Site prêt »: the username the login
 * checks, and the password only when it is the file's (a password set in the environment, or a hash, is
 * not ours to print; `passwordFile` says where the file's is kept).
 * @returns {{ username: string | undefined, password?: string, passwordFile?: string, created: boolean }}
 */
export function ensureLocalCredentials(env = process.env, file = credentialsFile) {
  const passwordFromEnvironment = Boolean(env.ADMIN_PASSWORD || env.ADMIN_PASSWORD_HASH?.trim());
  if (configured(env)) return { username: env.ADMIN_USERNAME, created: false };
  const created = !existsSync(file);
  if (created) {
    const password = randomBytes(15).toString('base64url');
    const secret = randomBytes(48).toString('base64url');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(
      file,
      `# Identifiants administrateur locaux, créés par npm start. Ne pas utiliser en production.\nADMIN_USERNAME=admin\nADMIN_PASSWORD=${password}\nAUTH_SECRET=${secret}\n`,
      { mode: 0o600 },
    );
  }
  // Values already set in the environment win; only the missing ones come from the file.
  for (const [name, value] of Object.entries(parseEnv(readFileSync(file, 'utf8')))) env[name] ??= value;
  const username = env.ADMIN_USERNAME;
  if (passwordFromEnvironment) return { username, created };
  return { username, password: created ? env.ADMIN_PASSWORD : undefined, passwordFile: '.local/admin-credentials.env', created };
}

/**
 * The lines « Site prêt » prints about signing in to the back office: only what works (the username in
 * effect; the password when this start created it, else where it is kept, else nothing).
 * @param {ReturnType<typeof ensureLocalCredentials>} signIn
 */
export function signInLines(signIn) {
  if (!signIn.username) return [];
  const lines = [`  Connexion à /admin/contact : identifiant ${signIn.username}`];
  if (signIn.password) lines.push(`    mot de passe : ${signIn.password} (créé pour ce poste, à noter ; gardé dans ${signIn.passwordFile}, ignoré par git)`);
  else if (signIn.passwordFile) lines.push(`    mot de passe : voir ${signIn.passwordFile}`);
  return lines;
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
