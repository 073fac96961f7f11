/**
 * Quote requests (DECISIONS.md §16): the server rebuilds the itemised lines and totals from the
 * catalogue, so a stored quote never carries a price the catalogue does not have.
 */
import { formatCents } from '../../src/lib/price.ts';

/** Subject and deadline of every quote request (SPEC.md §7: fixed texts). */
export const QUOTE_SUBJECT = 'Demande de devis depuis la boutique en ligne';
export const QUOTE_DELAI = 'Dès que possible';

/** What the pricing needs from a catalogue product. */
export interface CatalogueProduct {
  id: string;
  name: string;
  reference: string;
  /** Price excluding tax, in euros. */
  priceHT: number;
  inStock: boolean;
}

/** Looks a product up by id. */
export type ProductLookup = (id: string) => CatalogueProduct | undefined;

/** One re-priced line of a quote. */
export interface QuoteLine {
  id: string;
  name: string;
  reference: string;
  quantity: number;
  unitPriceHTCents: number;
  totalHTCents: number;
}

export type PricedQuote =
  | { ok: true; lines: QuoteLine[]; itemCount: number; totalHTCents: number }
  | { ok: false; unknownIds: string[] };

/**
 * Prices cart lines from the catalogue: unit prices come from the catalogue only, the same product
 * sent twice becomes one line, and any id the catalogue does not know rejects the quote.
 */
export function priceQuoteItems(items: readonly { id: string; quantity: number }[], findProduct: ProductLookup): PricedQuote {
  const quantities = new Map<string, number>();
  for (const item of items) quantities.set(item.id, (quantities.get(item.id) ?? 0) + item.quantity);
  const unknownIds = [...quantities.keys()].filter((id) => !findProduct(id));
  if (unknownIds.length > 0) return { ok: false, unknownIds };

  const lines = [...quantities].map(([id, quantity]): QuoteLine => {
    const product = findProduct(id)!;
    const unitPriceHTCents = Math.round(product.priceHT * 100);
    return { id, name: product.name, reference: product.reference, quantity, unitPriceHTCents, totalHTCents: unitPriceHTCents * quantity };
  });
  return {
    ok: true,
    lines,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    totalHTCents: lines.reduce((sum, line) => sum + line.totalHTCents, 0),
  };
}

/** The client block of a quote message. */
export interface QuoteCustomer {
  name: string;
  company: string;
  phone: string;
  email: string;
  clientCode: string;
}

function customerLines(customer: QuoteCustomer): string[] {
  return [
    'Informations client :',
    `- Nom : ${customer.name}`,
    `- Entreprise : ${customer.company}`,
    `- Téléphone : ${customer.phone}`,
    `- E-mail : ${customer.email}`,
    `- Code client : ${customer.clientCode || 'non renseigné'}`,
  ];
}

/** The stored message of a priced quote (SPEC.md §7): client, itemised lines, item count, total HT. */
export function quoteMessage(customer: QuoteCustomer, quote: { lines: QuoteLine[]; itemCount: number; totalHTCents: number }): string {
  return [
    ...customerLines(customer),
    '',
    'Produits demandés :',
    ...quote.lines.map(
      (line) =>
        `- ${line.name} (réf. ${line.reference}) × ${line.quantity} à ${formatCents(line.unitPriceHTCents)} HT = ${formatCents(line.totalHTCents)} HT`,
    ),
    '',
    `Nombre d’articles : ${quote.itemCount}`,
    `Total HT : ${formatCents(quote.totalHTCents)}`,
    '',
    'Le client souhaite recevoir un devis pour ces produits.',
  ].join('\n');
}

/**
 * The stored message when no catalogue is connected: the client's own text, or, when it sent none, its
 * lines without prices (to be priced by hand).
 */
export function unpricedQuoteMessage(customer: QuoteCustomer, items: readonly { id: string; quantity: number }[], clientMessage: string): string {
  if (clientMessage) return clientMessage;
  return [
    ...customerLines(customer),
    '',
    'Produits demandés (prix à confirmer) :',
    ...items.map((item) => `- ${item.id} × ${item.quantity}`),
  ].join('\n');
}
