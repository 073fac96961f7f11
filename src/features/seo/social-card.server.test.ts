import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { hasSvgCard, publicSvgPaths, svgCard } from './social-card.server';

describe('the PNG cards made from SVG images', () => {
  it('are 1200×630 PNG images', async () => {
    const metadata = await sharp(await svgCard('/favicon.svg')).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: 1200, height: 630 });
  });

  it('are drawn once and then read back unchanged while the SVG is the same', async () => {
    const first = await svgCard('/favicon.svg');
    expect(Buffer.compare(await svgCard('/favicon.svg'), first)).toBe(0);
  });

  it('are not made for the favicon, missing files or other formats', () => {
    expect(publicSvgPaths()).not.toContain('/favicon.svg');
    expect(hasSvgCard('/favicon.svg')).toBe(false);
    expect(hasSvgCard('/images/does-not-exist.svg')).toBe(false);
    expect(hasSvgCard('/social/vision-caraibes.png')).toBe(false);
  });
});
