/**
 * Words glued to an inline element: « notre<a>politique » reads « notrepolitique ». Astro drops the line
 * break between a text and an inline element written on the next line, so the space has to be written out
 * (`notre{' '}` or the element on the same line). The detector reads an HTML page, no-script content
 * included, and names every inline element whose text touches a letter or digit of the text beside it.
 */
import { parse, NodeType, type HTMLElement, type Node } from 'node-html-parser';

/** Elements that sit inside a line of text (phrasing content a word can be glued to). */
const INLINE = new Set([
  'a', 'abbr', 'b', 'bdi', 'cite', 'code', 'data', 'dfn', 'em', 'i', 'kbd', 'mark', 'q', 's', 'samp', 'small',
  'span', 'strong', 'time', 'u', 'var', 'del', 'ins', 'label', 'button', 'output',
]);
/** A letter or digit, in any script (é, œ, 1…). */
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** One glued place: the element, and the few characters on each side of the join. */
export interface GluedWord {
  tag: string;
  join: string;
}

const firstCharacter = (text: string) => text.trimStart() === text ? text.slice(0, 1) : ' ';
const lastCharacter = (text: string) => text.trimEnd() === text ? text.slice(-1) : ' ';

/** The text that comes just before/after a node inside its parent ('' when the node is at the edge). */
function neighbourText(node: Node, side: 'before' | 'after'): string {
  const siblings = node.parentNode?.childNodes ?? [];
  const index = siblings.indexOf(node);
  const neighbour = siblings[side === 'before' ? index - 1 : index + 1];
  // Only running text counts: a block beside an inline element starts a line of its own.
  return neighbour?.nodeType === NodeType.TEXT_NODE ? neighbour.text : '';
}

function visit(element: HTMLElement, found: GluedWord[]): void {
  for (const child of element.childNodes) {
    if (child.nodeType !== NodeType.ELEMENT_NODE) continue;
    const childElement = child as HTMLElement;
    const tag = childElement.rawTagName?.toLowerCase() ?? '';
    if (tag === 'noscript') {
      // Its content is kept as raw text by the parser: read it as HTML of its own.
      visit(parse(childElement.innerHTML), found);
      continue;
    }
    if (tag === 'script' || tag === 'style' || tag === 'template') continue;
    if (INLINE.has(tag)) {
      const inner = childElement.text;
      const before = neighbourText(childElement, 'before');
      const after = neighbourText(childElement, 'after');
      if (inner.trim() && WORD_CHARACTER.test(lastCharacter(before)) && WORD_CHARACTER.test(firstCharacter(inner))) {
        found.push({ tag, join: `${before.slice(-20)}<${tag}>${inner.slice(0, 20)}` });
      }
      if (inner.trim() && WORD_CHARACTER.test(lastCharacter(inner)) && WORD_CHARACTER.test(firstCharacter(after))) {
        found.push({ tag, join: `${inner.slice(-20)}</${tag}>${after.slice(0, 20)}` });
      }
    }
    visit(childElement, found);
  }
}

/** Every inline element of a page whose text is glued to a word before or after it. */
export function gluedWords(html: string): GluedWord[] {
  const found: GluedWord[] = [];
  visit(parse(html), found);
  return found;
}
