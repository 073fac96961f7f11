/**
 * Where the catalogue files are: content/catalogue by default, or the folder CATALOGUE_DIR names
 * (scripts/bench-build.mjs and the catalogue build test point it at a temporary copy). Relative to the
 * project root unless absolute.
 */
export const catalogueDir = (): string => process.env.CATALOGUE_DIR ?? 'content/catalogue';
