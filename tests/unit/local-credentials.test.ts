/**
 * `npm start`'s sign-in lines (scripts/lib/local-credentials.mjs): « Site prêt » prints only credentials that
 * work. The environment's username wins over the local file's, and a password the environment sets (or a
 * hash) is never printed, since the one in the file would not be the one checked.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureLocalCredentials, signInLines } from '../../scripts/lib/local-credentials.mjs';
import { checkCredentials, readAuthConfig } from '../../netlify/lib/auth/auth.ts';

const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));
const credentialsIn = () => {
  const folder = mkdtempSync(join(tmpdir(), 'credentials-'));
  folders.push(folder);
  return join(folder, '.local', 'admin-credentials.env');
};

/** Whether the printed username and password sign in, as the login function checks them. */
async function printedSignInWorks(env: Record<string, string | undefined>, lines: string[]): Promise<boolean> {
  const config = readAuthConfig(env, false);
  if (!config.ok) return false;
  const username = /identifiant (\S+)/.exec(lines.join('\n'))?.[1] ?? '';
  const password = /mot de passe : (\S+) \(/.exec(lines.join('\n'))?.[1] ?? '';
  return checkCredentials(config.config, username, password);
}

describe('npm start’s admin sign-in', () => {
  it('with nothing set: creates the file, prints its username and password once, then where the password is', async () => {
    const file = credentialsIn();
    const env: Record<string, string | undefined> = {};
    const first = signInLines(ensureLocalCredentials(env, file));
    expect(first[0]).toBe('  Connexion à /admin/contact : identifiant admin');
    expect(await printedSignInWorks(env, first)).toBe(true);
    expect(readFileSync(file, 'utf8')).toContain(`ADMIN_PASSWORD=${env.ADMIN_PASSWORD}`);
    const again = signInLines(ensureLocalCredentials({}, file));
    expect(again).toEqual(['  Connexion à /admin/contact : identifiant admin', '    mot de passe : voir .local/admin-credentials.env']);
  });

  it('with ADMIN_USERNAME and ADMIN_PASSWORD set but no secret: the environment’s username, and no password line', () => {
    const file = credentialsIn();
    const env: Record<string, string | undefined> = { ADMIN_USERNAME: 'gerante', ADMIN_PASSWORD: 'le-sien' };
    const lines = signInLines(ensureLocalCredentials(env, file));
    expect(lines).toEqual(['  Connexion à /admin/contact : identifiant gerante']);
    expect(env.ADMIN_PASSWORD).toBe('le-sien');
    expect(env.AUTH_SECRET).toBeTruthy();
  });

  it('with only ADMIN_USERNAME set: that username with the file’s password, which works', async () => {
    const file = credentialsIn();
    const env: Record<string, string | undefined> = { ADMIN_USERNAME: 'gerante' };
    const lines = signInLines(ensureLocalCredentials(env, file));
    expect(lines[0]).toBe('  Connexion à /admin/contact : identifiant gerante');
    expect(await printedSignInWorks(env, lines)).toBe(true);
  });

  it('with everything set: the username only, and no file written', () => {
    const file = credentialsIn();
    const env = { ADMIN_USERNAME: 'gerante', ADMIN_PASSWORD_HASH: 'scrypt$…', AUTH_SECRET: 'x'.repeat(40) };
    expect(signInLines(ensureLocalCredentials(env, file))).toEqual(['  Connexion à /admin/contact : identifiant gerante']);
    expect(existsSync(file)).toBe(false);
  });
});
