import { describe, expect, test } from 'vitest';
import { fileProblem, uploadProblem } from './upload-guard';

const MO = 1024 * 1024;

describe('a file an editor picks in the CMS', () => {
  test('a JPEG, PNG or WebP photo of at most 10 Mo is accepted', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) expect(uploadProblem({ name: 'photo', size: 10 * MO, type }), type).toBeNull();
  });

  test('another format is refused, naming the file and the format', () => {
    expect(uploadProblem({ name: 'IMG_2041.heic', size: 2 * MO, type: 'image/heic' })).toBe(
      'L’image IMG_2041.heic est refusée : seules les photos JPEG, PNG ou WebP sont acceptées (format reçu : HEIC)',
    );
    // A type the browser does not know is read from the name.
    expect(uploadProblem({ name: 'plan.pdf', size: 1000, type: '' })).toMatch(/^L’image plan\.pdf est refusée : .*\(format reçu : PDF\)$/);
  });

  test('a photo over 10 Mo is refused, naming the file and its weight', () => {
    expect(uploadProblem({ name: 'IMG_2042.jpg', size: 12.4 * MO, type: 'image/jpeg' })).toBe(
      'L’image IMG_2042.jpg est refusée : elle pèse 12,4 Mo, au plus 10 Mo sont acceptés (réduisez-la ou exportez-la en JPEG)',
    );
  });
});

describe('a file an editor picks, judged by its bytes', () => {
  const file = (bytes: number[] | string, name: string, type: string) => new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type });

  test('a real JPEG passes', async () => {
    expect(await fileProblem(file([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46], 'IMG_2041.jpg', 'image/jpeg'))).toBeNull();
  });

  test('an SVG or a GIF renamed .jpg (the browser then says image/jpeg) is refused, naming the file and what it is', async () => {
    expect(await fileProblem(file('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'photo.jpg', 'image/jpeg'))).toBe(
      'L’image photo.jpg est refusée : son contenu n’est pas une photo JPEG (format reçu : SVG)',
    );
    expect(await fileProblem(file('GIF89a\u0001\u0000', 'anime.jpg', 'image/jpeg'))).toBe('L’image anime.jpg est refusée : son contenu n’est pas une photo JPEG (format reçu : GIF)');
  });

  test('a product document passes when its bytes are a PDF’s; an HTML page renamed .pdf is refused', async () => {
    expect(await fileProblem(file('%PDF-1.7\n%%EOF\n', 'notice.pdf', 'application/pdf'))).toBeNull();
    expect(await fileProblem(file('<html><script>alert(1)</script></html>', 'notice.pdf', 'application/pdf'))).toBe(
      'Le document notice.pdf est refusé : son contenu n’est pas un PDF (format reçu : HTML)',
    );
  });
});
