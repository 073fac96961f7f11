/**
 * The text of a product file, content/catalogue/products/<id>.json, as every writer writes it (the price-list
 * import, the catalogue generator, the CMS): its fields in the schema's order, two-space JSON, a final
 * newline. One writer, so a price changed by any of them is a two-line diff. No Node module: the CMS runs it
 * in the browser.
 */
import { productSchema, type Product } from './schema.ts';

/** The field order of a product file, the schema's: a file written by a tool reads like one written by hand. */
const FIELD_ORDER = Object.keys(productSchema.shape);

/** The text of a product's file: its fields in the schema's order (any other after them, as they came), two-space JSON, a final newline. */
export function productFileText(product: Product): string {
  const known = FIELD_ORDER.filter((key) => key in product);
  const others = Object.keys(product).filter((key) => !FIELD_ORDER.includes(key));
  const ordered = Object.fromEntries([...known, ...others].map((key) => [key, product[key as keyof Product]]));
  return `${JSON.stringify(ordered, null, 2)}\n`;
}
