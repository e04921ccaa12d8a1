import type { Locator, Page } from 'playwright-core';
import { visibleText } from './browser';

// What a person reads around an order in the chat: the bell's lines, the bounded strip of order and
// delivery cards, and the keyboard's focus ring.

const bell = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByTestId('notification-bell');
/** Opens the bell, returns the line with `text` once it is there, and closes the bell again. */
export async function bellLine(page: Page, text: string): Promise<string> {
  await bell(page).click();
  const line = page
    .getByRole('dialog', { name: 'Notifications' })
    .getByTestId('notification-line')
    .filter({ hasText: text });
  const said = await visibleText(line);
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Notifications' }).waitFor({ state: 'detached' });
  return said;
}
/**
 * Scrolls the chat's bounded strip (orders and deliveries) so that the element's top sits just below the
 * strip's sticky panel header, as a person scrolls it to read.
 */
export const topOfStrip = (locator: Locator) =>
  locator.evaluate((el) => {
    const strip = el.closest<HTMLElement>('[data-testid="chat-panels"]')!;
    const header = el.closest('section')?.querySelector<HTMLElement>('.sticky');
    const offset = el.getBoundingClientRect().top - strip.getBoundingClientRect().top;
    strip.scrollTop += offset - (header?.offsetHeight ?? 0) - 8;
  });
/** The focused element shows the keyboard's focus ring. */
export const ringed = (locator: Locator) =>
  locator.evaluate((el) => el.matches(':focus-visible') && getComputedStyle(el).outlineStyle !== 'none');
