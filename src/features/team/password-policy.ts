/**
 * The password rule of staff accounts, the same on the server and on the invitation page (which loads
 * this module lazily: the French dictionaries weigh several hundred kilobytes).
 *
 * A password is refused, with one French sentence saying why, when:
 * - it has fewer than 12 characters (or more than 200);
 * - it contains the person's name (any part of three letters or more, accents and case ignored) or the
 *   local part of their e-mail address;
 * - zxcvbn-ts, with its French and common dictionaries and the person's name and address as known words,
 *   rates it below 3 out of 4; the sentence is zxcvbn's own warning in French (too common, a name, a date,
 *   a keyboard pattern…), or a general one when it has none.
 */
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_MIN_SCORE } from './team-constants.ts';

/** Who the password is for: their words must not be in it. */
export interface PasswordOwner {
  name?: string;
  email?: string;
}

export type PasswordVerdict = { ok: true } | { ok: false; reason: string };

export const PASSWORD_TOO_SHORT = `Le mot de passe doit compter au moins ${PASSWORD_MIN_LENGTH} caractères.`;
export const PASSWORD_TOO_LONG = `Le mot de passe ne doit pas dépasser ${PASSWORD_MAX_LENGTH} caractères.`;
export const PASSWORD_PERSONAL = 'Le mot de passe ne doit contenir ni votre nom ni votre adresse e-mail.';
export const PASSWORD_WEAK = 'Ce mot de passe est trop facile à deviner\u00a0: ajoutez des mots peu courants.';

/**
 * Loaded and built at first use: the dictionaries weigh several hundred kilobytes and a tenth of a second to load,
 * which neither a page nor a server call that never checks a password should pay (a static import would be
 * hoisted to the start of every server function reaching this file).
 */
let estimator: Promise<ZxcvbnFactory> | undefined;
const zxcvbn = (): Promise<ZxcvbnFactory> =>
  (estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-fr')]).then(
    ([{ ZxcvbnFactory }, common, french]) =>
      new ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...french.dictionary },
        graphs: common.adjacencyGraphs,
        translations: french.translations,
      }),
  ));

/** Lower case without accents, so « Hélène » is found in « helene2026 ». */
const folded = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The words of a person that a password must not contain: name parts and the e-mail's local part and its pieces. */
export function personalWords({ name, email }: PasswordOwner): string[] {
  const local = (email ?? '').split('@')[0] ?? '';
  const words = [...(name ?? '').split(/[\s\-'’.]+/), local, ...local.split(/[._\-+]+/)].map(folded);
  return [...new Set(words.filter((word) => word.length >= 3))];
}

/** Whether a password may be used by that person; when not, the reason in one French sentence. */
export async function checkPassword(password: string, owner: PasswordOwner = {}): Promise<PasswordVerdict> {
  // Counted in characters as a person sees them (an emoji is one), not in UTF-16 units.
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return { ok: false, reason: PASSWORD_TOO_SHORT };
  if (length > PASSWORD_MAX_LENGTH) return { ok: false, reason: PASSWORD_TOO_LONG };
  const words = personalWords(owner);
  const text = folded(password);
  if (words.some((word) => text.includes(word))) return { ok: false, reason: PASSWORD_PERSONAL };
  const result = (await zxcvbn()).check(password, words);
  if (result.score >= PASSWORD_MIN_SCORE) return { ok: true };
  const warning = result.feedback.warning?.trim();
  return { ok: false, reason: warning ? sentence(warning) : PASSWORD_WEAK };
}

/** zxcvbn's French warnings, as one sentence with French quotation marks and a final full stop. */
function sentence(warning: string): string {
  const quoted = warning.replace(/'([^']+)'/g, '«\u00a0$1\u00a0»');
  return /[.!?]$/.test(quoted) ? quoted : `${quoted}.`;
}
