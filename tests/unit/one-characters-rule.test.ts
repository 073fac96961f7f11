/**
 * Staff names and ticket texts follow the one characters rule of every typed text (src/lib/characters.ts),
 * not weaker copies of it: an invisible or reordering character is refused with the sentence naming it,
 * a multi-line text keeps its line breaks, a one-line text does not.
 */
import { describe, expect, it } from 'vitest';
import { readReply } from '../../netlify/lib/tickets/space-tickets';
import { accountNameSchema } from '../../src/features/team/account-schema';

describe('the one characters rule', () => {
  it('refuses in a staff name what it refuses everywhere, naming the character', () => {
    expect(accountNameSchema.safeParse('Marie Joseph').success).toBe(true);
    for (const forged of ['Marie\u202eJoseph', 'Marie\u200bJoseph', 'Marie\nJoseph']) {
      const parsed = accountNameSchema.safeParse(forged);
      expect(parsed.success, JSON.stringify(forged)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toMatch(/^Le nom contient un caractère non autorisé\u00a0: /);
    }
  });

  it('refuses in a ticket message an invisible character, and keeps its line breaks', () => {
    expect(readReply({ text: 'Bonjour,\nla caisse redémarre.' }, 0)).toEqual({ ok: true, text: 'Bonjour,\nla caisse redémarre.' });
    const refused = readReply({ text: 'Bonjour\u200b la caisse' }, 0);
    expect(refused.ok).toBe(false);
    expect(JSON.stringify(refused)).toContain('U+200B');
  });
});
