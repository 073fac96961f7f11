/**
 * What a file is, read from its first bytes (its magic number), never from its name or the MIME type a
 * browser guesses: a GIF or an SVG renamed `.jpg` is still a GIF or an SVG. Read by the CMS before an upload
 * (features/cms/upload-guard.ts) and by the build over every file of the photo folders (features/cms/media-check.ts).
 * No Node module: it runs in the browser too.
 */

/** How many first bytes tell the kinds apart. */
export const SIGNATURE_BYTES = 16;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0): boolean => signature.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

/** The kind of a file from its first bytes (« JPEG », « PNG », « WebP », « GIF », « SVG », « PDF », « HEIC »…), or « inconnu ». */
export function fileKind(bytes: Uint8Array): string {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'JPEG';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'PNG';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'WebP';
  if (startsWith(bytes, ascii('GIF8'))) return 'GIF';
  if (startsWith(bytes, ascii('%PDF-'))) return 'PDF';
  if (startsWith(bytes, ascii('ftyp'), 4)) return /^(heic|heix|mif1|msf1|hevc)$/.test(String.fromCharCode(...bytes.slice(8, 12))) ? 'HEIC' : 'AVIF ou vidéo';
  // Text: an SVG or an HTML page begins with « < » (after a byte-order mark or white space).
  const text = String.fromCharCode(...bytes).replace(/^\uFEFF|^\u00EF\u00BB\u00BF/, '').trimStart();
  if (text.startsWith('<')) return /^<(\?xml|svg|!--)/i.test(text) ? 'SVG' : 'HTML';
  return 'inconnu';
}
