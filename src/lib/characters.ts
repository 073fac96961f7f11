/**
 * The one rule on the characters a typed text may hold, for every form, every API answer and every
 * content file (contact and quote forms, the inbox notes, the devis drafts and answers, the catalogue's
 * products and price lists), in the browser and on the server alike, with the French sentence that names
 * the character refused.
 *
 * Every text these fields hold reaches a screen, an e-mail, a PDF or a spreadsheet. So:
 * - a one-line text (a name, a role, a company, a phone number, a reference, a product name…) holds no
 *   control character (C0 U+0000–U+001F: line feed, carriage return and tab included; DEL; C1
 *   U+0080–U+009F), no line or paragraph separator (U+2028, U+2029), no invisible character (the
 *   Unicode « default ignorable » characters: zero-width space, joiners, direction marks and
 *   bidirectional embeddings, overrides and isolates U+200B–U+200F, U+202A–U+202E, U+2066–U+2069, word
 *   joiner and invisible operators U+2060–U+2064, soft hyphen U+00AD, byte-order mark U+FEFF, Hangul
 *   fillers, tag characters…; the interlinear annotation marks U+FFF9–U+FFFB too) and no lone surrogate
 *   (half a character, which no e-mail or CSV can encode). A line break in a name forged a line of an
 *   e-mail; an override shows a text in another order than it is stored; an invisible character makes two
 *   different references or names look the same.
 * - a multi-line text (a message, a note, conditions, a reason) keeps its line breaks, written LF or
 *   CR LF, and its tabs (a list of serial numbers pasted from a spreadsheet holds them; the schemas turn
 *   each into a space), and is refused every other character above.
 * Variation selectors (U+FE00–U+FE0F, U+E0100–U+E01EF) stay allowed: phones add them to emoji (« ❤️ »)
 * and they never hide or reorder text.
 *
 * The rule is plain regular expressions, so the islands that check as the visitor types load no schema
 * library; the zod helper below applies it in every schema.
 */
import type { z } from 'zod';

/** A one-line text (`line`) or one that keeps its line breaks (`lines`). */
export type TextKind = 'line' | 'lines';

/**
 * One forbidden character. With the `u` flag a surrogate range matches only an unpaired half, and
 * \p{Default_Ignorable_Code_Point} is Unicode's own list of characters drawn as nothing.
 */
const FORBIDDEN = String.raw`[\p{Cc}\p{Zl}\p{Zp}\ufff9-\ufffb\ud800-\udfff]|(?![\ufe00-\ufe0f\u{e0100}-\u{e01ef}])\p{Default_Ignorable_Code_Point}`;
const FORBIDDEN_IN = {
  line: new RegExp(FORBIDDEN, 'u'),
  // A line break (LF, or CR LF) and a tab are no fault in a multi-line text; a CR alone is.
  lines: new RegExp(String.raw`(?!\n|\r\n|\t)(?:${FORBIDDEN})`, 'u'),
} as const satisfies Record<TextKind, RegExp>;

/** The French names of the characters people meet; the others are named by their class and code point. */
const NAMED: Readonly<Record<string, string>> = {
  '\n': 'saut de ligne',
  '\r': 'retour chariot',
  '\t': 'tabulation',
  '\u2028': 'séparateur de ligne U+2028',
  '\u2029': 'séparateur de paragraphe U+2029',
  '\u00ad': 'trait d’union conditionnel invisible U+00AD',
  '\u200b': 'espace invisible U+200B',
  '\u2060': 'espace invisible U+2060',
  '\ufeff': 'marque d’ordre des octets invisible U+FEFF',
};

/** A forbidden character found in a text: itself, its code point (« U+000A ») and its French name. */
export interface ForbiddenCharacter {
  char: string;
  codePoint: string;
  what: string;
}

const codePointOf = (char: string): string => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** The French name of a forbidden character: « saut de ligne », « caractère de contrôle U+0007 »… */
function nameOf(char: string): string {
  const named = NAMED[char];
  if (named) return named;
  const code = codePointOf(char);
  if (/\p{Cc}/u.test(char)) return `caractère de contrôle ${code}`;
  if (/^[\ud800-\udfff]$/.test(char)) return `moitié de caractère isolée ${code}`;
  if (/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(char)) return `caractère de direction du texte ${code}`;
  return `caractère invisible ${code}`;
}

/** The first character of a text that its kind forbids, or undefined when the text is clean. */
export function forbiddenCharacter(text: string, kind: TextKind): ForbiddenCharacter | undefined {
  const match = FORBIDDEN_IN[kind].exec(text);
  if (!match) return undefined;
  const char = match[0];
  return { char, codePoint: codePointOf(char), what: nameOf(char) };
}

/** A text without the characters its kind forbids (for what prints stored text: a PDF, whatever the text's age). */
export const withoutForbiddenCharacters = (text: string, kind: TextKind): string => text.replace(new RegExp(FORBIDDEN_IN[kind].source, 'gu'), '');

/** Whether a text holds a character its kind forbids. */
export const hasForbiddenCharacter = (text: string, kind: TextKind): boolean => FORBIDDEN_IN[kind].test(text);

/** « Le nom contient un caractère non autorisé : saut de ligne. » for a subject (« Le nom », « Nom et prénom »). */
export const forbiddenCharacterMessage = (subject: string, found: ForbiddenCharacter): string =>
  `${subject} contient un caractère non autorisé\u00a0: ${found.what}.`;

/** For the catalogue's short messages (« caractère non autorisé : saut de ligne »), which name the field themselves. */
export const forbiddenCharacterPhrase = (found: ForbiddenCharacter): string => `caractère non autorisé\u00a0: ${found.what}`;

/** « Nom et prénom : caractère non autorisé : saut de ligne. », as the devis forms word their errors. */
export const labelledCharacterMessage = (label: string, found: ForbiddenCharacter): string => `${label}\u00a0: ${forbiddenCharacterPhrase(found)}.`;

/**
 * A zod string schema refusing what its kind forbids, after its own checks and transforms (a trimmed
 * text is judged trimmed). `message` is the subject of the French sentence (« Le nom ») or makes the
 * whole sentence from the character found.
 */
export function withoutForbidden<S extends z.ZodType<string, string>>(schema: S, kind: TextKind, message: string | ((found: ForbiddenCharacter) => string)): S {
  return schema.superRefine((text, context) => {
    const found = forbiddenCharacter(text, kind);
    if (found) context.addIssue({ code: 'custom', message: typeof message === 'string' ? forbiddenCharacterMessage(message, found) : message(found) });
  }) as S;
}

/**
 * For a form's `input` event: a text field holding a forbidden character gets the French sentence as its
 * validity message, so the browser refuses to send the form and says why; the message clears once fixed.
 * A textarea keeps its line breaks; a phone field (type « tel ») must hold a phone number. `subjectOf` names
 * a field by its `name` (undefined: not checked).
 */
export function flagForbiddenCharacters(event: { target: EventTarget | null }, subjectOf: (name: string) => string | undefined): void {
  const field = event.target;
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
  const subject = subjectOf(field.name);
  if (subject === undefined) return;
  const value = field.value.trim();
  const found = forbiddenCharacter(value, field instanceof HTMLTextAreaElement ? 'lines' : 'line');
  // A phone field (type « tel ») holds a phone number, as the server requires (isPhoneNumber).
  const notAPhone = !found && field.type === 'tel' && value !== '' && !isPhoneNumber(value);
  field.setCustomValidity(found ? forbiddenCharacterMessage(subject, found) : notAPhone ? PHONE_REFUSED : '');
}

/**
 * A telephone number to call back: digits, spaces, a leading +, dots, dashes and parentheses only, with 6 to
 * 15 digits (E.164's most) — « 0696 12 34 56 », « +594 (0)594 12 34 56 ». A phone field holds nothing else:
 * « 0800 00 00 00 (URGENT, rappelez ce numéro) » put free words into the staff's e-mail.
 */
export function isPhoneNumber(text: string): boolean {
  if (!/^\+?[\d\s.()-]+$/.test(text)) return false;
  const digits = text.replace(/\D/g, '').length;
  return digits >= 6 && digits <= 15;
}

/** The French sentence of a phone field that is not a phone number. */
export const PHONE_REFUSED = 'Téléphone\u00a0: saisissez un numéro (chiffres, espaces, +, points, tirets, parenthèses), par exemple 0696 12 34 56.';
