/**
 * Page metadata rules: the title pattern « Page — Section | Vision Caraïbes » and the length limits search
 * engines display (title ≤ 60, description 15–160 characters, as in astro.build's content schemas).
 */
import { z } from '../../records/zod.ts';
import { company } from '../../lib/site';

/** Longest `<title>` a search result shows without cutting it. */
export const TITLE_MAX = 60;
/** Shortest and longest useful meta description. */
export const DESCRIPTION_MIN = 15;
export const DESCRIPTION_MAX = 160;

/** The home page's title (no section, the company name first). */
export const HOME_TITLE = `${company.name} — Caisses et informatique en Antilles-Guyane`;

/** A part of the page title (the title itself or its section): 2 to TITLE_MAX characters, optional. */
const titlePart = () => z.string().trim().min(2).max(TITLE_MAX).optional();

/** What a page tells the layout about itself; BaseLayout checks it when the page is built. */
export const pageMetaSchema = z.object({
  title: titlePart().describe('Page title without the section and company suffix; omitted on the home page.'),
  section: titlePart().describe('The section the page belongs to (a product’s category, « Actualités »…), shown after the title.'),
  description: z
    .string()
    .trim()
    .min(DESCRIPTION_MIN)
    .max(DESCRIPTION_MAX)
    .describe('Meta description written for the page, shown under the title in search results.'),
});

export type PageMeta = z.infer<typeof pageMetaSchema>;

/** Checks a page's metadata and throws an error naming the page and the faulty field. */
export function validatePageMeta(meta: unknown, page: string): PageMeta {
  const result = pageMetaSchema.safeParse(meta);
  if (result.success) return result.data;
  const problems = result.error.issues
    .map((issue) => `  - ${issue.path.join('.') || '(props)'}: ${issue.message}`)
    .join('\n');
  throw new Error(`Invalid page metadata on ${page}:\n${problems}`);
}

/**
 * The document title: « Page — Section | Vision Caraïbes », shortened to stay within TITLE_MAX by dropping
 * the company, then the section (the page's own words are kept, they are what makes the title unique).
 */
export function documentTitle({ title, section }: Pick<PageMeta, 'title' | 'section'>): string {
  if (!title) return HOME_TITLE;
  const suffix = ` | ${company.name}`;
  const candidates = [
    section && section !== title ? `${title} — ${section}${suffix}` : undefined,
    `${title}${suffix}`,
    section && section !== title ? `${title} — ${section}` : undefined,
    title,
  ];
  return candidates.find((candidate): candidate is string => candidate !== undefined && candidate.length <= TITLE_MAX) ?? title;
}
