/**
 * The CMS's product list in French: Decap's summary templates have no filter for numbers or lookups, so the
 * line config.ts writes (« AR00100 — Batterie de rechange TC22 — accessoires — 49.17 € HT ») is rewritten
 * where Decap shows it, with the category's title and a French price (« … — Accessoires — 49,17 € HT »).
 */
import { formatEuros } from '../../lib/price';

/** A product list line in French, given the categories' titles by id; any other text is returned as it is. */
export function frenchProductLine(text: string, categoryTitles: ReadonlyMap<string, string>): string {
  const match = /^(.*) — ([a-z0-9-]+) — (\d+(?:\.\d+)?) € HT$/.exec(text);
  if (!match) return text;
  const [, head, category, price] = match;
  return `${head} — ${categoryTitles.get(category!) ?? category} — ${formatEuros(Number(price))} HT`;
}

/**
 * Keeps the product list's lines French as Decap renders them (the entries' titles, `h2` inside the links to
 * the products). A rewritten line no longer matches, so each is rewritten once per render.
 */
export function frenchProductList(doc: Document, categoryTitles: ReadonlyMap<string, string>): void {
  const rewrite = () => {
    for (const title of doc.querySelectorAll('a[href*="/collections/produits/entries/"] h2')) {
      const text = title.textContent ?? '';
      const french = frenchProductLine(text, categoryTitles);
      if (french !== text) title.textContent = french;
    }
  };
  new MutationObserver(rewrite).observe(doc.body, { childList: true, subtree: true, characterData: true });
  rewrite();
}
