/**
 * Server-side validation of the contact and quote forms (a bad request gets 400 with one French sentence per field, nothing stored), built on fields.ts so the
 * forms and the API agree on options and lengths. Unknown fields are dropped, strings are trimmed.
 */
import { z } from '../../records/zod.ts';
import { QUOTE_MAX_ITEMS } from '../../lib/constants.ts';
import { forbiddenCharacterMessage, isPhoneNumber, PHONE_REFUSED } from '../../lib/characters.ts';
import { line, lines } from '../../records/text.ts';
import { DEFAULT_TERRITORY, TERRITORIES, isTerritoryId } from '../../lib/territories.ts';
import { DEADLINE_OPTIONS, FIELD_NAMES, HONEYPOT_FIELD, MAX_LENGTH, SERVICE_OPTIONS, capitalise, textKindOf, type FieldName } from './fields.ts';


/** The sentence shown at the top when a form is rejected. */
export const INVALID_FORM_MESSAGE = 'Certains champs sont manquants ou invalides. Veuillez les vérifier.';

/**
 * A text field of the forms, by the text builder (trimmed, bounded, the characters rule of its kind: a
 * message keeps its line breaks and turns a tab into a space), in the forms' own words.
 */
function formText(field: FieldName, min: number) {
  const label = FIELD_NAMES[field];
  const subject = capitalise(label);
  const build = textKindOf(field) === 'lines' ? lines : line;
  return build({
    label: subject,
    max: MAX_LENGTH[field],
    min,
    messages: {
      missing: min > 0 ? `Veuillez renseigner ${label}.` : `${subject} doit être un texte.`,
      notText: `${subject} doit être un texte.`,
      tooLong: `${subject} ne doit pas dépasser ${MAX_LENGTH[field]} caractères.`,
      forbidden: (found) => forbiddenCharacterMessage(subject, found),
    },
  });
}

/** A required text field: a string, trimmed, not empty, not longer than its limit, without forbidden characters. */
const requiredText = (field: FieldName) => formText(field, 1);

/** An optional text field: absent or empty becomes ''. */
const optionalText = (field: FieldName) => formText(field, 0).default('');

const email = requiredText('email').pipe(z.email({ error: 'Veuillez saisir une adresse e-mail valide.' }));

/** A phone that is a phone (digits, spaces, +, dots, dashes, parentheses; 6 to 15 digits), as a ticket's. */
const phone = requiredText('phone').refine(isPhoneNumber, { error: PHONE_REFUSED });

/** One of a fixed list of choices (the form's select). */
function choice(field: FieldName, options: readonly [string, ...string[]]) {
  return requiredText(field).pipe(z.enum(options, { error: `Veuillez choisir ${FIELD_NAMES[field]} dans la liste.` }));
}

/** POST /api/contact-only-email: the seven fields of the contact form, all required. */
export const contactSchema = z.object({
  name: requiredText('name'),
  email,
  phone,
  company: requiredText('company'),
  subject: choice('subject', SERVICE_OPTIONS),
  delai: choice('delai', DEADLINE_OPTIONS),
  message: requiredText('message'),
});

/** One cart line sent with a quote: the product id and a quantity; prices are never taken from the client. */
export const quoteItemSchema = z.object({
  // A catalogue id (lower case, digits, dashes): nothing else can name a product, nor be echoed back.
  id: line({
    label: 'Produit',
    max: 120,
    min: 1,
    pattern: { regex: /^[a-z0-9]+(?:-[a-z0-9]+)*$/, message: 'Produit invalide.' },
    messages: { missing: 'Produit invalide.', notText: 'Produit invalide.', tooLong: 'Produit invalide.', forbidden: () => 'Produit invalide.' },
  }),
  quantity: z
    .number({ error: 'La quantité doit être un nombre.' })
    .int({ error: 'La quantité doit être un nombre entier.' })
    .min(1, { error: 'La quantité doit être au moins 1.' })
    .max(999, { error: 'La quantité ne doit pas dépasser 999.' }),
});

/**
 * POST /api/quote (a quote is a contact request whose lines the server re-prices): the quote form's four required fields, an optional client code,
 * the cart lines, and the message the client generated (shown to the visitor; the server rebuilds its own
 * from the catalogue).
 */
export const quoteSchema = z.object({
  name: requiredText('name'),
  email,
  phone,
  company: requiredText('company'),
  clientCode: optionalText('clientCode'),
  /** The delivery territory the quote is priced for (its VAT); absent: the default, Martinique. */
  territory: z
    .unknown()
    .optional()
    .refine((value) => value === undefined || isTerritoryId(value), {
      error: `Territoire de livraison inconnu : choisissez ${TERRITORIES.map((territory) => territory.label).join(', ')}.`,
    })
    .transform((value) => (isTerritoryId(value) ? value : DEFAULT_TERRITORY)),
  items: z
    .array(quoteItemSchema, { error: 'La liste des produits est invalide.' })
    .min(1, { error: 'Le devis doit contenir au moins un produit.' })
    .max(QUOTE_MAX_ITEMS, { error: `Le devis ne peut pas contenir plus de ${QUOTE_MAX_ITEMS} produits.` })
    // One line per product: repeated lines would add up past the per-line quantity limit.
    .superRefine((items, context) => {
      const counts = new Map<string, number>();
      for (const item of items) counts.set(item.id, (counts.get(item.id) ?? 0) + 1);
      const repeated = [...counts].filter(([, count]) => count > 1).map(([id]) => id);
      if (repeated.length > 0) {
        context.addIssue({
          code: 'custom',
          message: `Chaque produit ne doit figurer qu’une fois dans le devis (une ligne par produit, avec sa quantité) : ${repeated.join(', ')}.`,
        });
      }
    }),
});

/** The 400 body: `{ success: false, error, fields }`, one French sentence per rejected field. */
export interface ValidationFailure {
  success: false;
  error: string;
  fields: Record<string, string>;
}

/** Parses a body with a schema: the clean data, or the 400 body. */
export function validate<T>(schema: z.ZodType<T>, body: unknown): { ok: true; data: T } | { ok: false; failure: ValidationFailure } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, failure: { success: false, error: 'La requête doit être un objet JSON.', fields: {} } };
  }
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, data: result.data };
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '_');
    fields[key] ??= issue.message;
  }
  return { ok: false, failure: { success: false, error: INVALID_FORM_MESSAGE, fields } };
}

/** Whether a bot filled the hidden honeypot field (people leave it empty). */
export function isHoneypotFilled(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const value = (body as Record<string, unknown>)[HONEYPOT_FIELD];
  return value !== undefined && value !== null && value !== '';
}
