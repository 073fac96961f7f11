/** decap-cms-locales ships no types: each export is one language's interface phrases for CMS.registerLocale. */
declare module 'decap-cms-locales' {
  export const fr: Record<string, unknown>;
}
