/**
 * The customers' space's records (one place for their shape, shared by the functions, the admin and the
 * space): a customer company with its shops, its maintenance contract, its people (who sign in to the
 * space) and its equipment. One company is one blob (netlify/lib/customers/companies.ts): a company is a few
 * shops, a few people and a few dozen pieces of equipment.
 */
import { z } from '../../records/zod.ts';
import { isTerritoryId, type TerritoryId } from '../../lib/territories.ts';

export const territoryIdSchema = z.custom<TerritoryId>(isTerritoryId, 'territoire inconnu');

/** A shop of the company: where its equipment stands and where a technician goes. */
export const shopSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
});
export type Shop = z.infer<typeof shopSchema>;

/** A person of the company: they sign in to the space with this address (unique across every company). */
export const personSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Lower-cased; one company only. */
  email: z.string(),
  phone: z.string(),
  createdAt: z.string(),
  /** The last time they opened a session (null: never). The lifetimes table's `customerPerson` counts from it. */
  lastSignInAt: z.string().nullable(),
  /** The last time staff invited them to the space; never signed in, their lifetime counts from it (or from createdAt). */
  invitedAt: z.string().optional(),
});
export type Person = z.infer<typeof personSchema>;

/** A piece of equipment: a catalogue product when it is one (its slug), otherwise a typed model. */
export const equipmentSchema = z.object({
  id: z.string(),
  /** The catalogue product's slug (its page and documents), or null for a model typed by hand. */
  productSlug: z.string().nullable(),
  /** The model as shown (the product's name when it is one). */
  model: z.string(),
  serial: z.string(),
  /** The shop it stands in (a shop id of the company), or null. */
  shopId: z.string().nullable(),
  underContract: z.boolean(),
});
export type Equipment = z.infer<typeof equipmentSchema>;

/** A customer company. */
export const companySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The company's client code (« C-00042 »), unique, as on devis and price lists. */
  clientCode: z.string(),
  territory: territoryIdSchema,
  shops: z.array(shopSchema),
  /** The maintenance contract's last day (YYYY-MM-DD), or null: no contract. */
  contractEndsOn: z.string().nullable(),
  people: z.array(personSchema),
  equipment: z.array(equipmentSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Company = z.infer<typeof companySchema>;

/** A company as the admin's list shows it (and searches it). */
export const companySummarySchema = companySchema
  .pick({ id: true, name: true, clientCode: true, territory: true, contractEndsOn: true, updatedAt: true })
  .extend({ people: z.number(), equipment: z.number() });
export type CompanySummary = z.infer<typeof companySummarySchema>;

/** The summary of a company. */
export const summaryOfCompany = (company: Company): CompanySummary => ({
  id: company.id,
  name: company.name,
  clientCode: company.clientCode,
  territory: company.territory,
  contractEndsOn: company.contractEndsOn,
  updatedAt: company.updatedAt,
  people: company.people.length,
  equipment: company.equipment.length,
});

/** Whether the company's maintenance contract runs on a given day (YYYY-MM-DD, the territory's date). */
export const contractRunsOn = (company: Pick<Company, 'contractEndsOn'>, day: string): boolean =>
  company.contractEndsOn !== null && company.contractEndsOn >= day;

/** An e-mail address as stored and compared: trimmed, lower-cased. */
export const normalEmail = (email: string): string => email.trim().toLowerCase();

/** Who is signed in to the space, as the space's endpoints answer it (GET /api/espace-client/moi). */
export const customerMeSchema = z.object({
  person: personSchema.pick({ id: true, name: true, email: true, phone: true }),
  company: companySchema.pick({ id: true, name: true, clientCode: true, territory: true }),
});
export type CustomerMe = z.infer<typeof customerMeSchema>;
