/**
 * Every file of public/ is served with a policy that runs no script (netlify.toml's header rules, which
 * Netlify and `npm start` apply): each entry of public/ has a rule, and the rule's policy has `sandbox` and
 * `default-src 'none'`. tests/e2e/public-files.spec.ts reads the header the server sends.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** netlify.toml's [[headers]] rules: each one's path and its Content-Security-Policy, if it sets one. */
const rules = readFileSync(`${root}/netlify.toml`, 'utf8')
  .split(/^\[\[/m)
  .filter((section) => section.startsWith('headers]]'))
  .map((section) => ({ for: /^\s*for = "([^"]+)"/m.exec(section)![1]!, policy: /^\s*Content-Security-Policy = "([^"]+)"/m.exec(section)?.[1] }));

/** The policy of the last rule whose path covers this address (a later rule's header replaces an earlier one's). */
function policyFor(address: string): string | undefined {
  const matching = rules.filter((rule) => (rule.for.endsWith('/*') ? address.startsWith(rule.for.slice(0, -1)) : address === rule.for));
  return matching.map((rule) => rule.policy).filter(Boolean).at(-1);
}

describe('the files of public/', () => {
  test('each entry of public/ is served under a policy that runs no script', () => {
    const entries = readdirSync(`${root}/public`).map((name) => (statSync(`${root}/public/${name}`).isDirectory() ? `/${name}/x.svg` : `/${name}`));
    expect(entries.length).toBeGreaterThan(0);
    for (const address of [...entries, '/images/uploads/photo.jpg']) {
      const policy = policyFor(address) ?? '';
      expect(policy, address).toMatch(/(^|; )default-src 'none'(;|$)/);
      expect(policy, address).toMatch(/(^|; )sandbox(;|$)/);
      expect(policy, address).not.toMatch(/script-src/);
    }
  });

  test('the rules are read (the page rule of every path among them)', () => {
    expect(policyFor('/')).toContain("frame-ancestors 'none'");
  });

  test('the pages keep their own policy (no sandbox on the site’s pages or its scripts)', () => {
    for (const address of ['/', '/contact', '/admin/contenu', '/_astro/index.js']) expect(policyFor(address) ?? '', address).not.toContain('sandbox');
  });
});
