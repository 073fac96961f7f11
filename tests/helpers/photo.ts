/**
 * A phone photo for tests, made on the spot rather than stored: 4032 × 3024 (a 12-megapixel phone's
 * size), a JPEG of about 4 Mo. Sky-to-sea gradients with grain and soft shapes, so encoders treat it like a
 * photo (a flat image would shrink to nothing and prove nothing).
 */
import sharp from 'sharp';

export const PHOTO_WIDTH = 4032;
export const PHOTO_HEIGHT = 3024;

/** Writes the photo to `file` (JPEG) and resolves with its size in bytes. */
export async function writePhoto(file: string, seed = 1): Promise<number> {
  const width = PHOTO_WIDTH;
  const height = PHOTO_HEIGHT;
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed * 2654435761;
  const random = () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
  for (let y = 0; y < height; y += 1) {
    const v = y / height;
    for (let x = 0; x < width; x += 1) {
      const u = x / width;
      const wave = Math.sin(u * 18 + v * 7 + seed) * 18 + Math.cos(v * 23 - u * 5) * 14;
      const grain = (random() - 0.5) * 46;
      const i = (y * width + x) * 3;
      pixels[i] = Math.max(0, Math.min(255, 40 + 150 * v + wave + grain));
      pixels[i + 1] = Math.max(0, Math.min(255, 110 + 80 * Math.sin(u * 3.1) + wave + grain));
      pixels[i + 2] = Math.max(0, Math.min(255, 200 - 120 * v + wave + grain));
    }
  }
  const info = await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 88, chromaSubsampling: '4:4:4' }).toFile(file);
  return info.size;
}
