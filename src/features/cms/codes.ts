/**
 * The product code the CMS proposes for a new product: the highest code + 1, « AR » and five digits. A
 * product's code is stored with it (or, in a catalogue that does not store codes yet, follows from its place).
 */
import { internalCode } from '../catalogue/code';

export function nextProductCode(products: readonly { code?: string; position?: number }[]): string {
  const numbers = products.map((product) => (product.code ? Number(product.code.slice(2)) : (product.position ?? 0)));
  return internalCode(Math.max(0, ...numbers) + 1);
}
