/**
 * The staff's changes of customer companies, each one conditional write of the company's blob
 * (saveCompany), so that two people editing different parts at once never lose each other's work:
 * - a company's own fields (name, client code, territory, contract) change only from the version the
 *   form was opened on (its `updatedAt`): otherwise company_changed, and the form reloads;
 * - a shop, a person or a piece of equipment is added, changed or removed alone;
 * - a person removed loses their sessions and passkeys: nobody signs in as them again (a company removed:
 *   netlify/lib/retention/erase-company.ts);
 *   a person whose address changes signs in again with the new one;
 * - a piece of equipment names a shop of its company and, when from the catalogue, a product that exists
 *   (its name becomes the model); a shop removed leaves its equipment without a shop;
 * - a person's address is never a staff account's (nobody holds a staff session and a
 *   customer session over one identity);
 * - staff create and change only the companies of their territories (a company moved to another territory
 *   too), unless the roles table gives their role every territory (permissions.ts, worksIn): another
 *   territory's company is read, never changed (company_other_territory, 403).
 * Every refusal is a `Refusal` with its error table code, and changes nothing.
 */
import type { CompanyInput, EquipmentInput, PersonInput, ShopInput } from '../../../src/features/customers/admin-api.ts';
import type { Company, Equipment, Person, Shop } from '../../../src/features/customers/model.ts';
import type { TerritoryId } from '../../../src/lib/territories.ts';
import { worksIn, type StaffMember } from '../auth/permissions.ts';
import { Refusal } from '../http/refusal.ts';
import { loadProduct } from '../catalogue/catalogue.ts';
import { isStaffAddress } from '../team/accounts.ts';
import { getCompany, newId, saveCompany } from './companies.ts';
import { endAllCustomerSessions } from './customer-session.ts';
import { forgetPerson } from './erase.ts';

/** The refusal of an unknown company. */
export const notFound = () => new Refusal('company_not_found');

/** Who changes a company: their role and territories decide which companies (worksIn). */
export type Editor = Pick<StaffMember, 'role' | 'territories'>;

/** Refuses a change of a company of a territory that is not the editor's. */
export function refuseOtherTerritory(editor: Editor, territory: TerritoryId): void {
  if (!worksIn(editor, territory)) throw new Refusal('company_other_territory');
}

/** A new company, without people, shops or equipment, in one of the editor's territories. */
export async function createCompany(input: CompanyInput, editor: Editor, now = new Date()): Promise<Company> {
  refuseOtherTerritory(editor, input.territory);
  const id = newId();
  const at = now.toISOString();
  const saved = await saveCompany(id, () => ({ id, ...input, shops: [], people: [], equipment: [], createdAt: at, updatedAt: at }), now);
  return saved!;
}

/** Changes a company's own fields, from the version `updatedAt` the form showed. */
export async function changeCompany(id: string, input: CompanyInput & { updatedAt: string }, editor: Editor, now = new Date()): Promise<Company> {
  const { updatedAt, ...fields } = input;
  const saved = await saveCompany(
    id,
    (current) => {
      if (!current) throw notFound();
      refuseOtherTerritory(editor, current.territory);
      refuseOtherTerritory(editor, fields.territory);
      if (current.updatedAt !== updatedAt) throw new Refusal('company_changed');
      return { ...current, ...fields };
    },
    now,
  );
  return saved!;
}

type ListName = 'people' | 'shops' | 'equipment';
type Item<L extends ListName> = Company[L][number];

const MISSING: Record<ListName, () => Refusal> = {
  people: () => new Refusal('person_not_found'),
  shops: () => new Refusal('shop_not_found'),
  equipment: () => new Refusal('equipment_not_found'),
};

/**
 * Adds (itemId undefined), changes or removes (make returns undefined) one item of a company's list,
 * on the company as stored at the time of the write. Returns the company saved and the item before.
 */
async function editItem<L extends ListName>(
  id: string,
  list: L,
  itemId: string | undefined,
  make: (before: Item<L> | undefined, company: Company, itemKey: string) => Item<L> | undefined,
  editor: Editor,
  now: Date,
): Promise<{ company: Company; before: Item<L> | undefined }> {
  let before: Item<L> | undefined;
  // Chosen once: saveCompany may run the change more than once (a draft, then each write attempt).
  const itemKey = itemId ?? newId();
  const company = await saveCompany(
    id,
    (current) => {
      if (!current) throw notFound();
      refuseOtherTerritory(editor, current.territory);
      const items = current[list] as Array<Item<L>>;
      before = itemId === undefined ? undefined : items.find((item) => item.id === itemId);
      if (itemId !== undefined && !before) throw MISSING[list]();
      const next = make(before, current, itemKey);
      const kept = items.filter((item) => item.id !== itemId);
      const changed = next ? (before ? items.map((item) => (item.id === itemId ? next : item)) : [...kept, next]) : kept;
      return list === 'shops' && !next && itemId !== undefined
        ? // A shop removed: its equipment stays, without a shop.
          { ...current, shops: changed as Shop[], equipment: current.equipment.map((equipment) => (equipment.shopId === itemId ? { ...equipment, shopId: null } : equipment)) }
        : { ...current, [list]: changed };
    },
    now,
  );
  return { company: company!, before };
}

/** Adds or changes a shop. */
export const saveShop = async (id: string, shopId: string | undefined, input: ShopInput, editor: Editor, now = new Date()) =>
  (await editItem(id, 'shops', shopId, (_before, _company, itemKey) => ({ id: itemKey, ...input }), editor, now)).company;

/** Adds or changes a person; their address must be no one else's, and no staff account's. A new address ends their sessions. */
export async function savePerson(id: string, personId: string | undefined, input: PersonInput, editor: Editor, now = new Date()): Promise<Company> {
  if (await isStaffAddress(input.email)) throw new Refusal('email_is_staff');
  const { company, before } = await editItem(
    id,
    'people',
    personId,
    (before, current, itemKey): Person => {
      const other = current.people.find((person) => person.email === input.email && person.id !== before?.id);
      if (other) throw new Refusal('person_email_in_company', { email: input.email, name: other.name });
      return { id: itemKey, createdAt: before?.createdAt ?? now.toISOString(), lastSignInAt: before?.lastSignInAt ?? null, ...input };
    },
    editor,
    now,
  );
  if (before && before.email !== input.email) await endAllCustomerSessions(before.id);
  return company;
}

/** Removes an item of a company's list; a person removed loses their sessions and passkeys. */
export async function removeItem(id: string, list: ListName, itemId: string, editor: Editor, now = new Date()): Promise<{ company: Company; removed: Item<ListName> }> {
  const { company, before } = await editItem(id, list, itemId, () => undefined, editor, now);
  if (list === 'people') await forgetPerson(itemId);
  return { company, removed: before! };
}

/** Adds or changes a piece of equipment: its shop must be the company's, its product the catalogue's. */
export async function saveEquipment(id: string, equipmentId: string | undefined, input: EquipmentInput, editor: Editor, now = new Date()): Promise<Company> {
  const product = input.productSlug === null ? undefined : await loadProduct(input.productSlug);
  if (input.productSlug !== null && !product) throw new Refusal('equipment_product_not_found');
  const { company } = await editItem(
    id,
    'equipment',
    equipmentId,
    (_before, current, itemKey): Equipment => {
      if (input.shopId !== null && !current.shops.some((shop) => shop.id === input.shopId)) throw new Refusal('equipment_shop_invalid');
      return { id: itemKey, productSlug: input.productSlug, model: product?.name ?? input.model, serial: input.serial, shopId: input.shopId, underContract: input.underContract };
    },
    editor,
    now,
  );
  return company;
}

export type { ListName };
