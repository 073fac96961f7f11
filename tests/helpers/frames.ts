/** Waiting on the browser's own events rather than on a fixed time. */
import type { Page } from '@playwright/test';

/**
 * Resolves after the page has drawn two more frames: whatever a script scheduled for the next frame
 * (an observer's callback, a requestAnimationFrame) has run and been painted.
 */
export function nextFrames(page: Page): Promise<void> {
  return page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/**
 * Resolves once the page has received a wheel event and drawn two frames after it: a scroll it causes
 * would have happened by then. Start it before turning the wheel.
 */
export async function wheelHandled(page: Page): Promise<() => Promise<void>> {
  // Wrapped in an object: evaluateHandle would otherwise wait for the promise itself, before any wheel.
  const handle = await page.evaluateHandle(() => ({
    done: new Promise<void>((resolve) =>
      window.addEventListener('wheel', () => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), { once: true, capture: true }),
    ),
  }));
  return () => handle.evaluate((wheel) => wheel.done);
}
