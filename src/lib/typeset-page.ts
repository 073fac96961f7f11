/**
 * French typography over a whole HTML page (src/middleware.ts runs it on every page Astro renders, the contact
 * form's answer on the form it makes again): `frenchTypography` (typography.ts) over the page, piece by
 * piece. The islands (`<astro-island>`) and form fields' values (`<textarea>`) are left as they are: React
 * compares an island's server HTML with what it renders in the browser, so their texts carry their no-break
 * spaces in their source (the typography test reads both).
 */
import { frenchTypography } from './typography.ts';

/** The opening and closing tags of the elements kept as they are (an island may hold islands). */
const KEPT = /<(astro-island|textarea)\b[^>]*>|<\/(astro-island|textarea)>/gi;

/**
 * Where a page may be cut into pieces typeset one at a time: before the opening tag of a block element or of
 * a head element, directly after another tag, outside the regions typograf leaves alone (comments,
 * `<script>`, `<style>`, `<pre>`, `<code>`…). The rules never reach across such a cut (a space before « : ; ! ? »
 * sits in the same text as its sign, or is separated from it by inline tags only), except where the text after
 * the cut, past its tags, starts with one of those signs or a closing guillemet: there, no cut.
 */
const LEFT_ALONE = /<(script|style|pre|code|kbd|samp|var|object)\b[^>]*>[\s\S]*?<\/\1\s*>|<!--[\s\S]*?-->/gy;
const CUT_BEFORE = /<(?:div|section|header|footer|nav|main|aside|article|ul|ol|li|dl|dt|dd|h[1-6]|p|form|fieldset|table|thead|tbody|tr|figure|details|dialog|meta|link|title|script|style|body|noscript)[\s>]/y;
const LEANS_BACK = /^(?:<[^>]*>)*[:;!?»]/;

/** The pieces of a page (their concatenation is the page). */
function pieces(html: string): string[] {
  const found: string[] = [];
  let start = 0;
  const cutAt = (at: number) => {
    CUT_BEFORE.lastIndex = at;
    if (at <= start || !CUT_BEFORE.test(html) || LEANS_BACK.test(html.slice(at, at + 400))) return;
    found.push(html.slice(start, at));
    start = at;
  };
  for (let at = html.indexOf('<'); at !== -1; at = html.indexOf('<', at + 1)) {
    LEFT_ALONE.lastIndex = at;
    const region = LEFT_ALONE.exec(html);
    if (html[at - 1] === '>') cutAt(at);
    if (region) {
      at += region[0].length - 1;
      if (html[at] === '>') cutAt(at + 1);
    }
  }
  found.push(html.slice(start));
  return found;
}

/** Whether a piece is one script or style element, which typograf gives back as it is. */
function isWholeCode(piece: string): boolean {
  const name = piece.startsWith('<script') ? 'script' : piece.startsWith('<style') ? 'style' : undefined;
  return name !== undefined && piece.indexOf(`</${name}>`) === piece.length - name.length - 3 && !piece.includes('\r');
}

/**
 * Pieces already typeset, by their text: a site's pages share their header, menu, footer and most of their
 * layout, so a piece seen on one page is not typeset again on the next. Bounded, so a large catalogue's
 * product-own pieces cannot grow it without end: past PIECE_CACHE_MAX characters, it starts afresh.
 */
const typesetPieces = new Map<string, string>();
const PIECE_CACHE_MAX = 16_000_000;
let cachedCharacters = 0;

function typesetPiece(piece: string): string {
  if (isWholeCode(piece)) return piece;
  const known = typesetPieces.get(piece);
  if (known !== undefined) return known;
  const typeset = frenchTypography(piece);
  if (cachedCharacters + piece.length + typeset.length > PIECE_CACHE_MAX) {
    typesetPieces.clear();
    cachedCharacters = 0;
  }
  typesetPieces.set(piece, typeset);
  cachedCharacters += piece.length + typeset.length;
  return typeset;
}

/**
 * An HTML page in French typography, its islands and textareas untouched: they are swapped for empty
 * placeholder elements (tags, which typograf leaves alone) while it runs, then put back.
 */
export function typesetPage(html: string): string {
  const kept: string[] = [];
  let depth = 0;
  let start = 0;
  let name = '';
  let outside = '';
  let last = 0;
  for (const match of html.matchAll(KEPT)) {
    const opening = match[1]?.toLowerCase();
    const closing = match[2]?.toLowerCase();
    if (opening && depth === 0) {
      name = opening;
      start = match.index;
      depth = 1;
    } else if (opening === name) depth += 1;
    else if (closing === name && depth > 0) {
      depth -= 1;
      if (depth === 0) {
        outside += `${html.slice(last, start)}<typo-kept data-n="${kept.length}"></typo-kept>`;
        kept.push(html.slice(start, match.index + match[0].length));
        last = match.index + match[0].length;
      }
    }
  }
  outside += html.slice(last);
  return pieces(outside).map(typesetPiece).join('').replace(/<typo-kept data-n="(\d+)"><\/typo-kept>/g, (_, n: string) => kept[Number(n)]!);
}
