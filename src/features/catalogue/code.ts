/** The internal code of a product: « AR » + its 1-based place in the catalogue, 5 digits (DECISIONS.md §8). */
export const internalCode = (position: number): string => `AR${String(position).padStart(5, '0')}`;
