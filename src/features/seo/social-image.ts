/**
 * The image of a page's social card (Open Graph / Twitter). Social platforms do not show SVG, so a card is
 * a PNG: the company's default card, a page's own raster image, or — for an SVG under public/ (the drawn
 * product images) — a 1200×630 PNG card made from it at build time (src/pages/social/[...image].png.ts).
 */
import type { ImageMetadata } from 'astro';
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

/** Size of every card made for the site (the size Open Graph and X recommend). */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** The default card, drawn for the project (scripts/social-cards.mjs renders it). */
export const DEFAULT_CARD = {
  path: '/social/vision-caraibes.png',
  alt: `${company.name} — intégrateur informatique et point de vente en Martinique, Guadeloupe et Guyane`,
} as const;

const MIME: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };

/** The company's default social card. */
export function defaultSocialImage(site: URL): SocialImage {
  return { url: new URL(DEFAULT_CARD.path, site).href, type: 'image/png', alt: DEFAULT_CARD.alt, width: CARD_WIDTH, height: CARD_HEIGHT };
}

/** The MIME type of a raster image path, or undefined for a format social platforms do not show (SVG). */
export function rasterType(path: string): string | undefined {
  const extension = (path.split(/[?#]/)[0] ?? '').split('.').at(-1)?.toLowerCase() ?? '';
  return MIME[extension];
}

/** Whether a path is an SVG image of the site. */
export const isSvgPath = (path: string): boolean => /^\/[^?#]+\.svg$/i.test(path);

/** Where the PNG card made from an SVG of public/ is served: /images/a.svg → /social/images/a.png. */
export function svgCardPath(svgPath: string): string {
  return `/social${svgPath.replace(/\.svg$/i, '.png')}`;
}

/**
 * A page's own image given as a path: a raster image is used as it is; an SVG of public/ gets its PNG card
 * (`hasSvgCard` says whether one is built); anything else falls back to the default card.
 */
export function socialImageFromPath(input: SocialImageInput & { src: string }, site: URL, hasSvgCard: (path: string) => boolean): SocialImage {
  const type = rasterType(input.src);
  if (type) return { url: new URL(input.src, site).href, type, alt: input.alt, width: input.width, height: input.height };
  if (isSvgPath(input.src) && hasSvgCard(input.src)) {
    return { url: new URL(svgCardPath(input.src), site).href, type: 'image/png', alt: input.alt, width: CARD_WIDTH, height: CARD_HEIGHT };
  }
  return defaultSocialImage(site);
}
