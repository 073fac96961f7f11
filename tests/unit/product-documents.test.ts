/**
 * Product documents: every document a product file lists is a real PDF of public/documents/produits (by its
 * bytes) within the size limit; the product page and the customers' space read them with their sizes; the
 * catalogue's build refuses a product listing a missing file.
 */
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { readProductFiles } from '../../src/features/catalogue/files.server';
import { productSchema } from '../../src/features/catalogue/schema';
import { DOCUMENT_MAX_BYTES, fileSizeLabel } from '../../src/features/catalogue/documents';
import { documentFileProblem } from '../../src/features/catalogue/document-file';
import { missingDocuments, productDocuments } from '../../src/features/catalogue/documents.server';
import { documentProblems } from '../../src/features/cms/media-check';

const root = fileURLToPath(new URL('../..', import.meta.url));
const products = readProductFiles(`${root}content/catalogue`).map(({ file, data }) => ({ file, ...productSchema.parse(data) }));
const withDocuments = products.filter((product) => (product.documents ?? []).length > 0);

describe('the product documents of the catalogue', () => {
  test('a few products carry documents, and every file they list is a PDF by its bytes, within the limit', () => {
    expect(withDocuments.length).toBeGreaterThanOrEqual(3);
    for (const product of withDocuments) {
      for (const document of product.documents!) {
        const path = `${root}public${document.file}`;
        const bytes = readFileSync(path);
        expect(documentFileProblem(document.file.split('/').at(-1)!, bytes.subarray(0, 16), bytes.length), `${product.file} → ${document.file}`).toBeNull();
        expect(bytes.length).toBeLessThanOrEqual(DOCUMENT_MAX_BYTES);
      }
    }
    expect(missingDocuments(products, `${root}public`)).toEqual([]);
    // Every file of the folder, listed or not, is a PDF within the limit (the build checks the same).
    expect(documentProblems(root)).toEqual([]);
  });

  test('a product listing a file that is not there is named, with the field', () => {
    const broken = { file: 'products/zebra-tc22.json', documents: [{ title: 'Notice perdue', file: '/documents/produits/absente.pdf' }] };
    expect(missingDocuments([broken], `${root}public`)).toEqual([
      { entry: 'products/zebra-tc22.json', field: 'documents.0.file', message: 'fichier public/documents/produits/absente.pdf introuvable' },
    ]);
  });

  test('a document’s path stays in public/documents/produits and ends in .pdf; a file is listed once', () => {
    const { file: _file, ...product } = withDocuments[0]!;
    const parse = (documents: unknown) => productSchema.safeParse({ ...product, documents }).success;
    expect(parse([{ title: 'Notice', file: '/documents/produits/notice.pdf' }])).toBe(true);
    for (const file of ['/documents/produits/../../admin.pdf', '/documents/produits/notice.html', '/images/products/notice.pdf', 'https://exemple.fr/notice.pdf']) {
      expect(parse([{ title: 'Notice', file }]), file).toBe(false);
    }
    expect(parse([{ title: 'Notice', file: '/documents/produits/a.pdf' }, { title: 'Encore', file: '/documents/produits/a.pdf' }])).toBe(false);
    expect(parse([{ title: 'Notice\u202e', file: '/documents/produits/a.pdf' }])).toBe(false);
  });
});

describe('a product’s documents as pages and the space read them', () => {
  test('each with its title, address and size « PDF, N Ko »', () => {
    const product = withDocuments[0]!;
    const [first] = productDocuments(product, [root]);
    const bytes = statSync(`${root}public${product.documents![0]!.file}`).size;
    expect(first).toEqual({ title: product.documents![0]!.title, url: product.documents![0]!.file, bytes, label: `PDF, ${fileSizeLabel(bytes)}` });
    expect(first!.label).toMatch(/^PDF, \d+\u00a0Ko$/);
  });

  test('sizes read as French readers write them; unknown where the file is not there', () => {
    expect(fileSizeLabel(235_520)).toBe('230\u00a0Ko');
    expect(fileSizeLabel(300)).toBe('1\u00a0Ko');
    expect(fileSizeLabel(1.25 * 1024 * 1024)).toBe('1,3\u00a0Mo');
    expect(productDocuments({ documents: [{ title: 'Notice', file: '/documents/produits/absente.pdf' }] }, [root])).toEqual([
      { title: 'Notice', url: '/documents/produits/absente.pdf', bytes: null, label: 'PDF' },
    ]);
  });
});

