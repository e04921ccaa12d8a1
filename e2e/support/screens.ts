import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

const shotsDir = process.env.E2E_SCREENSHOTS;

/** E2E_SCREENSHOTS=<dir>: the screen at both widths, full page (the page is resized and put back). */
export async function shot(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  const own = page.viewportSize() ?? DESKTOP;
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(shotsDir, `${name}-${size.width}.png`), fullPage: true });
  }
  await page.setViewportSize(own);
  // The page re-lays itself out at its own width (panels fold, lists re-measure): let it settle before
  // the test acts again, or a click can land while the layout still moves (seen: a delivery toggle at
  // 390 missed right after the chat pane's screenshots, on a busy machine).
  await page.waitForTimeout(300);
}

/**
 * E2E_SCREENSHOTS=<dir>: the screen at the page's own width only (a journey run at one width); the whole
 * page, or with `fullPage` false what the viewport shows.
 */
export async function shotAtOwnWidth(page: Page, name: string, fullPage = true): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  // Let toasts and live updates settle so the picture shows the screen as a person reads it.
  await page.waitForTimeout(300);
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(shotsDir, `${name}-${width}.png`), fullPage });
}
