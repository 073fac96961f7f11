/** decap-cms-locales ships no types: each export is one language's table of interface phrases. */
declare module 'decap-cms-locales' {
  export const fr: Record<string, unknown>;
}
