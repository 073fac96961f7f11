import { describe, expect, test } from 'vitest';
import { NEWS_CATEGORIES } from '../news/news';
import { CATEGORY_IDS } from '../catalogue/ids';
import { cmsConfig, repositoryFromEnv } from './config';
import { localDecapServer } from './local-server';
import { CMS_POLICY } from './policy';
import { PRODUCT_FORMAT } from './product-format';

const settings = { repository: 'vision-caraibes/site', branch: 'main', nextNewsId: 5, nextProductCode: 'AR00102', rangeTitles: ['LS2208'], siteUrl: 'https://www.vision-caraibes.fr/' };
const config = cmsConfig(settings) as { collections: { name: string; fields: Record<string, unknown>[] }[] } & Record<string, unknown>;
const collection = (name: string) => config.collections.find((entry) => entry.name === name)!;
const field = (collectionName: string, name: string) => collection(collectionName).fields.find((entry) => entry.name === name)!;
/** Whether a Decap pattern accepts a value (Decap tests it with the same RegExp). */
const accepts = (pattern: unknown, value: string) => new RegExp((pattern as [string, string])[0]).test(value);

describe('the CMS configuration, derived from the content schemas', () => {
  test('production commits to the GitHub repository and has no local backend; under `npm run cms`, the CMS uses decap-server on the loopback', () => {
    expect(config.backend).toMatchObject({ name: 'github', repo: 'vision-caraibes/site', branch: 'main' });
    expect(config).not.toHaveProperty('local_backend');
    expect(config.locale).toBe('fr');
    const local = cmsConfig({ ...settings, localServer: localDecapServer({ DECAP_SERVER_PORT: '8083' }, true), siteUrl: 'http://127.0.0.1:4321/' });
    expect(local.local_backend).toEqual({ url: 'http://127.0.0.1:8083/api/v1' });
    expect(localDecapServer({}, true)).toBe('http://127.0.0.1:8081');
    expect(localDecapServer({ DECAP_SERVER_PORT: '8083' }, false)).toBeUndefined();
  });

  test('the production CMS page’s policy lets it reach no local address', () => {
    for (const source of CMS_POLICY.connectSources) expect(source).not.toMatch(/localhost|127\.0\.0\.1|\[::1\]|\*/);
  });

  test('« Voir en direct » opens the article’s or the product’s page on the site the CMS links to', () => {
    expect(config.site_url).toBe(settings.siteUrl);
    expect(collection('actualites')).toHaveProperty('preview_path', 'actualites/{{fields.id}}');
    expect(collection('produits')).toHaveProperty('preview_path', 'commerce/produits/{{fields.id}}');
  });

  test('the news date is a calendar day picked in the editor’s (Martinique) time, not UTC', () => {
    expect(field('actualites', 'date')).toMatchObject({ widget: 'datetime', format: 'YYYY-MM-DD', picker_utc: false });
  });

  test('product files are written by the catalogue’s writer', () => {
    expect(collection('produits')).toMatchObject({ extension: 'json', format: PRODUCT_FORMAT });
  });

  test('the repository comes from CMS_GITHUB_REPO, else from Netlify’s REPOSITORY_URL', () => {
    expect(repositoryFromEnv({ CMS_GITHUB_REPO: 'a/b', CMS_GITHUB_BRANCH: 'prod' })).toEqual({ repository: 'a/b', branch: 'prod' });
    expect(repositoryFromEnv({ REPOSITORY_URL: 'https://github.com/vision/site' })).toEqual({ repository: 'vision/site', branch: 'main' });
  });

  test('news: files AAAA-MM-JJ-mots-du-titre.mdx, photos in content/news/images, every field of the schema plus the body', () => {
    expect(collection('actualites')).toMatchObject({ folder: 'content/news', extension: 'mdx', slug: '{{year}}-{{month}}-{{day}}-{{slug}}', media_folder: 'images', public_folder: './images' });
    // The list shows « titre — 20/04/2026 — brouillon »: Decap's filters take single-quoted arguments only.
    expect(collection('actualites')).toHaveProperty('summary', expect.stringMatching(/\{\{date \| date\('DD\/MM\/YYYY'\)\}\}\{\{brouillon \| ternary\(' — brouillon', ''\)\}\}$/));
    expect(collection('actualites').fields.map((entry) => entry.name).sort()).toEqual(
      ['body', 'brouillon', 'categorie', 'date', 'extrait', 'id', 'image', 'imageAlt', 'tags', 'titre'].sort(),
    );
  });

  test('the categories, the limits and their French messages come from the schema', () => {
    expect(field('actualites', 'categorie')).toMatchObject({ widget: 'select', options: [...NEWS_CATEGORIES] });
    const extract = field('actualites', 'extrait').pattern;
    expect(accepts(extract, 'Dix carac.')).toBe(false);
    expect(accepts(extract, 'x'.repeat(40))).toBe(true);
    expect(accepts(extract, 'x'.repeat(301))).toBe(false);
    expect((extract as string[])[1]).toBe('L’extrait doit compter au moins 40 caractères ; l’extrait doit compter au plus 300 caractères');
    expect(accepts(field('actualites', 'titre').pattern, '  Un titre assez long  ')).toBe(true);
  });

  test('a new article takes the highest id + 1; a draft is not one by default; tags are optional', () => {
    expect(field('actualites', 'id')).toMatchObject({ widget: 'number', value_type: 'int', default: 5 });
    expect(field('actualites', 'brouillon')).toMatchObject({ widget: 'boolean', default: false, required: false });
    expect(field('actualites', 'tags')).toMatchObject({ widget: 'list', required: false, max: 10 });
    expect(field('actualites', 'image')).toMatchObject({ widget: 'image', media_library: { config: { max_file_size: 10 * 1024 * 1024 } } });
  });

  test('products: one JSON file per product, every field of the product schema, specifications as rows, the next code', () => {
    // Photos go beside the product files, where the build reads them with image() and resizes them.
    expect(collection('produits')).toMatchObject({ folder: 'content/catalogue/products', extension: 'json', format: PRODUCT_FORMAT, slug: '{{fields.id}}', media_folder: 'images', public_folder: './images' });
    expect(field('produits', 'code')).toMatchObject({ default: 'AR00102', pattern: ['^AR\\d{5}$', 'AR suivi de 5 chiffres, par exemple AR00042'] });
    expect(field('produits', 'category')).toMatchObject({ widget: 'select', options: [...CATEGORY_IDS] });
    expect(field('produits', 'specifications')).toMatchObject({ widget: 'list', min: 2 });
    expect((field('produits', 'specifications').fields as { name: string }[]).map((row) => row.name)).toEqual(['label', 'value']);
    expect(field('produits', 'badge')).toMatchObject({ required: false });
    expect(field('produits', 'priceHT')).toMatchObject({ widget: 'number', value_type: 'float' });
  });

  test('an image is chosen in the media library, with no pattern that would refuse the path it writes', () => {
    expect(field('produits', 'image')).toMatchObject({ widget: 'image' });
    expect(field('produits', 'image')).not.toHaveProperty('pattern');
  });

  test('documents: optional rows of a title and a PDF uploaded to public/documents/produits, written /documents/produits/nom.pdf', () => {
    const documents = field('produits', 'documents');
    expect(documents).toMatchObject({ widget: 'list', required: false, max: 10 });
    const [title, file] = documents.fields as Record<string, unknown>[];
    expect(title).toMatchObject({ name: 'title', widget: 'string' });
    expect(file).toMatchObject({ name: 'file', widget: 'file', media_folder: '/public/documents/produits', public_folder: '/documents/produits', choose_url: false });
    expect(accepts(file!.pattern, '/documents/produits/notice-tc22.pdf')).toBe(true);
    for (const refused of ['/documents/produits/notice.html', '/documents/produits/../../admin.pdf', '/images/uploads/notice.pdf']) expect(accepts(file!.pattern, refused), refused).toBe(false);
  });

  test('every hint an editor reads is French', () => {
    const hints = config.collections.flatMap((item) => item.fields).flatMap((item) => [item, ...((item.fields as Record<string, unknown>[]) ?? [])]).map((item) => String(item.hint ?? ''));
    for (const hint of hints) expect(hint).not.toMatch(/\b(the|of|and|shown|price|excluding|path|under|unique,)\b/i);
  });

});
