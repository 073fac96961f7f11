import { describe, expect, it } from 'vitest';
import { slides } from './slides';
import { nextIndex, previousIndex } from './carousel';

describe('home slider', () => {
  it('has four slides, each with a title, a text and a link', () => {
    expect(slides).toHaveLength(4);
    for (const slide of slides) {
      expect(slide.title.length).toBeGreaterThan(10);
      expect(slide.text.length).toBeGreaterThan(40);
      expect(slide.link.href).toMatch(/^\//);
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
