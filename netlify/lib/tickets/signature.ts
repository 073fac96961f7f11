/**
 * The customer's signature as the pad sends it (`data:image/png;base64,…`: a canvas export, 8-bit RGBA, at
 * most SIGNATURE_SIZE pixels whatever the screen), checked from its bytes and turned into a grey PNG
 * without transparency before the PDF library sees it: pdfkit separates a PNG's transparency pixel by pixel
 * in JavaScript, which alone took longer than the whole report's 300 ms budget for a tablet-sized drawing;
 * ink on white needs one grey channel.
 */
import { crc32, deflateSync, inflateSync } from 'node:zlib';
import { SIGNATURE_SIZE } from '../../../src/features/tickets/staff.ts';

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

interface PngChunk {
  type: string;
  data: Uint8Array;
}

/** The chunks of a PNG, or undefined when its structure is broken. */
function chunksOf(bytes: Uint8Array): PngChunk[] | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks: PngChunk[] = [];
  for (let at = 8; at + 12 <= bytes.byteLength; ) {
    const length = view.getUint32(at);
    if (at + 12 + length > bytes.byteLength) return undefined;
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    chunks.push({ type, data: bytes.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
    if (type === 'IEND') return chunks;
  }
  return undefined;
}

/** A PNG chunk: length, type, data, CRC of type and data. */
function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.byteLength, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** The Paeth predictor of the PNG filters. */
function paeth(left: number, up: number, upLeft: number): number {
  const estimate = left + up - upLeft;
  const toLeft = Math.abs(estimate - left);
  const toUp = Math.abs(estimate - up);
  const toUpLeft = Math.abs(estimate - upLeft);
  return toLeft <= toUp && toLeft <= toUpLeft ? left : toUp <= toUpLeft ? up : upLeft;
}

/**
 * An 8-bit RGB or RGBA PNG (not interlaced) as a grey PNG on white: each pixel's luminance, blended over
 * white by its opacity. Undefined for another kind of PNG (the caller keeps it as it is).
 */
function greyOnWhite(width: number, height: number, colourType: number, idat: Uint8Array): Buffer | undefined {
  const channels = colourType === 6 ? 4 : colourType === 2 ? 3 : 0;
  if (!channels) return undefined;
  const stride = width * channels;
  let raw: Buffer;
  try {
    raw = inflateSync(idat);
  } catch {
    return undefined;
  }
  if (raw.byteLength < height * (stride + 1)) return undefined;
  const current = new Uint8Array(stride);
  const previous = new Uint8Array(stride);
  const grey = Buffer.alloc(height * (width + 1));
  for (let row = 0; row < height; row += 1) {
    const start = row * (stride + 1);
    const filter = raw[start]!;
    for (let index = 0; index < stride; index += 1) {
      const value = raw[start + 1 + index]!;
      const left = index >= channels ? current[index - channels]! : 0;
      const up = previous[index]!;
      const upLeft = index >= channels ? previous[index - channels]! : 0;
      const predicted = filter === 1 ? left : filter === 2 ? up : filter === 3 ? (left + up) >> 1 : filter === 4 ? paeth(left, up, upLeft) : 0;
      current[index] = (value + predicted) & 0xff;
    }
    const out = row * (width + 1);
    grey[out] = 0; // filter « none »
    for (let x = 0; x < width; x += 1) {
      const pixel = x * channels;
      const luminance = (current[pixel]! * 299 + current[pixel + 1]! * 587 + current[pixel + 2]! * 114) / 1000;
      const opacity = channels === 4 ? current[pixel + 3]! / 255 : 1;
      grey[out + 1 + x] = Math.round(luminance * opacity + 255 * (1 - opacity));
    }
    previous.set(current);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // grey
  return Buffer.concat([Buffer.from(PNG_MAGIC), chunk('IHDR', header), chunk('IDAT', deflateSync(grey)), chunk('IEND', new Uint8Array())]);
}

/**
 * The PNG of a signature sent as a data URL, ready for the report: grey on white when it is a canvas's
 * export (else as it came). Undefined when it is not one: not base64, not a PNG from its bytes, a broken
 * structure, or not a sane size.
 */
export function signatureFromDataUrl(dataUrl: string): Uint8Array | undefined {
  const match = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl);
  if (!match) return undefined;
  const bytes = new Uint8Array(Buffer.from(match[1]!, 'base64'));
  if (bytes.byteLength < 33 || !PNG_MAGIC.every((byte, index) => bytes[index] === byte)) return undefined;
  const chunks = chunksOf(bytes);
  const header = chunks?.[0];
  if (!chunks || header?.type !== 'IHDR' || header.data.byteLength !== 13) return undefined;
  const view = new DataView(header.data.buffer, header.data.byteOffset, 13);
  const width = view.getUint32(0);
  const height = view.getUint32(4);
  if (width < 1 || height < 1 || width > SIGNATURE_SIZE.width || height > SIGNATURE_SIZE.height) return undefined;
  const [bitDepth, colourType, , , interlace] = header.data.subarray(8);
  if (bitDepth !== 8 || interlace !== 0) return bytes;
  const idat = Buffer.concat(chunks.filter((part) => part.type === 'IDAT').map((part) => part.data));
  const grey = greyOnWhite(width, height, colourType!, idat);
  return grey ? new Uint8Array(grey) : bytes;
}
