/**
 * The image of a page's social card (Open Graph / Twitter). Social platforms do not render SVG, so the
 * card is a PNG: the company's default card, or a page's own raster image (a product photo).
 */
import type { ImageMetadata } from 'astro';
import { getImage } from 'astro:assets';
import { company } from '../../lib/site';

/** What a page passes: an imported image or a path under public/, with its alternative text. */
export interface SocialImageInput {
  src: string | ImageMetadata;
  alt: string;
  width?: number;
  height?: number;
}

/** The image as the meta tags need it: absolute URL, MIME type, size and alternative text. */
export interface SocialImage {
  url: string;
  type: string;
  alt: string;
  width?: number;
  height?: number;
}

/** The default card, drawn for the project (scripts/social-cards.mjs renders it). */
export const DEFAULT_CARD = {
  path: '/social/vision-caraibes.png',
  width: 1200,
  height: 630,
  alt: `${company.name} — intégrateur informatique et point de vente en Martinique, Guadeloupe et Guyane`,
} as const;

const MIME: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };

/** The company's default social card. */
export function defaultSocialImage(site: URL): SocialImage {
  return { url: new URL(DEFAULT_CARD.path, site).href, type: 'image/png', alt: DEFAULT_CARD.alt, width: DEFAULT_CARD.width, height: DEFAULT_CARD.height };
}

/** The MIME type of a raster image path, or undefined for a format social platforms do not show (SVG). */
export function rasterType(path: string): string | undefined {
  const extension = path.split('?')[0].split('.').at(-1)?.toLowerCase() ?? '';
  return MIME[extension];
}

/**
 * A page's own image as a social card: an imported image (SVG included) is converted to a 1200 px wide PNG
 * at build time; a raster path is used as it is; an SVG path falls back to the default card.
 */
export async function socialImage(input: SocialImageInput, site: URL): Promise<SocialImage> {
  if (typeof input.src !== 'string') {
    const png = await getImage({ src: input.src, format: 'png', width: Math.min(1200, input.src.width) });
    const width = Number(png.attributes.width);
    const height = Number(png.attributes.height);
    return { url: new URL(png.src, site).href, type: 'image/png', alt: input.alt, width: width || undefined, height: height || undefined };
  }
  const type = rasterType(input.src);
  if (!type) return defaultSocialImage(site);
  return { url: new URL(input.src, site).href, type, alt: input.alt, width: input.width, height: input.height };
}
