/**
 * The characters no form field may hold, and the French sentence that says so: one rule for the API's
 * schema (schema.ts) and the forms in the browser (without zod, so the islands stay light).
 */

/** French names of the fields, used in error messages. */
export const FIELD_NAMES = {
  name: 'le nom',
  email: 'l’adresse e-mail',
  phone: 'le téléphone',
  company: 'l’entreprise',
  subject: 'la solution qui vous intéresse',
  delai: 'l’échéance',
  message: 'le message',
  clientCode: 'le code client',
} as const;

export type FieldName = keyof typeof FIELD_NAMES;

/** « le nom » → « Le nom ». */
export const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Characters no field may hold, because they reach the administrator's screen, the e-mails and the CSV
 * export: control characters (C0 U+0000–U+001F, DEL, C1 U+0080–U+009F), and the bidirectional
 * embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which can show text in another order
 * than it is stored (« Trojan Source »). The marks U+200E, U+200F and U+061C stay allowed: they only
 * settle the direction of neutral characters next to them, cannot reorder letters, and mixed French and
 * Arabic or Hebrew text needs them.
 *
 * One-line fields (names, company, phone, e-mail…) refuse also the line breaks and tabs, the invisible
 * characters that make two different texts look the same (zero-width space, non-joiner and joiner
 * U+200B–U+200D, word joiner U+2060, byte-order mark U+FEFF) and lone surrogates (half of a character,
 * which no e-mail or CSV can encode). With the `u` flag a surrogate range matches only an unpaired half.
 */
const FORBIDDEN_IN_LINE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200b-\u200d\u2060\ufeff\ud800-\udfff]/u;
/** The message keeps line breaks and tabs (U+0009, U+000A, U+000D), and is refused the rest of the control and bidirectional characters. */
const FORBIDDEN_IN_MESSAGE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

const isFieldName = (name: string): name is FieldName => Object.hasOwn(FIELD_NAMES, name);

/** Whether a text holds a character its field forbids. */
export function hasForbiddenCharacters(field: FieldName, text: string): boolean {
  return (field === 'message' ? FORBIDDEN_IN_MESSAGE : FORBIDDEN_IN_LINE).test(text);
}

/** The French sentence for a field holding forbidden characters. */
export const forbiddenCharactersMessage = (field: FieldName): string =>
  `${capitalise(FIELD_NAMES[field])} contient des caractères non autorisés (caractères de contrôle ou d’inversion du sens du texte).`;

/**
 * For a form's `input` event: a field holding forbidden characters gets the French sentence as its
 * validity message, so the browser refuses to send it and says why; the message clears once fixed.
 */
export function flagForbiddenCharacters(event: { target: EventTarget | null }): void {
  const field = event.target;
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) || !isFieldName(field.name)) return;
  field.setCustomValidity(hasForbiddenCharacters(field.name, field.value.trim()) ? forbiddenCharactersMessage(field.name) : '');
}
