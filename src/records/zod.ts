/**
 * zod, speaking French. Every schema of the site, server and browser alike, imports `z` from here and never
 * from 'zod' itself (a test reads the imports), so that the error map below is installed before any schema
 * parses: an answer never carries zod's English (« Unrecognized key », « Invalid input », « Expected string »).
 * A schema's own message (a field's label, its limit) wins; this map words what no schema words.
 */
import { z } from 'zod';

/** What was expected instead of the value sent, in French. */
const EXPECTED: Readonly<Record<string, string>> = {
  string: 'un texte est attendu',
  number: 'un nombre est attendu',
  int: 'un nombre entier est attendu',
  bigint: 'un nombre entier est attendu',
  boolean: 'vrai ou faux est attendu',
  array: 'une liste est attendue',
  object: 'un objet est attendu',
  date: 'une date est attendue',
  null: 'une valeur vide est attendue',
};

/** The unit of a length limit, by what is measured. */
const UNIT: Readonly<Record<string, string>> = { string: 'caractères', array: 'éléments', set: 'éléments', file: 'octets' };

/** A few values, quoted the French way: « a », « b » ou « c ». */
const choices = (values: readonly unknown[]): string => {
  const quoted = values.map((value) => `«\u00a0${String(value)}\u00a0»`);
  return quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} ou ${quoted.at(-1)}` : quoted.join('');
};

/** The French sentence of an issue no schema worded. */
export function frenchIssue(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Ce champ est obligatoire.';
      return `Valeur invalide\u00a0: ${EXPECTED[issue.expected] ?? 'une autre valeur est attendue'}.`;
    case 'invalid_value':
      return issue.values.length === 1 ? `Valeur invalide\u00a0: ${choices(issue.values)} est attendu.` : `Valeur invalide\u00a0: choisissez ${choices(issue.values)}.`;
    case 'too_big': {
      const unit = UNIT[issue.origin];
      if (unit) return `${issue.inclusive ? issue.maximum : Number(issue.maximum) - 1} ${unit} au plus.`;
      return issue.inclusive ? `La valeur doit être au plus ${issue.maximum}.` : `La valeur doit être inférieure à ${issue.maximum}.`;
    }
    case 'too_small': {
      const unit = UNIT[issue.origin];
      if (unit && Number(issue.minimum) === 1 && issue.inclusive) return issue.origin === 'string' ? 'Ce champ est obligatoire.' : 'Au moins un élément est attendu.';
      if (unit) return `Au moins ${issue.inclusive ? issue.minimum : Number(issue.minimum) + 1} ${unit}.`;
      return issue.inclusive ? `La valeur doit être au moins ${issue.minimum}.` : `La valeur doit être supérieure à ${issue.minimum}.`;
    }
    case 'invalid_format':
      if (issue.format === 'email') return 'Adresse e-mail invalide.';
      if (issue.format === 'url') return 'Adresse web invalide.';
      if (issue.format === 'datetime' || issue.format === 'date') return 'Date invalide.';
      return 'Format invalide.';
    case 'not_multiple_of':
      return `La valeur doit être un multiple de ${issue.divisor}.`;
    case 'unrecognized_keys':
      return issue.keys.length > 1 ? `Champs inconnus\u00a0: ${issue.keys.join(', ')}.` : `Champ inconnu\u00a0: ${issue.keys.join(', ')}.`;
    case 'invalid_key':
      return 'Nom de champ invalide.';
    case 'invalid_element':
      return 'Élément invalide dans la liste.';
    case 'invalid_union':
      // A discriminated union given an unknown kind (« action », « kind »…) names the field and its choices.
      if ('discriminator' in issue && typeof issue.discriminator === 'string') {
        const options = Array.isArray(issue.options) ? (issue.options as unknown[]) : [];
        return `Valeur non prévue pour «\u00a0${issue.discriminator}\u00a0»${options.length > 0 ? `\u00a0: choisissez ${choices(options)}` : ''}.`;
      }
      return 'Valeur invalide\u00a0: elle ne correspond à aucune des formes attendues.';
    default:
      return 'Valeur invalide.';
  }
}

z.config({ customError: frenchIssue });

export { z };
