/**
 * A valid customer company stored through saveCompany (its addresses and client code claimed, its
 * summary indexed), for the tests of every feature that needs one. Ids and codes are unique per call
 * unless the overrides name them.
 */
import { newId, saveCompany } from '../../netlify/lib/customers/companies.ts';
import type { Company, Equipment, Person, Shop } from '../../src/features/customers/model.ts';

let seeded = 0;

/** A person of a seeded company (a unique address unless given). */
export const testPerson = (overrides: Partial<Person> = {}): Person => ({
  id: newId(),
  name: 'Léa Martin',
  email: `lea.martin.${newId().slice(0, 8)}@exemple-client.fr`,
  phone: '0696 12 34 56',
  createdAt: new Date().toISOString(),
  lastSignInAt: null,
  ...overrides,
});

/** A shop of a seeded company. */
export const testShop = (overrides: Partial<Shop> = {}): Shop => ({ id: newId(), name: 'Boutique du Lamentin', address: 'Zone de la Lézarde, 97232 Le Lamentin', ...overrides });

/** A piece of equipment typed by hand (no catalogue product) unless the overrides say otherwise. */
export const testEquipment = (overrides: Partial<Equipment> = {}): Equipment => ({
  id: newId(),
  productSlug: null,
  model: 'Caisse tactile TP-15',
  serial: `SN-${newId().slice(0, 8).toUpperCase()}`,
  shopId: null,
  underContract: true,
  ...overrides,
});

/** Stores a company (one person, no shop, no equipment by default) and returns it as saved. */
export async function seedCompany(overrides: Partial<Company> = {}): Promise<Company> {
  seeded += 1;
  const id = overrides.id ?? newId();
  const now = new Date().toISOString();
  const company: Company = {
    id,
    name: `Société d’essai ${seeded}`,
    clientCode: `T-${id.slice(0, 8).toUpperCase()}`,
    territory: 'martinique',
    shops: [],
    contractEndsOn: null,
    people: [testPerson()],
    equipment: [],
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
  return (await saveCompany(id, () => company))!;
}
