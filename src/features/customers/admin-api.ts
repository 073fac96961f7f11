/**
 * The back office's « Clients » screens and their API, written once: the addresses, what a form sends
 * (zod schemas shared by the islands and the functions, one French sentence per field, the one rule on
 * forbidden characters) and what the functions answer (checked by the screens with the same schemas).
 */
import { z } from '../../records/zod.ts';
import { API, apiPath } from '../../lib/api-routes.ts';
import { forbiddenCharacterMessage } from '../../lib/characters.ts';
import { line } from '../../records/text.ts';
import { TERRITORIES, type TerritoryId } from '../../lib/territories.ts';
import { localDay } from '../../records/moment.ts';
import { companySchema, companySummarySchema } from './model.ts';

/** The back office's pages of customers. */
export const customersPages = {
  list: '/admin/clients',
  /** A company's page: one static page, the company's id in the query (`?id=…`). */
  company: (id: string): string => `/admin/clients/societe?id=${encodeURIComponent(id)}`,
} as const;

/** The parts of a company edited one by one, each under /api/clients/<id>/<part>[/<itemId>]. */
export type CompanyPart = 'personnes' | 'boutiques' | 'equipements';

/** The staff API of customers. */
export const customersApi = {
  list: API.companies,
  company: (id: string): string => apiPath(API.company, { id }),
  part: (id: string, part: CompanyPart, itemId?: string): string => {
    if (part === 'personnes') return itemId ? apiPath(API.companyPerson, { id, personId: itemId }) : apiPath(API.companyPeople, { id });
    if (part === 'boutiques') return itemId ? apiPath(API.companyShop, { id, shopId: itemId }) : apiPath(API.companyShops, { id });
    return itemId ? apiPath(API.companyEquipmentItem, { id, equipmentId: itemId }) : apiPath(API.companyEquipment, { id });
  },
  /** « Inviter »: sends the person the sign-in link e-mail. */
  invitation: (id: string, personId: string): string => apiPath(API.companyPersonInvitation, { id, personId }),
  /** The catalogue's products whose name, reference or code holds a text (the equipment's model). */
  products: (query: string): string => `${API.catalogue}?q=${encodeURIComponent(query)}`,
} as const;

/** At most this many companies per page of the list. */
export const COMPANY_PAGE_SIZE = 50;

/** A one-line text of at most `max` characters (the text builder), in the customers' forms' words. */
const oneLine = (label: string, max: number, min: number) =>
  line({
    label,
    max,
    min,
    messages: {
      missing: min > 0 ? `Veuillez renseigner ${label.toLowerCase()}.` : `${label} doit être un texte.`,
      notText: `${label} doit être un texte.`,
      tooLong: `${label} ne doit pas dépasser ${max} caractères.`,
      forbidden: (found) => forbiddenCharacterMessage(label, found),
    },
  });

/** A required one-line text of at most `max` characters, trimmed. */
const requiredLine = (label: string, max: number) => oneLine(label, max, 1);

/** An optional one-line text (absent is ''). */
const optionalLine = (label: string, max: number) => oneLine(label, max, 0).default('');

const territoryIds = TERRITORIES.map((territory) => territory.id) as [TerritoryId, ...TerritoryId[]];

/** A client code as stored and compared: upper case, letters, digits and dashes (« C-00042 »). */
export const CLIENT_CODE = /^[A-Z0-9](?:[A-Z0-9-]{0,18}[A-Z0-9])?$/;

/** A product's id in the catalogue (its file name). */
const PRODUCT_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A company's own fields (« Nouvelle société », « Modifier »). */
export const companyInputSchema = z.object({
  name: requiredLine('Le nom de la société', 120),
  clientCode: requiredLine('Le code client', 20)
    .transform((code) => code.toUpperCase())
    .pipe(z.string().regex(CLIENT_CODE, { error: 'Le code client ne peut contenir que des lettres, des chiffres et des tirets (20 caractères au plus).' })),
  territory: z.enum(territoryIds, { error: 'Veuillez choisir le territoire dans la liste.' }),
  /** The contract's last day, or empty / null: no contract. */
  contractEndsOn: z
    .union([z.iso.date({ error: 'La fin de contrat doit être une date (AAAA-MM-JJ).' }), z.literal(''), z.null()], {
      error: 'La fin de contrat doit être une date (AAAA-MM-JJ).',
    })
    .optional()
    .transform((value) => value || null),
});
export type CompanyInput = z.infer<typeof companyInputSchema>;

/** A change of the company's own fields: the same, with the version it was made on (its `updatedAt`). */
export const companyChangeSchema = companyInputSchema.extend({
  updatedAt: line({ label: 'Version de la fiche', max: 40, min: 1, messages: { missing: 'La version de la fiche manque\u00a0: rechargez la page.', notText: 'La version de la fiche manque\u00a0: rechargez la page.' } }),
});

/** A shop. */
export const shopInputSchema = z.object({
  name: requiredLine('Le nom de la boutique', 120),
  address: optionalLine('L’adresse', 300),
});
export type ShopInput = z.infer<typeof shopInputSchema>;

/** A person of the company (who may sign in to the space with this address). */
export const personInputSchema = z.object({
  name: requiredLine('Le nom', 120),
  email: requiredLine('L’adresse e-mail', 254)
    .pipe(z.email({ error: 'Veuillez saisir une adresse e-mail valide.' }))
    .transform((email) => email.toLowerCase()),
  phone: optionalLine('Le téléphone', 40),
});
export type PersonInput = z.infer<typeof personInputSchema>;

/**
 * A piece of equipment: a catalogue product (its id; its name becomes the model) or a typed model (the
 * product then null), its serial number, its shop (an id of the company's shops, or none), under contract.
 */
export const equipmentInputSchema = z
  .object({
    productSlug: z
      .union([line({ label: 'Produit', max: 120, pattern: { regex: PRODUCT_ID, message: 'Produit du catalogue inconnu.' }, messages: { forbidden: () => 'Produit du catalogue inconnu.' } }), z.null()], { error: 'Produit du catalogue inconnu.' })
      .optional()
      .transform((value) => value || null),
    model: optionalLine('Le modèle', 120),
    serial: optionalLine('Le numéro de série', 80),
    shopId: z
      .union([line({ label: 'Boutique', max: 64, messages: { tooLong: 'Boutique inconnue.', forbidden: () => 'Boutique inconnue.' } }), z.null()], { error: 'Boutique inconnue.' })
      .optional()
      .transform((value) => value || null),
    underContract: z.boolean({ error: 'Sous contrat doit être oui ou non.' }).optional().default(false),
  })
  .refine((equipment) => equipment.productSlug !== null || equipment.model !== '', {
    error: 'Veuillez choisir un produit du catalogue ou saisir le modèle.',
    path: ['model'],
  });
export type EquipmentInput = z.infer<typeof equipmentInputSchema>;

/** The list's filters, from the query string: a search text and a territory (`tous`: every one). */
export const companyFilterSchema = z.object({
  q: line({ label: 'La recherche', max: 200, messages: { tooLong: 'La recherche ne doit pas dépasser 200 caractères.', forbidden: (found) => forbiddenCharacterMessage('La recherche', found) } }).default(''),
  territoire: z.enum(['tous', ...territoryIds], { error: 'Territoire inconnu.' }).optional().default('tous'),
  page: z.coerce.number({ error: 'Page inconnue.' }).int({ error: 'Page inconnue.' }).min(0, { error: 'Page inconnue.' }).max(10_000, { error: 'Page inconnue.' }).optional().default(0),
});
export type CompanyFilter = z.infer<typeof companyFilterSchema>;

/** GET /api/clients: one page of the companies the filters keep (by name), their counts per territory and under contract. */
export const companyListAnswerSchema = z.object({
  data: z.array(companySummarySchema),
  counts: z.object({
    /** Companies the search keeps, every territory. */
    total: z.number(),
    /** Companies the search and the territory keep (what the pages walk). */
    matching: z.number(),
    /** Of these, those whose contract runs today. */
    underContract: z.number(),
    territories: z.record(z.string(), z.number()),
  }),
  nextPage: z.number().nullable(),
  /** Whether the person signed in may create companies (« Nouvelle société »). */
  mayCreate: z.boolean(),
});
export type CompanyListAnswer = z.infer<typeof companyListAnswerSchema>;

/** A company's answer: the company, and what the person signed in may change on it. */
export const companyAnswerSchema = z.object({
  data: companySchema,
  may: z.object({ editCompany: z.boolean(), editEquipment: z.boolean() }),
});
export type CompanyAnswer = z.infer<typeof companyAnswerSchema>;

/** A catalogue product as the equipment form offers it. */
export const productChoiceSchema = z.object({ id: z.string(), name: z.string(), reference: z.string(), code: z.string().optional() });
export type ProductChoice = z.infer<typeof productChoiceSchema>;
export const productChoicesAnswerSchema = z.object({ data: z.array(productChoiceSchema) });

/** The day (YYYY-MM-DD) in Antilles time, the back office's clock: a contract runs through its last day. */
export const antillesDay = (now: Date = new Date()): string => localDay(now);
