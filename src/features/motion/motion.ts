/**
 * The rules of the corporate pages' motion: scroll reveal thresholds and staggered
 * delays, counter progress and competence bar durations. Pure functions, shared by the pages (which
 * write the final state into the HTML) and the browser script (which animates towards it).
 */

/** Share of an element that must be visible before it is revealed. */
export const REVEAL_THRESHOLD = 0.05;
/** Share of a wrapper that must be visible before its items are revealed one after the other. */
export const REVEAL_GROUP_THRESHOLD = 0.1;
/** Stagger delays go from 1 to this value, then start again. */
export const REVEAL_MAX_DELAY = 6;

/** Competence bars fill over this duration for the first bar… */
export const BAR_BASE_MS = 2000;
/** …plus this much for each following bar. */
export const BAR_STEP_MS = 300;

/** The stagger delay step (1 to 6) of the item at `index` in its wrapper. */
export const revealDelay = (index: number): number => (index % REVEAL_MAX_DELAY) + 1;

/** How long the competence bar at `index` (0-based) takes to fill to 100 %. */
export const barDuration = (index: number): number => BAR_BASE_MS + BAR_STEP_MS * index;

/** Ease-out cubic: fast at first, gently landing on the final value. */
const easeOut = (t: number): number => 1 - (1 - t) ** 3;

/** The whole number a counter shows `elapsedMs` into an animation of `durationMs` towards `target`. */
export function counterValueAt(target: number, elapsedMs: number, durationMs: number): number {
  if (durationMs <= 0 || elapsedMs >= durationMs) return target;
  if (elapsedMs <= 0) return 0;
  return Math.round(target * easeOut(elapsedMs / durationMs));
}

const countFormat = new Intl.NumberFormat('fr-FR');

/** A counter's number as written in French (1000 → « 1 000 »). */
export const formatCount = (value: number): string => countFormat.format(value);
