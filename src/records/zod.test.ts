import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from './zod.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The source files of src/ and netlify/ (tests included: they parse with the same schemas). */
function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sources(path);
    return /\.(ts|tsx|mts|astro)$/.test(name) ? [path] : [];
  });
}

const messageOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('zod in French', () => {
  it('every module takes zod from src/records/zod.ts, so the French error map is installed before any parse', () => {
    const direct = [...sources(join(root, 'src')), ...sources(join(root, 'netlify'))]
      .filter((file) => /^import\s+(?!type\b)[^;]*from\s+'zod(\/[^']*)?';/m.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(direct).toEqual(['src/records/zod.ts']);
  });

  it('words what no schema words: unknown keys, wrong types, missing values, bounds, choices', () => {
    expect(messageOf(z.object({ a: z.string() }).strict(), { a: 'x', b: 1, c: 2 })).toBe('Champs inconnus\u00a0: b, c.');
    expect(messageOf(z.object({ a: z.string() }).strict(), { a: 'x', b: 1 })).toBe('Champ inconnu\u00a0: b.');
    expect(messageOf(z.string(), 42)).toBe('Valeur invalide\u00a0: un texte est attendu.');
    expect(messageOf(z.array(z.number()), 'x')).toBe('Valeur invalide\u00a0: une liste est attendue.');
    expect(messageOf(z.string(), undefined)).toBe('Ce champ est obligatoire.');
    expect(messageOf(z.string().max(3), 'abcd')).toBe('3 caractères au plus.');
    expect(messageOf(z.number().min(1), 0)).toBe('La valeur doit être au moins 1.');
    expect(messageOf(z.enum(['a', 'b']), 'c')).toBe('Valeur invalide\u00a0: choisissez «\u00a0a\u00a0» ou «\u00a0b\u00a0».');
    expect(messageOf(z.discriminatedUnion('kind', [z.object({ kind: z.literal('x') }), z.object({ kind: z.literal('y') })]), { kind: 'z' })).toBe('Valeur non prévue pour «\u00a0kind\u00a0»\u00a0: choisissez «\u00a0x\u00a0» ou «\u00a0y\u00a0».');
    expect(messageOf(z.email(), 'pas-une-adresse')).toBe('Adresse e-mail invalide.');
  });

  it('a schema’s own sentence wins over the map', () => {
    expect(messageOf(z.string({ error: 'Le nom doit être un texte.' }), 42)).toBe('Le nom doit être un texte.');
  });
});
