/**
 * Local administrator credentials for `npm start`: when the environment (or .env) does not configure
 * them, a random password and signing secret are generated once into .local/admin-credentials.env
 * (git-ignored) and printed, so a newcomer can log in to /admin/contact. Never used on Netlify, where
 * the site settings must set them (login answers 503 otherwise).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
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
