/**
 * Build time of the real site with three phone-photo articles, first build and second: the second reuses
 * the photos Astro's image service already resized (its cache). Works on a throw-away copy in the system's
 * temp folder (the repository's content/ and dist/ are untouched) and prints one line:
 *
 *   build: first 41.2 s, second 12.3 s, 3 photo articles
 *
 * It fails when the second build is not at least a third faster than the first (the cache was not used).
 *
 *   npm run bench:photos
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writePhoto } from '../tests/helpers/photo.ts';
import { commandLine } from './lib/command-line.mjs';

commandLine('Usage : npm run bench:photos   (deux constructions d’une copie jetable avec trois photos ; aucune option)');

const repo = fileURLToPath(new URL('..', import.meta.url));
const ARTICLES = 3;

const root = mkdtempSync(join(tmpdir(), 'bench-photos-'));
try {
  for (const entry of ['node_modules', 'package.json', 'tsconfig.json']) symlinkSync(join(repo, entry), join(root, entry));
  // Copied, not linked: Vite resolves a linked source folder outside the project and loses its modules.
  for (const entry of ['src', 'public']) cpSync(join(repo, entry), join(root, entry), { recursive: true });
  mkdirSync(join(root, 'content'));
  for (const entry of readdirSync(join(repo, 'content'))) {
    if (entry !== 'news') symlinkSync(join(repo, 'content', entry), join(root, 'content', entry));
  }
  cpSync(join(repo, 'content', 'news'), join(root, 'content', 'news'), { recursive: true });
  mkdirSync(join(root, 'content', 'news', 'images'), { recursive: true });
  for (let index = 1; index <= ARTICLES; index += 1) {
    const name = `2026-03-0${index}-photo-${index}`;
    await writePhoto(join(root, 'content', 'news', 'images', `${name}.jpg`), index);
    writeFileSync(
      join(root, 'content', 'news', `${name}.mdx`),
      [
        '---',
        `id: ${100 + index}`,
        `titre: "Nos équipes en photo, reportage numéro ${index}"`,
        `date: 2026-03-0${index}`,
        'categorie: Événements',
        `image: ./images/${name}.jpg`,
        'imageAlt: "Une photo de nos équipes sur le terrain"',
        'extrait: "Une journée avec nos techniciens, de l’installation des caisses à la formation des équipes."',
        'tags: [reportage]',
        '---',
        '',
        'Le reportage de la journée.',
        '',
      ].join('\n'),
    );
  }
  // The real configuration, with its caches kept inside the copy, so the first build starts cold.
  writeFileSync(
    join(root, 'astro.config.mjs'),
    `import config from ${JSON.stringify(join(repo, 'astro.config.mjs'))};\n` +
      `export default { ...config, cacheDir: './.cache', vite: { ...config.vite, cacheDir: './.vite' } };\n`,
  );
  const build = () => {
    const started = performance.now();
    const result = spawnSync(process.execPath, [join(repo, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build', '--root', root], {
      cwd: root,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
      encoding: 'utf8',
      maxBuffer: 50 * 1024 * 1024,
    });
    if (result.status !== 0) throw new Error(`astro build a échoué :\n${result.stdout}\n${result.stderr}`);
    return (performance.now() - started) / 1000;
  };
  const first = build();
  const second = build();
  console.log(`build: first ${first.toFixed(1)} s, second ${second.toFixed(1)} s, ${ARTICLES} photo articles`);
  if (second > first * (2 / 3)) {
    console.error('La deuxième construction n’a pas réutilisé les images déjà traitées (cache d’Astro).');
    process.exitCode = 1;
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
