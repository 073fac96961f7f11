/**
 * HTML fragments rendered once per build. A fragment that depends only on its data (a product card is
 * the same on every page that lists it: up to seven pages per product) is rendered the first time and
 * repeated after, keyed by that data. Only in a build: under `astro dev` components change between two
 * requests, so every fragment renders afresh.
 */
const rendered = new Map<string, string>();

export async function renderOnce(key: string, render: () => Promise<string>): Promise<string> {
  if (import.meta.env.DEV) return render();
  let html = rendered.get(key);
  if (html === undefined) {
    html = await render();
    rendered.set(key, html);
  }
  return html;
}
