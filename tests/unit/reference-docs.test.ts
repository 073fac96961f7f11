/**
 * The reference pages of docs/reference/ are made from the tables the code reads — the API's paths and the
 * functions serving them, the roles and their permissions, the states of each kind of record, the lifetimes,
 * the API's errors — so they cannot drift: this test renders each page from its table and fails when the
 * committed page differs. After changing a table, write the pages again with
 * `UPDATE_REFERENCE=1 npx vitest run tests/unit/reference-docs.test.ts` and commit them.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { API_ERRORS } from '../../netlify/lib/http/errors.ts';
import { API } from '../../src/lib/api-routes.ts';
import { DEVIS_STATES } from '../../src/lib/devis-states.ts';
import { durationText, LIFETIMES, type Lifetime } from '../../src/lib/lifetimes.ts';
import { MAIL_STATES } from '../../src/lib/mail-states.ts';
import { STATUSES } from '../../src/lib/statuses.ts';
import { REPAIR_STATES } from '../../src/features/repairs/states.ts';
import { ACCOUNT_STATES, PERMISSIONS, ROLES } from '../../src/features/team/roles.ts';
import { TICKET_IMPACTS, TICKET_STATES } from '../../src/features/tickets/states.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const referenceDir = join(root, 'docs/reference');
const GENERATED = '<!-- Made from the code\'s tables by tests/unit/reference-docs.test.ts: do not edit by hand. -->';

/** A table cell: code in backticks, lists joined, pipes escaped, booleans as « yes » or nothing. */
function cell(value: unknown): string {
  if (value === true) return 'yes';
  if (value === false || value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(cell).join(', ');
  if (typeof value === 'object') return `\`${JSON.stringify(value)}\``.replace(/\|/g, '\\|');
  return String(value).replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** A Markdown table of rows, one column per key any row has (functions left out). */
function table(rows: readonly object[], first?: string): string {
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row).filter((key) => typeof (row as Record<string, unknown>)[key] !== 'function')))];
  if (first) keys.splice(0, 0, ...keys.splice(keys.indexOf(first), 1));
  const lines = [`| ${keys.join(' | ')} |`, `|${keys.map(() => '---').join('|')}|`];
  for (const row of rows) lines.push(`| ${keys.map((key) => cell((row as Record<string, unknown>)[key])).join(' | ')} |`);
  return lines.join('\n');
}

const page = (title: string, intro: string, ...sections: string[]): string => [`# ${title}`, '', GENERATED, '', intro, '', ...sections.flatMap((section) => [section, ''])].join('\n');

/** Which function of netlify/functions serves each declared pattern (its literal `config.path`). */
function servingFunctions(): Map<string, string> {
  const served = new Map<string, string>();
  for (const file of readdirSync(join(root, 'netlify/functions')).filter((name) => name.endsWith('.mts')).sort()) {
    const source = readFileSync(join(root, 'netlify/functions', file), 'utf8');
    const paths = source.slice(source.indexOf('export const config')).match(/'\/api\/[^']*'/g) ?? [];
    for (const path of paths) served.set(path.slice(1, -1), file);
  }
  return served;
}

const pages: Record<string, () => string> = {
  'api-routes.md': () => {
    const served = servingFunctions();
    const rows = Object.entries(API).map(([name, pattern]) => ({ pattern: `\`${pattern}\``, name: `\`${name}\``, function: served.get(pattern) ? `\`${served.get(pattern)}\`` : '' }));
    return page('API routes', 'Every path of the API, as `src/lib/api-routes.ts` declares it, with the function of `netlify/functions/` that serves it (its `config.path`). What each call takes and answers is in the feature pages of `docs/features/`.', table(rows));
  },
  'roles.md': () => {
    const permissions = PERMISSIONS.map((permission) => ({ permission: `\`${permission}\``, ...Object.fromEntries(ROLES.map((role) => [role.label, (role.permissions as readonly string[]).includes(permission)])) }));
    return page(
      'Roles and permissions',
      'The staff roles of `src/features/team/roles.ts`: each endpoint declares the permission it needs; the screens read the same table. The owner (the environment\'s account) is an administrator of every territory.',
      '## Permissions by role',
      table(permissions),
      '## Account states',
      table(ACCOUNT_STATES),
    );
  },
  'states.md': () =>
    page(
      'States of each kind of record',
      'The state tables the server and the screens share.',
      '## Requests (`src/lib/statuses.ts`)',
      table(STATUSES),
      '## Devis (`src/lib/devis-states.ts`)',
      table(DEVIS_STATES),
      '## E-mails (`src/lib/mail-states.ts`)',
      table(MAIL_STATES),
      '## Tickets (`src/features/tickets/states.ts`)',
      table(TICKET_STATES),
      '## Ticket impacts (`src/features/tickets/states.ts`)',
      table(TICKET_IMPACTS),
      '## Repairs (`src/features/repairs/states.ts`)',
      table(REPAIR_STATES),
    ),
  'lifetimes.md': () => {
    const rows = Object.entries(LIFETIMES as Record<string, Lifetime>).map(([kind, lifetime]) => ({
      record: `\`${kind}\``,
      kept: lifetime.keep ? durationText(lifetime.keep) : 'tant qu’il existe',
      from: lifetime.from,
      'erased by': lifetime.erasedBy,
    }));
    return page('Lifetimes', 'How long each kind of record is kept (`src/lib/lifetimes.ts`): the daily job erases by these rows and the privacy page prints them. Which Blobs stores each row covers is `netlify/lib/retention/lifetimes.ts`.', table(rows));
  },
  'errors.md': () => {
    const rows = Object.entries(API_ERRORS).map(([code, entry]) => ({ code: `\`${code}\``, status: entry.status, message: entry.message, ...('code' in entry ? { answer: `\`${entry.code}\`` } : {}), ...('field' in entry ? { field: `\`${entry.field}\`` } : {}) }));
    return page('API errors', 'Every refusal with a fixed sentence (`netlify/lib/http/errors.ts`): its code, HTTP status and the French sentence answered; `answer` is the code the answer carries where a family shares one, `field` the form field it is about.', table(rows));
  },
};

describe('the reference pages of docs/reference/', () => {
  const update = process.env.UPDATE_REFERENCE === '1';

  for (const [file, render] of Object.entries(pages)) {
    it(`${file} says what its table says`, () => {
      const made = render();
      const path = join(referenceDir, file);
      if (update) writeFileSync(path, made);
      expect(readFileSync(path, 'utf8'), `docs/reference/${file} differs from its table: run UPDATE_REFERENCE=1 npx vitest run tests/unit/reference-docs.test.ts`).toBe(made);
    });
  }

  it('holds no page that is not made here', () => {
    expect(readdirSync(referenceDir).filter((file) => file !== 'README.md').sort()).toEqual(Object.keys(pages).sort());
  });
});
