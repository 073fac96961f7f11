/**
 * A company's equipment as its people see it (the space's « Mes équipements », a ticket's choice of
 * equipment): each piece with its shop, whether it is under the maintenance contract today, and for a
 * catalogue model its product page and the product's documents. Below the space and the tickets, which
 * both read it.
 */
import { productPath } from '../../../src/lib/paths.ts';
import { contractRunsOn, type Company, type Equipment } from '../../../src/features/customers/model.ts';
import { formatDay, martiniqueDay } from '../../../src/features/devis/devis.ts';
import type { SpaceEquipment } from '../../../src/features/space/answers.ts';
import { loadProductDocuments } from '../catalogue/catalogue.ts';

/** Where a product's document is served: its path on the site (a document file is named from the site's root). */
const documentHref = (file: string): string => (file.startsWith('/') ? file : `/${file}`);

/** What the contract says of a piece of equipment today (« Sous contrat jusqu’au 31/12/2027 », « Hors contrat »…). */
export function contractLabel(company: Company, equipment: Equipment, today: string): string {
  if (!equipment.underContract) return 'Hors contrat';
  if (company.contractEndsOn === null) return 'Sans contrat de maintenance en cours';
  return contractRunsOn(company, today) ? `Sous contrat jusqu’au ${formatDay(company.contractEndsOn)}` : `Contrat échu le ${formatDay(company.contractEndsOn)}`;
}

/** Whether a piece of equipment is covered today: marked under contract, and the contract runs. */
export const coveredToday = (company: Company, equipment: Equipment, now = new Date()): boolean => equipment.underContract && contractRunsOn(company, martiniqueDay(now));

/** A piece of equipment as the space shows it. */
async function viewOf(company: Company, equipment: Equipment, today: string): Promise<SpaceEquipment> {
  const product = equipment.productSlug ? await loadProductDocuments(equipment.productSlug) : undefined;
  return {
    id: equipment.id,
    model: equipment.model || product?.name || '',
    serial: equipment.serial,
    shop: company.shops.find((shop) => shop.id === equipment.shopId)?.name ?? null,
    underContract: equipment.underContract && contractRunsOn(company, today),
    contractLabel: contractLabel(company, equipment, today),
    productPath: product && equipment.productSlug ? productPath(equipment.productSlug) : null,
    documents: (product?.documents ?? []).map((document) => ({ title: document.title, href: documentHref(document.file) })),
  };
}

/** Every piece of the company's equipment, by shop then model. */
export async function companyEquipment(company: Company, now = new Date()): Promise<SpaceEquipment[]> {
  const today = martiniqueDay(now);
  const views = await Promise.all(company.equipment.map((equipment) => viewOf(company, equipment, today)));
  return views.sort((a, b) => (a.shop ?? '\uffff').localeCompare(b.shop ?? '\uffff', 'fr') || a.model.localeCompare(b.model, 'fr'));
}

/** One piece of the company's equipment, or undefined (unknown, or another company's). */
export async function companyEquipmentPiece(company: Company, id: string, now = new Date()): Promise<SpaceEquipment | undefined> {
  const equipment = company.equipment.find((candidate) => candidate.id === id);
  return equipment ? viewOf(company, equipment, martiniqueDay(now)) : undefined;
}
