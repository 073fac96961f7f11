/** The pure navigation rules of the home slider: it wraps around both ways. */

/** The slide after `index`; after the last comes the first. */
export const nextIndex = (index: number, count: number): number => (index + 1) % count;

/** The slide before `index`; before the first comes the last. */
export const previousIndex = (index: number, count: number): number => (index - 1 + count) % count;
