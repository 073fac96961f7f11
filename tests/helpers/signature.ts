/**
 * A signature drawn on a signature pad as a hand would: the mouse moves in the window's coordinates, so the
 * pad is brought into view first (a dialog or a form can be taller than a phone's screen).
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** Draws a stroke across the pad (a `<canvas>`) of `page`. */
export async function drawSignature(page: Page, pad: Locator, timeout = 60_000): Promise<void> {
  await expect(pad).toBeVisible({ timeout });
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + 20, { steps: 8 });
  await page.mouse.move(box.x + box.width - 20, box.y + box.height - 20, { steps: 8 });
  await page.mouse.up();
}
