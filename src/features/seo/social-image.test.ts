import { describe, expect, it } from 'vitest';
import { DEFAULT_CARD, defaultSocialImage, rasterType, socialImageFromPath, svgCardPath } from './social-image';

const site = new URL('https://www.example.fr');
const always = () => true;
const never = () => false;

describe('the social card image', () => {
  it('is the company card, 1200×630 PNG, when a page has no image', () => {
    expect(defaultSocialImage(site)).toEqual({
      url: `https://www.example.fr${DEFAULT_CARD.path}`,
      type: 'image/png',
      alt: DEFAULT_CARD.alt,
      width: 1200,
      height: 630,
    });
  });

  it('uses a raster image as it is, with an absolute URL', () => {
    expect(socialImageFromPath({ src: '/images/zd421.jpg', alt: 'ZD421', width: 800, height: 600 }, site, never)).toEqual({
      url: 'https://www.example.fr/images/zd421.jpg',
      type: 'image/jpeg',
      alt: 'ZD421',
      width: 800,
      height: 600,
    });
  });

  it('replaces an SVG of public/ by its PNG card, since social platforms do not show SVG', () => {
    expect(svgCardPath('/images/produits/zd421.svg')).toBe('/social/images/produits/zd421.png');
    expect(socialImageFromPath({ src: '/images/produits/zd421.svg', alt: 'ZD421' }, site, always)).toEqual({
      url: 'https://www.example.fr/social/images/produits/zd421.png',
      type: 'image/png',
      alt: 'ZD421',
      width: 1200,
      height: 630,
    });
  });

  it('falls back to the company card for an SVG without a card or an unknown format', () => {
    expect(socialImageFromPath({ src: '/images/missing.svg', alt: 'x' }, site, never)).toEqual(defaultSocialImage(site));
    expect(socialImageFromPath({ src: '/images/drawing.avifx', alt: 'x' }, site, always)).toEqual(defaultSocialImage(site));
  });

  it('knows the raster types social platforms show', () => {
    expect(rasterType('/a.PNG')).toBe('image/png');
    expect(rasterType('/a.webp?v=2')).toBe('image/webp');
    expect(rasterType('/a.svg')).toBeUndefined();
  });
});
