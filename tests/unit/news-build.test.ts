/**
 * Real `astro build`s of a throw-away copy of the site (in the system's temp folder, never the
 * repository's dist/ or content/): one with the README's example article added, following the README's
 * steps, one with a malformed article. They prove that the editor's guide works and that a bad file stops
 * the build with its name and the field.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const BUILD_TIMEOUT_MS = 180_000;
const fixtures: string[] = [];

/** A copy of the site whose content/news holds the real articles plus `extra` files; returns its root. */
async function siteCopy(extra: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'news-build-'));
  fixtures.push(root);
  for (const entry of ['node_modules', 'package.json', 'tsconfig.json']) await symlink(join(repo, entry), join(root, entry));
  // Copied, not linked: Vite resolves a linked source folder outside the project and loses its modules.
  for (const entry of ['src', 'public']) await cp(join(repo, entry), join(root, entry), { recursive: true });
  // Other collections' content stays linked; the news folder is a copy the test can add to.
  await mkdir(join(root, 'content'));
  for (const entry of await readdir(join(repo, 'content'))) {
    if (entry !== 'news') await symlink(join(repo, 'content', entry), join(root, 'content', entry));
  }
  await cp(join(repo, 'content', 'news'), join(root, 'content', 'news'), { recursive: true });
  for (const [name, text] of Object.entries(extra)) await writeFile(join(root, 'content', 'news', name), text);
  // The real configuration, with its caches kept inside the copy (the default is the shared node_modules).
  await writeFile(
    join(root, 'astro.config.mjs'),
    `import config from ${JSON.stringify(join(repo, 'astro.config.mjs'))};\n` +
      `export default { ...config, cacheDir: './.cache', vite: { ...config.vite, cacheDir: './.vite' } };\n`,
  );
  return root;
}

/** Runs `astro build` in a copy; resolves with its exit code and everything it printed. */
function build(root: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(repo, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build', '--root', root],
      { cwd: root, env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0' }, maxBuffer: 20 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}\n${stderr}` }),
    );
  });
}

/** The README's example article: its file name and its text. */
async function readmeExample(): Promise<{ file: string; text: string }> {
  const readme = await readFile(join(repo, 'README.md'), 'utf8');
  const match = /^Example: `content\/news\/([^`]+\.mdx)`\s*```mdx\n([\s\S]*?)```/m.exec(readme);
  if (!match) throw new Error('README.md: the « Adding a news article » example was not found');
  return { file: match[1]!, text: match[2]! };
}

afterEach(async () => {
  await Promise.all(fixtures.splice(0).map((root) => rm(root, { recursive: true, force: true })));
});

describe('adding a news article', () => {
  test(
    'the README example, added as a fifth article, gets its card, its page, its archive month and its feed entry',
    async () => {
      const example = await readmeExample();
      const root = await siteCopy({ [example.file]: example.text });
      const image = /^image: (\S+)$/m.exec(example.text)![1]!;
      await cp(join(repo, 'public', 'images', 'actualites', 'salon-commerce-martinique.svg'), join(root, 'public', image));

      const { code, output } = await build(root);
      expect(code, output).toBe(0);

      const list = await readFile(join(root, 'dist', 'actualites.html'), 'utf8');
      expect(list.match(/<li[^>]*\bdata-news-card\b/g)).toHaveLength(5);
      expect(list).toContain('Vision Caraïbes au salon des entrepreneurs de Guyane');
      expect(list).toContain('Mars 2026');
      expect(list).toContain('href="/actualites/5"');

      const page = await readFile(join(root, 'dist', 'actualites', '5.html'), 'utf8');
      expect(page).toMatch(/<h1[^>]*>Vision Caraïbes au salon des entrepreneurs de Guyane<\/h1>/);
      expect(page).toContain('12 mars 2026');
      expect(page).toMatch(/<h2[^>]*>Au programme<\/h2>/);

      const feed = await readFile(join(root, 'dist', 'actualites', 'rss.xml'), 'utf8');
      expect(feed.match(/<item>/g)).toHaveLength(5);
      expect(existsSync(join(repo, 'dist', 'actualites', '5.html'))).toBe(false);
    },
    BUILD_TIMEOUT_MS,
  );
});

describe('a malformed article', () => {
  test(
    'fails the build with a message naming the file and the field',
    async () => {
      const file = '2026-01-01-article-mal-rempli.mdx';
      const root = await siteCopy({
        [file]: [
          '---',
          'id: 6',
          'titre: "Un article dont la catégorie n’existe pas"',
          'date: 2026-01-01',
          'categorie: Promotions',
          'image: /images/actualites/salon-commerce-martinique.svg',
          'imageAlt: "Un stand de salon professionnel"',
          'extrait: "Un extrait assez long pour respecter la longueur minimale demandée."',
          '---',
          '',
        ].join('\n'),
      });

      const { code, output } = await build(root);
      expect(code).not.toBe(0);
      expect(output).toContain(`content/news/${file}`);
      expect(output).toContain('categorie: la catégorie doit être l’une de : Événements, Nos solutions, Recrutement');
      expect(existsSync(join(root, 'dist', 'actualites.html'))).toBe(false);
    },
    BUILD_TIMEOUT_MS,
  );
});
