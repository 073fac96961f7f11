/**
 * axe-core's check of the page as it is now (WCAG 2.0, 2.1 and 2.2, levels A and AA), one line per violation:
 * its rule, impact and help, and its first three elements. axe's source goes into the page once per document
 * and then runs as often as asked (at a phone's width, then resized to a laptop's): half the time of
 * @axe-core/playwright's builder, which injects it again into every frame at each check, and the site has
 * no frame.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const OPTIONS: RunOptions = { runOnly: { type: 'tag', values: WCAG_TAGS }, resultTypes: ['violations'] };

/**
 * The violations axe finds in `page`, each « rule (impact): help — element | element | element ». Checked from
 * the page's top, as a visitor lands on it: scrolled elsewhere, what passes under the sticky header counts
 * as obscured for axe's target-size rule.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  await page.evaluate(() => window.scrollTo(0, 0));
  const violations = await page.evaluate(
    (options) => (window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } }).axe.run(document, options).then((results) => results.violations),
    OPTIONS,
  );
  return violations.map((violation) => {
    const targets = violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(' | ');
    return `${violation.id} (${violation.impact}): ${violation.help} — ${targets}`;
  });
}
