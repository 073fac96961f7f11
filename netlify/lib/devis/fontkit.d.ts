/** fontkit (pdfkit's font engine) ships no types; the devis PDF only parses a font file with it. */
declare module 'fontkit' {
  export function create(buffer: Uint8Array, postscriptName?: string): object;
}
