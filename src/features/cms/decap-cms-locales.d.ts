/** decap-cms-locales ships no types: each export is one language's interface phrases for CMS.registerLocale. */
declare module 'decap-cms-locales' {
  /** A group of phrases: phrases and groups by name. */
  interface Phrases {
    [name: string]: string | Phrases;
  }
  /** The French phrases; the groups the CMS page rewords are named. */
  export const fr: Phrases & {
    app: Phrases & { header: Phrases };
    collection: Phrases & { collectionTop: Phrases };
  };
}
