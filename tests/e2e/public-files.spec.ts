/**
 * Files of public/ as the server sends them (netlify.toml's header rules through @netlify/dev, as Netlify
 * does): an SVG drawing, the favicon and a social card carry a policy that runs no script, while the pages
 * keep theirs. An SVG opened on its own is a document: under this policy a script in it would not run.
 */
import { expect, test } from '@playwright/test';

const NO_SCRIPT = [/(^|; )default-src 'none'(;|$)/, /(^|; )sandbox(;|$)/];

test('an SVG of public/, the favicon and a social card are served with a policy that runs no script', async ({ request }) => {
  for (const [path, type] of [['/images/products/power-supply.svg', 'image/svg+xml'], ['/favicon.svg', 'image/svg+xml'], ['/social/vision-caraibes.png', 'image/png']] as const) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type'], path).toContain(type);
    for (const rule of NO_SCRIPT) expect(response.headers()['content-security-policy'], path).toMatch(rule);
    expect(response.headers()['x-content-type-options'], path).toBe('nosniff');
  }
});

test('the pages keep their own policy, without sandbox', async ({ request }) => {
  for (const path of ['/', '/contact']) {
    const policy = (await request.get(path)).headers()['content-security-policy'] ?? '';
    expect(policy, path).toContain("frame-ancestors 'none'");
    expect(policy, path).not.toContain('sandbox');
  }
});
