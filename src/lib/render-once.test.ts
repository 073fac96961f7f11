import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderOnce } from './render-once';

/** A render function that counts its calls. */
const counting = (html: string) => vi.fn(async () => html);

describe('renderOnce', () => {
  afterEach(() => vi.unstubAllEnvs());

  test('in a build, renders a fragment once per key and repeats its HTML', async () => {
    vi.stubEnv('DEV', false);
    const render = counting('<article>Carte A</article>');
    expect(await renderOnce('build:a', render)).toBe('<article>Carte A</article>');
    expect(await renderOnce('build:a', render)).toBe('<article>Carte A</article>');
    expect(render).toHaveBeenCalledTimes(1);
  });

  test('another key (other data) renders afresh', async () => {
    vi.stubEnv('DEV', false);
    expect(await renderOnce('build:b1', counting('<p>un</p>'))).toBe('<p>un</p>');
    const other = counting('<p>deux</p>');
    expect(await renderOnce('build:b2', other)).toBe('<p>deux</p>');
    expect(other).toHaveBeenCalledTimes(1);
  });

  test('under astro dev, every fragment renders afresh (components change between requests)', async () => {
    vi.stubEnv('DEV', true);
    const render = counting('<p>dev</p>');
    await renderOnce('dev:a', render);
    await renderOnce('dev:a', render);
    expect(render).toHaveBeenCalledTimes(2);
  });
});
