import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { paths, solutionPath } from '../../lib/paths';
import { solutionAreas } from '../../lib/solutions';
import { slides } from './slides';
import { nextIndex, previousIndex } from './carousel';

/** The site's pages a slide may lead to: the fixed routes and the solution pages. */
const sitePages = new Set<string>([...Object.values(paths), ...solutionAreas.map((area) => solutionPath(area.slug))]);
const publicDir = new URL('../../../public', import.meta.url);

describe('home slider (rules every slide follows, whatever editors add)', () => {
  it('has at least two slides, so « previous » and « next » lead somewhere', () => {
    expect(slides.length).toBeGreaterThanOrEqual(2);
  });

  it('gives every slide a title, a text and a link', () => {
    for (const slide of slides) {
      expect(slide.title.length).toBeGreaterThan(10);
      expect(slide.text.length).toBeGreaterThan(40);
      expect(slide.link.href).toMatch(/^\//);
    }
  });

  it('gives every slide an eyebrow and a title of its own', () => {
    for (const slide of slides) expect(slide.eyebrow.trim(), slide.title).not.toBe('');
    expect(new Set(slides.map((slide) => slide.title)).size).toBe(slides.length);
  });

  it('links every slide to a page of the site, with a label', () => {
    for (const slide of slides) {
      expect(sitePages, slide.title).toContain(slide.link.href);
      expect(slide.link.label.trim(), slide.title).not.toBe('');
    }
  });

  it('draws every slide with an image of public/ that exists', () => {
    for (const slide of slides) {
      expect(slide.image, slide.title).toMatch(/^\/images\//);
      expect(existsSync(fileURLToPath(new URL(`.${slide.image}`, `${publicDir.href}/`))), slide.image).toBe(true);
    }
  });

  it('goes from the last slide to the first with « next »', () => {
    expect(nextIndex(0, 4)).toBe(1);
    expect(nextIndex(3, 4)).toBe(0);
  });

  it('goes from the first slide to the last with « previous »', () => {
    expect(previousIndex(1, 4)).toBe(0);
    expect(previousIndex(0, 4)).toBe(3);
  });
});
