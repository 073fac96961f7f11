/**
 * The contact form's fields: labels, placeholders, options and length limits. The form
 * island renders them and the API validates against them (schema.ts), so both agree.
 */
import { forbiddenCharacter, forbiddenCharacterMessage, type TextKind } from '../../lib/characters.ts';

export const SERVICE_OPTIONS = [
  'Ingénierie',
  'Encaissement & Gestion',
  'Maintenance informatique',
  'Étiquettes électroniques',
  'Étiquetage',
  'Gestion des espèces',
  'Mobilité',
  'Monétique',
  'Digitalisation',
  'Autre',
] as const;

export const DEADLINE_OPTIONS = ['1 à 3 mois', '3 à 6 mois', 'Plus de 6 mois'] as const;

/** Maximum lengths, in characters, after trimming. */
export const MAX_LENGTH = {
  name: 100,
  email: 254,
  phone: 30,
  company: 150,
  subject: 150,
  delai: 100,
  message: 5000,
  clientCode: 50,
} as const;

/** The text fields of the visitor's forms: their words, input type and autocomplete, shared by both forms. */
export const FIELDS = {
  name: { label: 'Nom', type: 'text', autoComplete: 'name' },
  email: { label: 'E-mail', type: 'email', autoComplete: 'email' },
  phone: { label: 'Téléphone', type: 'tel', autoComplete: 'tel' },
  company: { label: 'Entreprise', type: 'text', autoComplete: 'organization' },
  clientCode: { label: 'Code client', type: 'text', autoComplete: 'off' },
  message: { label: 'Votre message', type: 'textarea', autoComplete: 'off' },
} as const;
export type TextFieldName = keyof typeof FIELDS;

/**
 * The fields each form requires, as its server schema does (schema.ts): the contact form all of its seven,
 * the quote dialog the four that let the company answer.
 */
export const REQUIRED_FIELDS = {
  contact: ['name', 'email', 'phone', 'company', 'subject', 'delai', 'message'],
  quote: ['name', 'company', 'phone', 'email'],
} as const;

/** « Nom * » for a required field, « Code client (facultatif) » for an optional one. */
export const fieldLabel = (name: TextFieldName, required: boolean): string => `${FIELDS[name].label}${required ? ' *' : ' (facultatif)'}`;

/** Labels and placeholders of the contact form, exactly as the company words them. */
export const CONTACT_LABELS = {
  name: fieldLabel('name', true),
  email: fieldLabel('email', true),
  phone: fieldLabel('phone', true),
  company: fieldLabel('company', true),
  subject: 'Quelle solution vous intéresse\u202f?',
  delai: 'Quelle est votre échéance\u202f?',
  message: fieldLabel('message', true),
} as const;

/** Name of the hidden honeypot field on the contact and quote forms; people leave it empty. */
export const HONEYPOT_FIELD = 'website';

/** The form's success and failure messages. */
export const CONTACT_MESSAGES = {
  sending: 'Envoi en cours...',
  success: 'Votre message a été envoyé avec succès\u202f! Nous vous contacterons bientôt.',
  error: "Une erreur est survenue lors de l'envoi du message. Veuillez réessayer.",
} as const;

/** The payload the contact form posts to POST /api/contact-only-email. */
export interface ContactPayload {
  name: string;
  email: string;
  phone: string;
  company: string;
  subject: string;
  delai: string;
  message: string;
}

/** Visible labels of the two selects; each starts on a disabled option reading CONTACT_LABELS.subject / .delai. */
export const CONTACT_SELECT_LABELS = {
  subject: 'Solution souhaitée *',
  delai: 'Échéance *',
} as const;

/** Example values shown in the empty text fields of the contact form. */
export const CONTACT_PLACEHOLDERS = {
  name: 'Marie Joseph',
  email: 'marie.joseph@exemple.fr',
  phone: '0696 12 34 56',
  company: 'Nom de votre société',
  message: 'Décrivez votre projet, votre équipement actuel ou votre besoin.',
} as const;

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

/** The message keeps its line breaks; every other field is one line. */
export const textKindOf = (field: FieldName): TextKind => (field === 'message' ? 'lines' : 'line');

/** The subject of a field's French sentences (« Le nom »), or undefined for a name that is not a field. */
export const fieldSubject = (name: string): string | undefined => (Object.hasOwn(FIELD_NAMES, name) ? capitalise(FIELD_NAMES[name as FieldName]) : undefined);

/** The French sentence for a field's text holding a forbidden character, as the API and the form say it; undefined when clean. */
export function fieldCharacterError(field: FieldName, text: string): string | undefined {
  const found = forbiddenCharacter(text.trim(), textKindOf(field));
  return found && forbiddenCharacterMessage(capitalise(FIELD_NAMES[field]), found);
}
