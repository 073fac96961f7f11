/**
 * The quote request (a contact request whose lines the server re-prices from the catalogue), one module for the cart's quote dialog and for
 * POST /api/quote: the fixed subject and deadline, the pricing of lines and the generated message.
 * The dialog prices the lines from the cart to show and send the message; the server prices the same
 * lines from the catalogue with the same function and stores its own message, so a stored quote never
 * carries a price the catalogue does not have.
 */
import { HONEYPOT_FIELD } from '../contact/fields.ts';
import type { QuoteOverview } from '../contact/request.ts';
import { FREE_SHIPPING_OVER_CENTS, SHIPPING_CENTS } from '../../lib/constants.ts';
import { formatCents, toCents } from '../../lib/price.ts';
import { DEFAULT_TERRITORY, territoryOf, type TerritoryId } from '../../lib/territories.ts';
import { lineTotalHTCents, orderTotals, type OrderTotals } from '../cart/totals.ts';

/** Subject and deadline of every quote request: fixed texts. */
export const QUOTE_SUBJECT = 'Demande de devis depuis la boutique en ligne';
export const QUOTE_DELAI = 'Dès que possible';

/** What the quote dialog says. */
export const QUOTE_MESSAGES = {
  missing: 'Veuillez remplir tous les champs',
  sending: 'Envoi en cours...',
  success: 'Votre demande de devis a été envoyée avec succès\u202f!',
  error: "Erreur lors de l'envoi. Veuillez réessayer.",
} as const;

/** What the pricing needs from a catalogue product. */
export interface CatalogueProduct {
  id: string;
  /** Internal code (AR + 5 digits) as the catalogue stores it; a cart line stored before carts kept it has none. */
  code?: string;
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
  /** Internal code, on the lines the server prices from the catalogue. */
  code?: string;
  name: string;
  reference: string;
  quantity: number;
  unitPriceHTCents: number;
  totalHTCents: number;
}

export type PricedQuote = { ok: true; lines: QuoteLine[]; totals: OrderTotals } | { ok: false; unknownIds: string[] };

/**
 * Prices quote lines from the catalogue for a delivery territory: unit prices come from the catalogue
 * only, and any id the catalogue does not know rejects the quote. (A product appears once: the schema
 * refuses a repeated id before pricing.)
 */
export function priceQuoteItems(
  items: readonly { id: string; quantity: number }[],
  findProduct: ProductLookup,
  territory: TerritoryId = DEFAULT_TERRITORY,
): PricedQuote {
  const unknownIds = [...new Set(items.map((item) => item.id).filter((id) => !findProduct(id)))];
  if (unknownIds.length > 0) return { ok: false, unknownIds };
  const lines = items.map(({ id, quantity }): QuoteLine => {
    const product = findProduct(id)!;
    const unitPriceHTCents = toCents(product.priceHT);
    return { id, ...(product.code ? { code: product.code } : {}), name: product.name, reference: product.reference, quantity, unitPriceHTCents, totalHTCents: lineTotalHTCents({ unitHTCents: unitPriceHTCents, quantity }) };
  });
  const totals = orderTotals(lines.map((line) => ({ unitHTCents: line.unitPriceHTCents, quantity: line.quantity })), territory);
  return { ok: true, lines, totals };
}

/** How a quote line names its product: « Name (code AR00042, réf. ZD4A042) ». */
export const quoteLineProduct = (line: Pick<QuoteLine, 'name' | 'code' | 'reference'>): string =>
  `${line.name} (${line.code ? `code ${line.code}, ` : ''}réf. ${line.reference})`;

/** The shipping rule, as quotes and e-mails state it. */
export const SHIPPING_RULE = `Livraison offerte au-delà de ${formatCents(FREE_SHIPPING_OVER_CENTS)} HT d’achats, sinon ${formatCents(SHIPPING_CENTS)} HT.`;

/** The totals block of a quote (message and e-mails): subtotal, shipping, the territory's VAT, total TTC. */
export function quoteTotalsLines(totals: OrderTotals): string[] {
  return [
    `Livraison\u00a0: ${territoryOf(totals.territory).label}`,
    `Nombre d’articles\u00a0: ${totals.units}`,
    `Sous-total HT\u00a0: ${formatCents(totals.subtotalHTCents)}`,
    `Livraison\u00a0: ${totals.freeShipping ? 'offerte' : `${formatCents(totals.shippingHTCents)} HT`}`,
    totals.vatApplies ? `${totals.vatLabel}\u00a0: ${formatCents(totals.vatCents)}` : totals.vatLabel,
    `Total TTC\u00a0: ${formatCents(totals.totalTTCCents)}`,
    SHIPPING_RULE,
  ];
}

/** One line of a quote as text, in the stored message and the e-mails alike. */
export const quoteLineText = (line: QuoteLine): string =>
  `- ${quoteLineProduct(line)} × ${line.quantity} à ${formatCents(line.unitPriceHTCents)} HT = ${formatCents(line.totalHTCents)} HT`;

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
    'Informations client\u00a0:',
    `- Nom\u00a0: ${customer.name}`,
    `- Entreprise\u00a0: ${customer.company}`,
    `- Téléphone\u00a0: ${customer.phone}`,
    `- E-mail\u00a0: ${customer.email}`,
    `- Code client\u00a0: ${customer.clientCode || 'non renseigné'}`,
  ];
}

/**
 * The stored message of a priced quote: client, itemised lines HT, item count, totals HT, the
 * VAT of the delivery territory and the total TTC, and the shipping rule.
 */
export function quoteMessage(customer: QuoteCustomer, quote: { lines: QuoteLine[]; totals: OrderTotals }): string {
  return [
    ...customerLines(customer),
    '',
    'Produits demandés\u00a0:',
    ...quote.lines.map(quoteLineText),
    '',
    ...quoteTotalsLines(quote.totals),
    '',
    'Le client souhaite recevoir un devis pour ces produits.',
  ].join('\n');
}

/**
 * The JSON body the quote dialog posts to POST /api/quote: only what the server reads. The customer's
 * fields, the lines as id and quantity, the delivery territory and the honeypot; the server writes the
 * subject, the deadline and the message itself, from prices it takes from the catalogue.
 */
export interface QuoteRequestBody extends QuoteCustomer {
  items: { id: string; quantity: number }[];
  /** The delivery territory the quote is priced for. */
  territory: TerritoryId;
  [HONEYPOT_FIELD]: string;
}

/** Builds the request of the quote dialog from the form's fields and the cart. */
export function quoteRequestBody(
  customer: QuoteCustomer,
  cart: readonly { id: string; quantity: number }[],
  territory: TerritoryId,
  honeypot = '',
): QuoteRequestBody {
  const items = cart.map(({ id, quantity }) => ({ id, quantity }));
  return { ...customer, items, territory, [HONEYPOT_FIELD]: honeypot };
}

/** One requested line read back from a stored quote message. */
export interface RequestedLine {
  name: string;
  reference: string;
  quantity: number;
  unitPriceHTCents: number;
}

/**
 * The lines of a stored quote message, as `quoteMessage` wrote them (« - Nom (code AR00042, réf. X) × 2 à 12,50 € HT =
 * … »): the devis editor starts from them. Lines in another shape are skipped.
 */
export function requestedLines(message: string): RequestedLine[] {
  const lines: RequestedLine[] = [];
  for (const row of message.split('\n')) {
    const match = /^- (.+) \((?:code [^,]+, )?réf\. (.+?)\) × (\d+) à (.+?) HT = .+ HT$/.exec(row.trim());
    if (!match) continue;
    const amount = match[4]!.replace(/[\s\u00a0\u202f€]/g, '').replace(/\./g, '').replace(',', '.');
    const unit = Number(amount);
    lines.push({ name: match[1]!, reference: match[2]!, quantity: Number(match[3]), unitPriceHTCents: Number.isFinite(unit) ? Math.round(unit * 100) : 0 });
  }
  return lines;
}

/** How many of a quote's lines its card in the inbox shows. */
export const QUOTE_OVERVIEW_LINES = 3;

/**
 * A quote's card in the inbox, from its stored message (the lines as `quoteMessage` wrote them): the first
 * lines' product and quantity, how many more, and the total HT (lines and shipping, by the store's rule for
 * the territory). Undefined when the message holds no line.
 */
export function quoteOverview(message: string, territory: TerritoryId | ''): QuoteOverview | undefined {
  const lines = requestedLines(message);
  if (lines.length === 0) return undefined;
  const totals = orderTotals(
    lines.map((line) => ({ unitHTCents: line.unitPriceHTCents, quantity: line.quantity })),
    territory || DEFAULT_TERRITORY,
  );
  return {
    lines: lines.slice(0, QUOTE_OVERVIEW_LINES).map(({ name, quantity }) => ({ name, quantity })),
    more: Math.max(0, lines.length - QUOTE_OVERVIEW_LINES),
    totalHTCents: totals.subtotalHTCents + totals.shippingHTCents,
  };
}
