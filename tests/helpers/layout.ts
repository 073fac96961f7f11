/**
 * The layout check every page passes, at a phone's width and a laptop's, beside the accessibility scan:
 * - no page wider than the screen (nothing to scroll sideways but the tables' own scrolling regions);
 * - the text keeps side margins: no line of text closer than SIDE_MARGIN to the screen's left or right edge,
 *   nor beyond it (a panel cut off), unless it sits in a region that scrolls sideways on purpose;
 * - no text column narrower than a readable width: a block under NARROW_COLUMN px wide holding more than
 *   NARROW_WORDS words (« Suivi » squeezed into 90 px), and no text set one word per line (at least
 *   WORD_PER_LINE_LINES lines, none holding more than one word on average: a three-word name on three
 *   lines can be a long word's fair wrap) nor a word broken over three lines or more (an e-mail address
 *   breaking every few letters).
 * The browser measures (measureLayout, run in the page); judgeLayout decides, a pure function unit-tested in
 * tests/unit/layout-rules.test.ts.
 */
import type { Page } from '@playwright/test';

export const SIDE_MARGIN = 12;
export const NARROW_COLUMN = 120;
export const NARROW_WORDS = 4;
export const WORD_PER_LINE_LINES = 4;
export const BROKEN_WORD_LINES = 3;

/** One run of text as laid out: its words, its lines, the block it flows in, its left and right ends. */
export interface TextRun {
  text: string;
  words: number;
  lines: number;
  /** The content width of the block the text flows in (px). */
  blockWidth: number;
  left: number;
  right: number;
  /** Inside a region that scrolls sideways (a wide table's wrapper, the admin bar's links on a phone). */
  inScroller: boolean;
}

export interface LayoutMeasure {
  viewportWidth: number;
  pageWidth: number;
  /** The outermost elements reaching past the screen's right edge (tag and class), to name the culprit. */
  overflowing?: string[];
  texts: TextRun[];
}

const quote = (text: string) => `« ${text.length > 40 ? `${text.slice(0, 40)}…` : text} »`;

/** The layout's faults, one French-free line each for the test's report; empty when the page is sound. */
export function judgeLayout(measure: LayoutMeasure): string[] {
  const problems: string[] = [];
  const { viewportWidth } = measure;
  if (measure.pageWidth > viewportWidth + 1) {
    const culprits = measure.overflowing?.length ? ` (${measure.overflowing.join(', ')})` : '';
    problems.push(`page ${measure.pageWidth} px wide for a ${viewportWidth} px screen${culprits}`);
  }
  for (const run of measure.texts) {
    if (!run.inScroller && (run.left < SIDE_MARGIN - 0.5 || run.right > viewportWidth - SIDE_MARGIN + 0.5)) {
      problems.push(`text ${quote(run.text)} from ${Math.round(run.left)} to ${Math.round(run.right)} px: no ${SIDE_MARGIN} px side margin on a ${viewportWidth} px screen`);
    }
    if (run.blockWidth < NARROW_COLUMN && run.words > NARROW_WORDS) {
      problems.push(`text ${quote(run.text)} squeezed: ${run.words} words in a ${Math.round(run.blockWidth)} px column`);
    } else if (run.words === 1 ? run.lines >= BROKEN_WORD_LINES : run.lines >= WORD_PER_LINE_LINES && run.lines >= run.words) {
      problems.push(`text ${quote(run.text)} set ${run.words === 1 ? 'a word broken' : 'one word per line'} over ${run.lines} lines (${Math.round(run.blockWidth)} px column)`);
    }
  }
  return [...new Set(problems)];
}

/** Runs in the page: every visible text node, measured line by line (one Range per node). */
function measureInPage(): LayoutMeasure {
  const skipped = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'OPTION', 'TEXTAREA']);
  const isBlock = (element: Element) => !getComputedStyle(element).display.startsWith('inline') && getComputedStyle(element).display !== 'contents';
  const scrollsSideways = (element: Element) => {
    const { overflowX } = getComputedStyle(element);
    return (overflowX === 'auto' || overflowX === 'scroll' || overflowX === 'hidden' || overflowX === 'clip') && element !== document.documentElement && element !== document.body;
  };
  const texts: TextRun[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
    const parent = node.parentElement;
    if (!text || !parent || skipped.has(parent.tagName) || parent.closest('svg, [aria-hidden="true"]')) continue;
    if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0);
    if (rects.length === 0) continue;
    let block: Element = parent;
    while (!isBlock(block) && block.parentElement) block = block.parentElement;
    const blockBox = block.getBoundingClientRect();
    const blockStyle = getComputedStyle(block);
    // Visually hidden text (a 1 px clipped box) is for screen readers only.
    if (blockBox.width <= 1 || blockStyle.clipPath === 'inset(50%)') continue;
    let inScroller = false;
    for (let up: Element | null = parent; up && !inScroller; up = up.parentElement) inScroller = scrollsSideways(up);
    const tops = new Set(rects.map((rect) => Math.round(rect.top / 4)));
    const padding = parseFloat(blockStyle.paddingLeft) + parseFloat(blockStyle.paddingRight);
    texts.push({
      text,
      words: text.split(' ').length,
      lines: tops.size,
      blockWidth: block.clientWidth ? block.clientWidth - padding : blockBox.width,
      left: Math.min(...rects.map((rect) => rect.left)),
      right: Math.max(...rects.map((rect) => rect.right)),
      inScroller,
    });
  }
  const viewportWidth = document.documentElement.clientWidth;
  const overflowing: string[] = [];
  for (const element of document.body.querySelectorAll('*')) {
    const parent = element.parentElement;
    if (overflowing.length >= 3 || !parent || element.getBoundingClientRect().right <= viewportWidth + 1) continue;
    if (parent !== document.body && parent.getBoundingClientRect().right > viewportWidth + 1) continue;
    let clipped = false;
    for (let up: Element | null = parent; up && !clipped; up = up.parentElement) clipped = scrollsSideways(up);
    if (clipped) continue;
    overflowing.push(`${element.tagName.toLowerCase()}${element.classList.length ? `.${[...element.classList].join('.')}` : ''} « ${(element.textContent ?? '').trim().slice(0, 30)} »`);
  }
  return { viewportWidth, pageWidth: document.documentElement.scrollWidth, overflowing, texts };
}

/** The layout's faults of the page as it is now laid out. */
export async function layoutProblems(page: Page): Promise<string[]> {
  return judgeLayout(await page.evaluate(measureInPage));
}
