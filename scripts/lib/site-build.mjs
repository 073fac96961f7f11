/**
 * The static site's build kept between two `npm start`: `astro build` runs again only when what it reads
 * changed. Its inputs are the project's sources (src/, public/, content/), its settings (astro.config.mjs,
 * tsconfig.json), the installed packages (package-lock.json) and the environment variables the build reads;
 * their hash is written in dist/ after a build, and a start that finds the same hash serves dist/ as it is.
 * `npm test` and `npm run build` always build.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

const FOLDERS = ['src', 'public', 'content'];
const FILES = ['astro.config.mjs', 'tsconfig.json', 'package-lock.json'];
/** The environment variables the build reads (src/, astro.config.mjs). */
const ENVIRONMENT = ['SITE_URL', 'CATALOGUE_DIR', 'CMS_LOCAL'];
/** Where the hash of the inputs of the build in dist/ is written. */
const STAMP = join('dist', '.inputs-hash');

/**
 * The hash of the build's inputs: each file by its path and contents, in a stable order, then the variables.
 * @param {string} root the project folder
 * @param {Record<string, string | undefined>} [env]
 */
export async function siteInputsHash(root, env = process.env) {
  const hash = createHash('sha256');
  const files = [...FILES];
  for (const folder of FOLDERS) {
    if (!existsSync(join(root, folder))) continue;
    for (const entry of await readdir(join(root, folder), { withFileTypes: true, recursive: true })) {
      if (entry.isFile()) files.push(relative(root, join(entry.parentPath, entry.name)));
    }
  }
  for (const file of files.sort()) {
    const path = join(root, file);
    hash.update(`${file}\0`).update(existsSync(path) ? await readFile(path) : 'absent').update('\0');
  }
  for (const name of ENVIRONMENT) hash.update(`${name}=${env[name] ?? ''}\0`);
  return hash.digest('hex');
}

/** Whether dist/ holds the build of these inputs (a complete one: the stamp is written after it). */
export async function siteBuildIsCurrent(root, hash) {
  const stamp = join(root, STAMP);
  return existsSync(join(root, 'dist', 'index.html')) && existsSync(stamp) && (await readFile(stamp, 'utf8')).trim() === hash;
}

/** Records that dist/ is the build of these inputs. */
export async function recordSiteBuild(root, hash) {
  await writeFile(join(root, STAMP), `${hash}\n`);
}
