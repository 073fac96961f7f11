import { describe, expect, test } from 'vitest';
import { ISLAND_STYLES } from 'astro/runtime/server/astro-island-styles.js';
import { islandStylesInHead } from './island-styles';

const style = `<style>${ISLAND_STYLES}</style>`;

describe('islandStylesInHead', () => {
  test('moves the islands’ style from the body to the end of the head, once', () => {
    const html = `<html><head><title>A</title></head><body><section><h2>A</h2>${style}<astro-island></astro-island>${style}</section></body></html>`;
    expect(islandStylesInHead(html)).toBe(`<html><head><title>A</title>${style}</head><body><section><h2>A</h2><astro-island></astro-island></section></body></html>`);
  });

  test('leaves a page without islands, and a page already moved, as they are', () => {
    const plain = '<html><head><style>p{color:red}</style></head><body><section><p>A</p></section></body></html>';
    expect(islandStylesInHead(plain)).toBe(plain);
    const moved = `<html><head>${style}</head><body><astro-island></astro-island></body></html>`;
    expect(islandStylesInHead(moved)).toBe(moved);
    expect(islandStylesInHead(islandStylesInHead(moved))).toBe(moved);
  });
});
