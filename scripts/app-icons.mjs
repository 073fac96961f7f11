/**
 * Renders the technicians' app icons (public/app/icon.svg, drawn for the project) to the PNG sizes that
 * the Web App Manifest and iOS ask for: 192 and 512 (« any » and « maskable »: the drawing keeps its
 * important part in the centre circle, the safe zone), and 180 for the iPhone's home screen.
 * Run after changing the drawing: `node scripts/app-icons.mjs`; the PNGs are committed.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

const folder = new URL('../public/app/', import.meta.url);
const svg = readFileSync(new URL('icon.svg', folder));
for (const size of [180, 192, 512]) {
  await sharp(svg, { density: Math.ceil((72 * size) / 512) + 1 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(new URL(`icon-${size}.png`, folder).pathname);
}
console.log('public/app: icon-180.png, icon-192.png, icon-512.png');
