import { describe, expect, it } from 'vitest';
import { carriesCharactersRule, line, lines, unruledTexts } from './text.ts';
import { z } from './zod.ts';

const model = line({ label: 'Modèle', max: 12, min: 1 });
const fault = lines({ label: 'Panne signalée', max: 40 });
const messageOf = (parsed: { error?: { issues: Array<{ message: string }> } }) => parsed.error?.issues[0]?.message;

describe('the text builder', () => {
  it('a one-line text is trimmed and bounded, and refuses a line break, a tab, an override or a zero-width space, naming it', () => {
    expect(model.parse('  ZT411  ')).toBe('ZT411');
    expect(messageOf(model.safeParse('   '))).toBe('Modèle\u00a0: ce champ est obligatoire.');
    expect(messageOf(model.safeParse(undefined))).toBe('Modèle\u00a0: ce champ est obligatoire.');
    expect(messageOf(model.safeParse(42))).toBe('Modèle\u00a0: un texte est attendu.');
    expect(messageOf(model.safeParse('x'.repeat(13)))).toBe('Modèle\u00a0: 12 caractères au plus.');
    for (const [forged, what] of [['ZT\r\n411', 'retour chariot'], ['ZT\t411', 'tabulation'], ['ZT\u202e411', 'caractère de direction du texte U+202E'], ['ZT\u200b411', 'espace invisible U+200B']]) {
      expect(messageOf(model.safeParse(forged)), JSON.stringify(forged)).toBe(`Modèle\u00a0: caractère non autorisé\u00a0: ${what}.`);
    }
  });

  it('a multi-line text keeps its line breaks, turns a tab into a space, and refuses a lone CR or an invisible character', () => {
    expect(fault.parse('SN-1\tSN-2\r\nSN-3\t\n')).toBe('SN-1 SN-2\r\nSN-3');
    expect(messageOf(fault.safeParse('Écran\rnoir'))).toBe('Panne signalée\u00a0: caractère non autorisé\u00a0: retour chariot.');
    expect(messageOf(fault.safeParse('Écran\u2066noir'))).toBe('Panne signalée\u00a0: caractère non autorisé\u00a0: caractère de direction du texte U+2066.');
  });

  it('a pattern is checked after the rule', () => {
    const id = line({ label: 'Produit', max: 20, pattern: { regex: /^[a-z0-9-]+$/, message: 'Produit invalide.' } });
    expect(id.parse('zt411-203')).toBe('zt411-203');
    expect(messageOf(id.safeParse('ZT 411'))).toBe('Produit invalide.');
  });

  it('the mark survives the refinements, defaults and pipes added after the builder', () => {
    expect(carriesCharactersRule(model.refine(() => true))).toBe(true);
    expect(carriesCharactersRule(model.max(3))).toBe(true);
    expect(carriesCharactersRule(z.string().trim())).toBe(false);
    expect(unruledTexts(z.object({ a: model.optional(), b: fault.default(''), c: model.pipe(z.enum(['x'])), d: z.array(z.object({ e: model.nullable() })) }))).toEqual([]);
  });

  it('the walker names every string without the rule, however deep', () => {
    const schema = z.discriminatedUnion('action', [
      z.object({ action: z.literal('a'), free: z.string(), list: z.array(z.object({ name: z.string().trim().max(3) })) }),
      z.object({ action: z.literal('b'), typed: z.string().transform((value) => value.length), mail: z.email(), kept: model }),
    ]);
    expect(unruledTexts(schema)).toEqual(['free', 'list[].name', 'typed']);
  });
});
