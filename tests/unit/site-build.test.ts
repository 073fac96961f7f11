/**
 * `npm start` builds the static site again only when what the build reads changed (scripts/lib/site-build.mjs).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { recordSiteBuild, siteBuildIsCurrent, siteInputsHash } from '../../scripts/lib/site-build.mjs';

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

function project(): string {
  root = mkdtempSync(join(tmpdir(), 'site-build-'));
  for (const folder of ['src/pages', 'public', 'content', 'dist']) mkdirSync(join(root, folder), { recursive: true });
  writeFileSync(join(root, 'src/pages/index.astro'), '<h1>Accueil</h1>');
  writeFileSync(join(root, 'package-lock.json'), '{}');
  writeFileSync(join(root, 'dist/index.html'), '<h1>Accueil</h1>');
  return root;
}

describe('the site build kept between starts', () => {
  it('is current once recorded, until a source, a package or a variable the build reads changes', async () => {
    const folder = project();
    const hash = await siteInputsHash(folder, {});
    expect(await siteBuildIsCurrent(folder, hash)).toBe(false);
    await recordSiteBuild(folder, hash);
    expect(await siteBuildIsCurrent(folder, await siteInputsHash(folder, {}))).toBe(true);

    expect(await siteInputsHash(folder, { SITE_URL: 'https://exemple.fr' })).not.toBe(hash);
    writeFileSync(join(folder, 'package-lock.json'), '{"packages":{}}');
    const afterInstall = await siteInputsHash(folder, {});
    expect(afterInstall).not.toBe(hash);
    writeFileSync(join(folder, 'public/robots.txt'), 'User-agent: *');
    expect(await siteInputsHash(folder, {})).not.toBe(afterInstall);
    expect(await siteBuildIsCurrent(folder, await siteInputsHash(folder, {}))).toBe(false);
  });

  it('is not current when dist/ has no page (a build that failed, or none)', async () => {
    const folder = project();
    const hash = await siteInputsHash(folder, {});
    await recordSiteBuild(folder, hash);
    rmSync(join(folder, 'dist/index.html'));
    expect(await siteBuildIsCurrent(folder, hash)).toBe(false);
  });
});
