/**
 * A product's internal code: « AR » and 5 digits, stored in the product's file. It never changes: moving,
 * deleting or importing products leaves every other code as it is. A new product takes the highest code + 1.
 */
export const CODE_PATTERN = /^AR\d{5}$/;

/** The code of number n: 42 → AR00042. */
export const formatCode = (n: number): string => `AR${String(n).padStart(5, '0')}`;

/** The code a new product takes: the highest code in use + 1 (AR00001 in an empty catalogue). */
export function nextCode(codes: Iterable<string>): string {
  let highest = 0;
  for (const code of codes) if (CODE_PATTERN.test(code)) highest = Math.max(highest, Number(code.slice(2)));
  return formatCode(highest + 1);
}

/** The codes new products take, one after another, from the highest in use: one pass over the codes, however many are made. */
export function codeSequence(codes: Iterable<string>): () => string {
  let highest = Number(nextCode(codes).slice(2)) - 1;
  return () => formatCode((highest += 1));
}
