/**
 * Build-time PNG cards (1200×630) made from the SVG images of public/ (product drawings), because social
 * platforms do not show SVG. Runs at build with sharp; nothing here reaches the browser.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import sharp from 'sharp';
import { CARD_HEIGHT, CARD_WIDTH } from './social-image';

const publicDir = join(process.cwd(), 'public');
/** SVGs that are not pictures of something to share: the favicon and the cards' own sources. */
const SKIPPED = new Set(['/favicon.svg']);

const isCardSource = (path: string): boolean => !SKIPPED.has(path) && !path.startsWith('/social/');

/** Every SVG under public/ that can be a page's image, as site paths (`/images/produits/zd421.svg`). */
export function publicSvgPaths(): string[] {
  if (!existsSync(publicDir)) return [];
  return readdirSync(publicDir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.toLowerCase().endsWith('.svg'))
    .map((entry) => `/${relative(publicDir, join(entry.parentPath, entry.name)).split(sep).join('/')}`)
    .filter(isCardSource)
    .sort();
}

/** Whether a site path is an SVG of public/ that gets a PNG card. */
export function hasSvgCard(path: string): boolean {
  return /\.svg$/i.test(path) && isCardSource(path) && existsSync(join(publicDir, ...path.split('/')));
}

const MARGIN = 48;
const BAND = 14;

/** The frame of a card: a soft background, a navy band with the brand colours at the bottom, the logo mark. */
const frame = `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}">
  <rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="#f4f7fa"/>
  <rect y="${CARD_HEIGHT - BAND}" width="${CARD_WIDTH * 0.7}" height="${BAND}" fill="#0a2540"/>
  <rect x="${CARD_WIDTH * 0.7}" y="${CARD_HEIGHT - BAND}" width="${CARD_WIDTH * 0.22}" height="${BAND}" fill="#1fb5b3"/>
  <rect x="${CARD_WIDTH * 0.92}" y="${CARD_HEIGHT - BAND}" width="${CARD_WIDTH * 0.08}" height="${BAND}" fill="#f2a93b"/>
  <g transform="translate(${CARD_WIDTH - 40 - 64} 32) scale(1.6)">
    <rect width="40" height="40" rx="10" fill="#0a2540"/>
    <path d="M9 11h6.2L20 24.6 24.8 11H31l-8.2 19h-5.6z" fill="#fff"/>
    <path d="M24.8 11H31l-3.6 8.4-3.1-7z" fill="#1fb5b3"/>
    <circle cx="31" cy="30" r="3" fill="#f2a93b"/>
  </g>
</svg>`;

/**
 * Where drawn cards are kept between builds, by a hash of everything that makes them (the SVG, the frame,
 * this file's settings): drawing one with sharp takes about 200 ms, and most builds change no drawing.
 */
const CACHE_DIR = join(process.cwd(), 'node_modules', '.cache', 'social-cards');
const cacheKey = (svg: Buffer): string =>
  createHash('sha256').update(svg).update(frame).update(`${CARD_WIDTH}x${CARD_HEIGHT}/${MARGIN}/${BAND}/300dpi/v1`).digest('hex');

/** The PNG card of one SVG of public/ (drawn once, then read from the cache while the SVG is unchanged). */
export async function svgCard(svgPath: string): Promise<Buffer> {
  const svg = readFileSync(join(publicDir, ...svgPath.split('/')));
  const cached = join(CACHE_DIR, `${cacheKey(svg)}.png`);
  if (existsSync(cached)) return readFileSync(cached);
  const card = await drawCard(svg);
  mkdirSync(CACHE_DIR, { recursive: true });
  writeFileSync(cached, card);
  return card;
}

/** Draws the card: the drawing, as large as fits, centred on the card's frame. */
async function drawCard(svg: Buffer): Promise<Buffer> {
  const picture = await sharp(svg, { density: 300 })
    .resize({ width: CARD_WIDTH - 2 * MARGIN - 140, height: CARD_HEIGHT - 2 * MARGIN - BAND, fit: 'inside' })
    .png()
    .toBuffer();
  return sharp(Buffer.from(frame))
    .composite([{ input: picture, gravity: 'centre' }])
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
}
