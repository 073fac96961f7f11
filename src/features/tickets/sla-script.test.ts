import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** Runs `npm run sla -- …` as npm does: the project's Node 22 on scripts/sla.mjs. */
const sla = (...args: string[]) =>
  spawnSync(join(root, 'node_modules/.bin/node'), [join(root, 'scripts/sla.mjs'), ...args], { cwd: root, encoding: 'utf8', timeout: 30_000 });

const lastTwoLines = (output: string): string[] => output.trimEnd().split('\n').slice(-2);

describe('npm run sla', () => {
  it('prints the two due times of a Martinique Bloquant opened on the eve of 22 May, last, with the offset', () => {
    const run = sla('martinique', 'bloquant', '2026-05-21T16:30');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(lastTwoLines(run.stdout)).toEqual(['prise en charge: 2026-05-26T09:30:00-04:00', 'résolution: 2026-05-26T15:30:00-04:00']);
    expect(run.stdout).toContain('vendredi 22 mai (Abolition de l’esclavage)');
  });

  it('reads the date in the territory’s own time: Guyane is UTC−3', () => {
    const run = sla('guyane', 'degrade', '2026-03-06T16:30');
    expect(run.status).toBe(0);
    // 8 h: 30 min on Friday, 7 h 30 on Monday; 24 h: 0,5 Friday + 9 Monday + 9 Tuesday + 5,5 → Wednesday 13:30.
    expect(lastTwoLines(run.stdout)).toEqual(['prise en charge: 2026-03-09T15:30:00-03:00', 'résolution: 2026-03-11T13:30:00-03:00']);
  });

  it('accepts an impact typed with its accents', () => {
    expect(lastTwoLines(sla('guadeloupe', 'Dégradé', '2026-03-06T16:30').stdout)[0]).toBe('prise en charge: 2026-03-09T15:30:00-04:00');
  });

  it('refuses bad arguments in French with the usage, exit status 1, and prints no due time', () => {
    for (const args of [['corse', 'bloquant', '2026-05-21T16:30'], ['martinique', 'urgent', '2026-05-21T16:30'], ['martinique', 'bloquant', '2026-02-30T10:00'], ['martinique']]) {
      const run = sla(...args);
      expect(run.status, args.join(' ')).toBe(1);
      expect(run.stderr).toMatch(/^Erreur : .*\n\nUsage : npm run sla -- TERRITOIRE IMPACT DATE/);
      expect(run.stdout).toBe('');
    }
  });
});
