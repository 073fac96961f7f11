/**
 * The catalogue is validated when the site builds: a malformed product file stops the build with a
 * message naming the file and the field. Runs Astro's content sync (the first step of
 * `astro build`) on a broken copy of the catalogue, through CATALOGUE_DIR; the real files are untouched.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
let dir: string | undefined;

/** Copies the catalogue, changes some product files (by id), runs `astro sync` on it. */
function syncWith(change: (product: (id: string) => Record<string, unknown>) => void) {
  dir = mkdtempSync(join(tmpdir(), 'catalogue-'));
  cpSync(join(root, 'content/catalogue'), dir, { recursive: true });
  const changed = new Map<string, Record<string, unknown>>();
  const product = (id: string) => {
    if (!changed.has(id)) changed.set(id, JSON.parse(readFileSync(join(dir!, 'products', `${id}.json`), 'utf8')) as Record<string, unknown>);
    return changed.get(id)!;
  };
  change(product);
  for (const [id, data] of changed) writeFileSync(join(dir, 'products', `${id}.json`), JSON.stringify(data));
  const result = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'sync'], {
    cwd: root,
    env: { ...process.env, CATALOGUE_DIR: dir, FORCE_COLOR: '0' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('a malformed catalogue fails the build', () => {
  it('names the entry and the field of a value of the wrong type', () => {
    const { status, output } = syncWith((product) => {
      product('zebra-zd230t').priceHT = 'cher';
    });
    expect(status).not.toBe(0);
    expect(output).toContain('products → zebra-zd230t');
    expect(output).toContain('priceHT');
  }, 120_000);

  it('names both files and the field when two products share a reference or a code', () => {
    const { status, output } = syncWith((product) => {
      const { reference, code } = product('zebra-zd621t');
      Object.assign(product('zebra-zd611t'), { reference, code });
      (product('zebra-zd611t').specifications as { value: unknown }[])[0]!.value = reference;
    });
    expect(status).not.toBe(0);
    expect(output).toMatch(/products\/zebra-zd621t\.json, champ « reference » : référence « .+ » déjà utilisée par products\/zebra-zd611t\.json/);
    expect(output).toContain('products/zebra-zd621t.json, champ « code » : code « AR00005 » déjà utilisé par products/zebra-zd611t.json');
  }, 120_000);

  it('names the file, the field and the photo when a photo is missing, of another format or over 10 Mo', async () => {
    const images = join(mkdtempSync(join(tmpdir(), 'photos-')), 'images');
    mkdirSync(images);
    writeFileSync(join(images, 'anime.gif'), await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7bd5' } }).gif().toBuffer());
    writeFileSync(join(images, 'enorme.jpg'), Buffer.concat([await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7bd5' } }).jpeg().toBuffer(), Buffer.alloc(11 * 1024 * 1024)]));
    const { status, output } = syncWith((product) => {
      cpSync(images, join(dir!, 'products', 'images'), { recursive: true });
      product('zebra-zd230t').image = './images/absente.jpg';
      product('zebra-zd421d').image = './images/anime.gif';
      product('zebra-zd621t').image = './images/enorme.jpg';
    });
    expect(status).not.toBe(0);
    expect(output).toContain('products/zebra-zd230t.json, champ « image » : l’image ./images/absente.jpg est introuvable (une photo se place dans content/catalogue/products/images/');
    expect(output).toContain('products/zebra-zd421d.json, champ « image » : l’image anime.gif est refusée : seules les photos JPEG, PNG ou WebP sont acceptées (format reçu : GIF)');
    expect(output).toContain('products/zebra-zd621t.json, champ « image » : l’image enorme.jpg est refusée : elle pèse 11 Mo, au plus 10 Mo sont acceptés');
    rmSync(images, { recursive: true, force: true });
  }, 120_000);
});
