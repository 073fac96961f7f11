import { describe, expect, it } from 'vitest';
import { z } from '../records/zod.ts';
import { forbiddenCharacter, hasForbiddenCharacter, withoutForbidden } from './characters.ts';
import { validateAnswer, validateDraft, newDraft } from '../features/devis/devis.ts';
import { noteError } from '../features/contact/request.ts';
import { fieldCharacterError } from '../features/contact/fields.ts';

/** Characters no text may hold, one line or several, with the name the French sentence gives them. */
const REFUSED_EVERYWHERE: ReadonlyArray<[string, string]> = [
  ['\u0000', 'caractère de contrôle U+0000'],
  ['\u0007', 'caractère de contrôle U+0007'],
  ['\u000b', 'caractère de contrôle U+000B'],
  ['\u007f', 'caractère de contrôle U+007F'],
  ['\u0085', 'caractère de contrôle U+0085'],
  ['\u009b', 'caractère de contrôle U+009B'],
  ['\u2028', 'séparateur de ligne U+2028'],
  ['\u2029', 'séparateur de paragraphe U+2029'],
  ['\u200b', 'espace invisible U+200B'],
  ['\u200c', 'caractère invisible U+200C'],
  ['\u200d', 'caractère invisible U+200D'],
  ['\u200e', 'caractère de direction du texte U+200E'],
  ['\u200f', 'caractère de direction du texte U+200F'],
  ['\u061c', 'caractère de direction du texte U+061C'],
  ['\u202a', 'caractère de direction du texte U+202A'],
  ['\u202e', 'caractère de direction du texte U+202E'],
  ['\u2066', 'caractère de direction du texte U+2066'],
  ['\u2069', 'caractère de direction du texte U+2069'],
  ['\u2060', 'espace invisible U+2060'],
  ['\u2064', 'caractère invisible U+2064'],
  ['\u00ad', 'trait d’union conditionnel invisible U+00AD'],
  ['\ufeff', 'marque d’ordre des octets invisible U+FEFF'],
  ['\u3164', 'caractère invisible U+3164'],
  ['\u{e0041}', 'caractère invisible U+E0041'],
  ['\ufff9', 'caractère invisible U+FFF9'],
  ['\ud800', 'moitié de caractère isolée U+D800'],
  ['\udc00', 'moitié de caractère isolée U+DC00'],
];

describe('the forbidden-characters rule', () => {
  it('a one-line text refuses line breaks, controls, separators, invisible and direction characters and lone surrogates, naming each', () => {
    for (const [char, what] of [...REFUSED_EVERYWHERE, ['\n', 'saut de ligne'], ['\r', 'retour chariot'], ['\t', 'tabulation']] as const) {
      expect(forbiddenCharacter(`Marie${char}Josée`, 'line'), JSON.stringify(char)).toMatchObject({ char, what });
    }
  });

  it('a multi-line text keeps LF and CR LF line breaks and tabs (cells pasted from a spreadsheet), and refuses the rest, a lone CR included', () => {
    expect(forbiddenCharacter('Bonjour,\r\nligne 1\nligne 2\n\n', 'lines')).toBeUndefined();
    expect(forbiddenCharacter('Numéros de série :\nSN-0001\tSN-0002\tSN-0003', 'lines')).toBeUndefined();
    expect(forbiddenCharacter('Bonjour,\rligne 1', 'lines')).toMatchObject({ what: 'retour chariot' });
    for (const [char, what] of REFUSED_EVERYWHERE) expect(forbiddenCharacter(`Bonjour\n${char}fin`, 'lines'), JSON.stringify(char)).toMatchObject({ what });
  });

  it('accepts accents, other scripts, typographic spaces, emoji with their variation selector and whole surrogate pairs', () => {
    for (const text of ['Éloïse Œuvray-Dürr', 'Société السوق', 'Jean\u00a0Dupont', '1\u202f234,50 €', 'Merci ❤️ 👍🏽', '𝒜𝒷𝒸 😀', 'ZT411-203dpi']) {
      expect(hasForbiddenCharacter(text, 'line'), text).toBe(false);
      expect(hasForbiddenCharacter(text, 'lines'), text).toBe(false);
    }
  });

  it('the zod helper judges the text after the schema’s own transforms and words the French sentence', () => {
    const name = withoutForbidden(z.string().trim(), 'line', 'Le nom');
    expect(name.parse('  Jean Dupont \n')).toBe('Jean Dupont');
    const refused = name.safeParse('Jean\nVoir la demande : https://evil.example/');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Le nom contient un caractère non autorisé\u00a0: saut de ligne.');
  });
});

describe('every form applies it (the browser runs these same functions)', () => {
  it('the devis answer: a newline, U+2028 or U+200B in the signer’s name or role is refused, naming the character', () => {
    const accept = { decision: 'accepte', name: 'Paul Édouard', role: 'Gérant', bonPourAccord: true };
    expect(validateAnswer(accept).ok).toBe(true);
    for (const [name, what] of [['Paul\nÉdouard', 'saut de ligne'], ['Paul\u2028Édouard', 'séparateur de ligne U+2028'], ['Paul\u200bÉdouard', 'espace invisible U+200B']]) {
      const result = validateAnswer({ ...accept, name });
      expect(result.ok ? undefined : result.failure.fields.name).toBe(`Nom et prénom\u00a0: caractère non autorisé\u00a0: ${what}.`);
    }
    const role = validateAnswer({ ...accept, role: 'Gérant\u0085' });
    expect(role.ok ? undefined : role.failure.fields.role).toBe('Fonction\u00a0: caractère non autorisé\u00a0: caractère de contrôle U+0085.');
    // A refusal's reason keeps its line breaks.
    expect(validateAnswer({ decision: 'refuse', reason: 'Budget\r\nreporté' }).ok).toBe(true);
  });

  it('a devis draft: a C1 control or a tab in a designation is refused; line breaks and tabs in the conditions are kept', () => {
    const line = { reference: 'ZT411', designation: 'Zebra ZT411', quantity: 1, unitPriceHTCents: 100_00, discountBasisPoints: 0 };
    const draft = newDraft([line]);
    expect(validateDraft({ ...draft, paymentTerms: 'Acompte 30 %.\nSolde à la livraison.' }).ok).toBe(true);
    expect(validateDraft({ ...draft, deliveryTerms: 'Livraison\tsous 8 jours' }).ok).toBe(true);
    const bad = validateDraft({ ...draft, lines: [{ ...line, designation: 'Zebra\u0085ZT411' }, { ...line, reference: 'ZT421', designation: 'Zebra\tZT421' }], deliveryTerms: 'Livraison\rsous 8 jours' });
    expect(bad.ok ? {} : bad.failure.fields).toEqual({
      'lines.0.designation': 'Désignation\u00a0: caractère non autorisé\u00a0: caractère de contrôle U+0085.',
      'lines.1.designation': 'Désignation\u00a0: caractère non autorisé\u00a0: tabulation.',
      deliveryTerms: 'Conditions de livraison\u00a0: caractère non autorisé\u00a0: retour chariot.',
    });
  });

  it('a note keeps its line breaks and tabs and refuses a bell; the contact form’s fields say which character', () => {
    expect(noteError('Rappeler lundi.\nDevis envoyé.')).toBeUndefined();
    expect(noteError('Rappeler\tlundi')).toBeUndefined();
    expect(noteError('Bonjour\u0007')).toBe('La note contient un caractère non autorisé\u00a0: caractère de contrôle U+0007.');
    expect(fieldCharacterError('company', 'Supérette\u200b du Bourg')).toBe('L’entreprise contient un caractère non autorisé\u00a0: espace invisible U+200B.');
    expect(fieldCharacterError('message', 'Bonjour,\r\nune question.')).toBeUndefined();
  });
});
