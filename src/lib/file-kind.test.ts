import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { fileKind } from './file-kind';
import { photoBytesProblem } from './photo-problems';

const image = sharp({ create: { width: 8, height: 6, channels: 3, background: '#3a7bd5' } });
const bytes = async (format: 'jpeg' | 'png' | 'webp' | 'gif') => new Uint8Array(await image.clone().toFormat(format).toBuffer());
const text = (content: string) => new TextEncoder().encode(content);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(localStorage.admin_token)</script></svg>';

describe('a file’s kind, read from its first bytes', () => {
  test('JPEG, PNG, WebP and GIF by their magic numbers', async () => {
    expect(fileKind(await bytes('jpeg'))).toBe('JPEG');
    expect(fileKind(await bytes('png'))).toBe('PNG');
    expect(fileKind(await bytes('webp'))).toBe('WebP');
    expect(fileKind(await bytes('gif'))).toBe('GIF');
  });

  test('an SVG (with or without an XML declaration, a byte-order mark, white space), a PDF, an HTML page', () => {
    expect(fileKind(text(SVG))).toBe('SVG');
    expect(fileKind(text(`\uFEFF  <?xml version="1.0"?>${SVG}`))).toBe('SVG');
    expect(fileKind(text('%PDF-1.7\n'))).toBe('PDF');
    expect(fileKind(text('<html><script></script></html>'))).toBe('HTML');
    expect(fileKind(text('bonjour'))).toBe('inconnu');
  });
});

describe('a photo file, judged by its bytes and not its name', () => {
  test('a JPEG named .jpg or .jpeg, a PNG named .png, a WebP named .webp are accepted', async () => {
    expect(photoBytesProblem('IMG_2041.JPG', await bytes('jpeg'))).toBeNull();
    expect(photoBytesProblem('photo.jpeg', await bytes('jpeg'))).toBeNull();
    expect(photoBytesProblem('plan.png', await bytes('png'))).toBeNull();
    expect(photoBytesProblem('stand.webp', await bytes('webp'))).toBeNull();
  });

  test('an SVG or a GIF renamed .jpg is refused, naming the file and what it really is', async () => {
    expect(photoBytesProblem('photo.jpg', text(SVG))).toBe('l’image photo.jpg est refusée : son contenu n’est pas une photo JPEG (format reçu : SVG)');
    expect(photoBytesProblem('anime.jpg', await bytes('gif'))).toBe('l’image anime.jpg est refusée : son contenu n’est pas une photo JPEG (format reçu : GIF)');
    expect(photoBytesProblem('photo.png', await bytes('jpeg'))).toBe('l’image photo.png est refusée : son contenu n’est pas une photo PNG (format reçu : JPEG)');
  });

  test('another extension is refused whatever the bytes', async () => {
    expect(photoBytesProblem('dessin.svg', text(SVG))).toMatch(/^l’image dessin\.svg est refusée : seules les photos JPEG, PNG ou WebP sont acceptées \(format reçu : SVG\)$/);
    expect(photoBytesProblem('photo', await bytes('jpeg'))).toMatch(/seules les photos/);
  });
});
