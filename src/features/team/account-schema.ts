/**
 * What an administrator types to invite a person or change an account, checked the same way by the
 * invitation dialog and the server: a name (2 to 100 characters, the one characters rule of a one-line
 * text: src/lib/characters.ts), an e-mail
 * address, a role of the roles table, one territory or more (each once). Strings are trimmed; a bad value
 * gets one French sentence.
 */
import { z } from '../../records/zod.ts';
import { withoutForbidden } from '../../lib/characters.ts';
import { TERRITORIES } from '../../lib/territories.ts';
import { ROLES } from './roles.ts';

export const accountNameSchema = withoutForbidden(
  z
    .string({ error: 'Veuillez renseigner le nom.' })
    .trim()
    .min(2, { error: 'Le nom doit compter au moins 2 caractères.' })
    .max(100, { error: 'Le nom ne doit pas dépasser 100 caractères.' }),
  'line',
  'Le nom',
);

export const accountEmailSchema = z
  .string({ error: 'Veuillez renseigner l’adresse e-mail.' })
  .trim()
  .max(254, { error: 'L’adresse e-mail ne doit pas dépasser 254 caractères.' })
  .pipe(z.email({ error: 'Veuillez saisir une adresse e-mail valide.' }));

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
