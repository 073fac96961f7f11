/**
 * What an administrator types to invite a person or change an account, checked the same way by the
 * invitation dialog and the server: a name (2 to 100 characters, the one characters rule of a one-line
 * text: src/lib/characters.ts), an e-mail
 * address, a role of the roles table, one territory or more (each once). Strings are trimmed; a bad value
 * gets one French sentence.
 */
import { z } from '../../records/zod.ts';
import { forbiddenCharacterMessage } from '../../lib/characters.ts';
import { line } from '../../records/text.ts';
import { TERRITORIES } from '../../lib/territories.ts';
import { ROLES } from './roles.ts';

export const accountNameSchema = line({
  label: 'Le nom',
  max: 100,
  min: 2,
  messages: {
    missing: 'Veuillez renseigner le nom.',
    notText: 'Veuillez renseigner le nom.',
    tooShort: 'Le nom doit compter au moins 2 caractères.',
    tooLong: 'Le nom ne doit pas dépasser 100 caractères.',
    forbidden: (found) => forbiddenCharacterMessage('Le nom', found),
  },
});

export const accountEmailSchema = line({
  label: 'L’adresse e-mail',
  max: 254,
  messages: { missing: 'Veuillez renseigner l’adresse e-mail.', notText: 'Veuillez renseigner l’adresse e-mail.', tooLong: 'L’adresse e-mail ne doit pas dépasser 254 caractères.', forbidden: () => 'Veuillez saisir une adresse e-mail valide.' },
}).pipe(z.email({ error: 'Veuillez saisir une adresse e-mail valide.' }));

export const roleSchema = z.enum(ROLES.map((role) => role.id) as [(typeof ROLES)[number]['id'], ...(typeof ROLES)[number]['id'][]], {
  error: 'Veuillez choisir un rôle dans la liste.',
});

export const territoriesSchema = z
  .array(z.enum(TERRITORIES.map((territory) => territory.id) as [(typeof TERRITORIES)[number]['id'], ...(typeof TERRITORIES)[number]['id'][]], { error: 'Territoire inconnu.' }), {
    error: 'Veuillez choisir au moins un territoire.',
  })
  .min(1, { error: 'Veuillez choisir au moins un territoire.' })
  .refine((ids) => new Set(ids).size === ids.length, { error: 'Un territoire est choisi deux fois.' });

/** « Inviter une personne »: name, e-mail, role, territories. */
export const invitationInputSchema = z.object({
  name: accountNameSchema,
  email: accountEmailSchema,
  role: roleSchema,
  territories: territoriesSchema,
});

export type InvitationInput = z.infer<typeof invitationInputSchema>;

/** The first French sentence of a failed parse (what a form shows at its top). */
export const firstIssue = (error: z.ZodError): string => error.issues[0]?.message ?? 'Données invalides.';
