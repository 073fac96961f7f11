/**
 * What the space's sign-in and « Mon compte » endpoints take and answer, checked with the same schemas by
 * the functions and the islands: the address a link is asked for, the sessions and passkeys of the person.
 */
import { z } from '../../records/zod.ts';
import { line } from '../../records/text.ts';
import { accountEmailSchema } from '../team/account-schema.ts';

/** « Recevoir un lien de connexion »: the address. */
export const linkRequestSchema = z.object({ email: accountEmailSchema });

/** The words the sign-in page shows once a link was asked, whether the address is known or not. */
export const LINK_SENT_SENTENCE = 'Si cette adresse est celle d’un compte client, un lien de connexion vient d’y être envoyé. Il est valable 15\u00a0minutes.';

/** A session of the person as « Mon compte » lists it. */
export const customerSessionViewSchema = z.object({
  /** Opaque id, for ending it. */
  id: z.string(),
  /** The browser's own description (User-Agent), cut. */
  device: z.string(),
  /** How it was opened: by an e-mailed link or with a passkey. */
  method: z.enum(['lien', 'cle']),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session of the device asking. */
  current: z.boolean(),
});
export type CustomerSessionView = z.infer<typeof customerSessionViewSchema>;

/** A passkey of the person as « Mon compte » lists it. */
export const customerPasskeyViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type CustomerPasskeyView = z.infer<typeof customerPasskeyViewSchema>;

const PASSKEY_NAME_MISSING = 'Donnez un nom à cet appareil (par exemple «\u00a0Téléphone de Marie\u00a0»).';

/** The name given to a device's passkey (« Téléphone de Marie »): one line, the characters rule applied. */
export const passkeyNameSchema = line({
  label: 'Nom de l’appareil',
  max: 60,
  min: 1,
  messages: { missing: PASSKEY_NAME_MISSING, notText: PASSKEY_NAME_MISSING, empty: PASSKEY_NAME_MISSING, tooLong: 'Le nom de l’appareil ne doit pas dépasser 60\u00a0caractères.' },
});
