import { describe, expect, it } from 'vitest';
import { DESCRIPTION_MAX, HOME_TITLE, TITLE_MAX, documentTitle, validatePageMeta } from './meta';

const description = 'Une description de page assez longue pour être valide.';

describe('the document title', () => {
  it('follows « Page — Section | Vision Caraïbes » when a section applies', () => {
    expect(documentTitle({ title: 'ZD421', section: 'Imprimantes' })).toBe('ZD421 — Imprimantes | Vision Caraïbes');
  });

  it('is « Page | Vision Caraïbes » without a section', () => {
    expect(documentTitle({ title: 'Contact' })).toBe('Contact | Vision Caraïbes');
  });

  it('does not repeat a section equal to the title', () => {
    expect(documentTitle({ title: 'Actualités', section: 'Actualités' })).toBe('Actualités | Vision Caraïbes');
  });

  it('is the home title when the page has no title', () => {
    expect(documentTitle({})).toBe(HOME_TITLE);
    expect(HOME_TITLE.length).toBeLessThanOrEqual(TITLE_MAX);
  });

  it('drops the company, then the section, to stay within 60 characters', () => {
    const title = 'Imprimante thermique de bureau ZD421';
    const section = 'Imprimantes d’étiquettes';
    expect(documentTitle({ title, section })).toBe(`${title} | Vision Caraïbes`);
    const longer = 'Imprimante thermique de bureau ZD421 300 dpi Ethernet';
    expect(documentTitle({ title: longer, section })).toBe(longer);
    for (const result of [documentTitle({ title, section }), documentTitle({ title: longer, section })]) {
      expect(result.length).toBeLessThanOrEqual(TITLE_MAX);
    }
  });
});

describe('the page metadata rules', () => {
  it('accepts a title up to 60 characters and a description of 15 to 160', () => {
    expect(validatePageMeta({ title: 'x'.repeat(60), description: 'd'.repeat(15) }, '/a')).toMatchObject({ title: 'x'.repeat(60), description: 'd'.repeat(15) });
    expect(validatePageMeta({ description: 'd'.repeat(DESCRIPTION_MAX) }, '/')).toMatchObject({ description: 'd'.repeat(DESCRIPTION_MAX) });
    expect(() => validatePageMeta({ description: 'd'.repeat(14) }, '/')).toThrow(/description/);
  });

  it('rejects a title over 60 characters, naming the page and the field', () => {
    expect(() => validatePageMeta({ title: 'x'.repeat(61), description }, '/produits/x')).toThrow(
      /Invalid page metadata on \/produits\/x:\n {2}- title:/,
    );
  });

  it('rejects a description shorter than 15 or longer than 160 characters', () => {
    expect(() => validatePageMeta({ title: 'A page', description: 'Trop court' }, '/a')).toThrow(/description/);
    expect(() => validatePageMeta({ title: 'A page', description: 'd'.repeat(161) }, '/a')).toThrow(/description/);
  });

  it('rejects a page without a description', () => {
    expect(() => validatePageMeta({ title: 'A page' }, '/a')).toThrow(/description/);
  });
});
