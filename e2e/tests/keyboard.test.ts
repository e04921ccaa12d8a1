import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from '../support/browser';
import { DESKTOP, PHONE, shot } from '../support/screens';

const shotsDir = process.env.E2E_SCREENSHOTS;

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** Presses Tab until the element has the focus, as a keyboard user would reach it; returns the presses. */
async function tabTo(page: Page, target: Locator, most = 15): Promise<number> {
  for (let presses = 0; presses <= most; presses++) {
    if (await isFocused(target)) return presses;
    if (presses < most) await page.keyboard.press('Tab');
  }
  throw new Error(`not reached within ${most} Tabs`);
}

/** First Tab and Enter on the skip link: the focus is then on the page's main region. */
async function skipToMain(page: Page): Promise<void> {
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
}

type Rgb = [number, number, number];

const luminance = ([r, g, b]: Rgb) => {
  const lin = (c: number) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
};
/** The WCAG contrast ratio of two colours. */
const contrast = (a: Rgb, b: Rgb) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};
const rgb = (css: string): Rgb => {
  const m = css.match(/rgba?\((\d+),\s*(\d+),\s*(\d+)/);
  if (!m) throw new Error(`not an rgb colour: ${css}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
};

const PAD = 12;
/** The element with PAD pixels around it, as raw RGB pixels (the context draws at 1 device pixel per px). */
async function around(page: Page, target: Locator) {
  const box = (await target.boundingBox())!;
  const clip = {
    x: Math.round(box.x) - PAD,
    y: Math.round(box.y) - PAD,
    width: Math.round(box.width) + 2 * PAD,
    height: Math.round(box.height) + 2 * PAD,
  };
  const png = await page.screenshot({ clip });
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number): Rgb => {
    const i = (y * info.width + x) * 3;
    return [data[i]!, data[i + 1]!, data[i + 2]!];
  };
  return { png, at, width: clip.width, height: clip.height };
}

/**
 * How visible the keyboard focus ring is: on each side of the element, the strongest change of colour
 * between the unfocused and the focused screen within the 6 px around its edge; the weakest side counts.
 * `focus` puts the focus on the element by keyboard.
 */
async function ringChange(page: Page, target: Locator, focus: () => Promise<void>) {
  await target.scrollIntoViewIfNeeded();
  const before = await around(page, target);
  await focus();
  await page.waitForTimeout(400); // the colour transition
  const after = await around(page, target);
  const { width: w, height: h } = after;
  const midX = Math.floor(w / 2);
  const midY = Math.floor(h / 2);
  const band = (points: [number, number][]) =>
    Math.max(...points.map(([x, y]) => contrast(before.at(x, y), after.at(x, y))));
  const offsets = [1, 2, 3, 4, 5, 6];
  const sides = {
    left: band(offsets.map((d) => [PAD - d, midY])),
    right: band(offsets.map((d) => [w - PAD - 1 + d, midY])),
    top: band(offsets.map((d) => [midX, PAD - d])),
    bottom: band(offsets.map((d) => [midX, h - PAD - 1 + d])),
  };
  return { weakest: Math.min(...Object.values(sides)), sides, png: after.png };
}

/** The ring as styled: the band next to the button against the button, the outline against that band. */
async function ringStyle(target: Locator) {
  const s = await target.evaluate((el) => {
    const c = getComputedStyle(el);
    return {
      background: c.backgroundColor,
      outlineStyle: c.outlineStyle,
      outlineWidth: c.outlineWidth,
      outlineOffset: c.outlineOffset,
      outlineColor: c.outlineColor,
      boxShadow: c.boxShadow,
    };
  });
  const band = s.boxShadow.match(/rgba?\([^)]*\)/)?.[0];
  if (!band) throw new Error(`no box-shadow band: ${s.boxShadow}`);
  return {
    ...s,
    bandAgainstButton: contrast(rgb(band), rgb(s.background)),
    outlineAgainstBand: contrast(rgb(s.outlineColor), rgb(band)),
  };
}

/** With E2E_SCREENSHOTS: the whole screen at both widths and a close-up of the element at each. */
async function shots(page: Page, target: Locator, name: string): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await shot(page, name);
  const own = page.viewportSize() ?? DESKTOP;
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await target.scrollIntoViewIfNeeded();
    const box = (await target.boundingBox())!;
    await page.screenshot({
      path: path.join(shotsDir, `${name}-closeup-${size.width}.png`),
      clip: {
        x: Math.max(0, box.x - 40),
        y: Math.max(0, box.y - 40),
        width: Math.min(size.width - Math.max(0, box.x - 40), box.width + 80),
        height: box.height + 80,
      },
    });
  }
  await page.setViewportSize(own);
}

describe('keyboard use', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('on /login the first Tab is the skip link, shown over the navbar; Enter goes to main, then the e-mail', async () => {
    const { page, context } = await newPage(browser);
    try {
      await page.goto('/login');
      const email = page.getByLabel('Email');
      await email.waitFor();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).waitFor();
      const skip = page.getByRole('link', { name: 'Skip to main content' });
      const box = (await skip.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      /** What is drawn (and clickable) at the link's centre: a clipped-away element is not hit. */
      const atItsPlace = () =>
        page.evaluate(
          ([x, y]) => document.elementFromPoint(x!, y!)?.textContent,
          [box.x + box.width / 2, box.y + box.height / 2],
        );
      expect(await atItsPlace()).not.toBe('Skip to main content');

      await page.keyboard.press('Tab');
      expect(await isFocused(skip)).toBe(true);
      // Drawn over the sticky navbar, not under it.
      expect(await atItsPlace()).toBe('Skip to main content');
      await shots(page, skip, 'skip-link-focused');

      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
      expect(new URL(page.url()).hash).toBe('');
      expect(await tabTo(page, email, 3)).toBeLessThanOrEqual(3);
    } finally {
      await context.close();
    }
  });

  it('closing the connect dialog with Escape or its Close button puts the focus back on its button', async () => {
    const { page, context } = await newPage(browser);
    try {
      await page.goto('/');
      const opener = page.getByRole('button', { name: 'Get Connected' });
      await opener.waitFor();
      await skipToMain(page);
      await tabTo(page, opener, 3);
      const dialog = page.getByRole('dialog', { name: 'Get connected with Cutroom' });

      await page.keyboard.press('Enter');
      await dialog.waitFor();
      await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => isFocused(opener)).toBe(true);
      expect(await opener.evaluate((el) => el.matches(':focus-visible'))).toBe(true);

      await page.keyboard.press('Enter');
      await dialog.waitFor();
      await tabTo(page, dialog.getByRole('button', { name: 'Close' }));
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => isFocused(opener)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('shows a clear focus ring on a primary button on the white login card and the dark hero, and on the brand band', async () => {
    const { page, context } = await newPage(browser);
    try {
      await page.goto('/login');
      const login = page.getByRole('button', { name: 'Login', exact: true });
      await login.waitFor();
      await skipToMain(page);
      const onCard = await ringChange(page, login, async () => void (await tabTo(page, login)));
      const cardStyle = await ringStyle(login);
      expect(cardStyle).toMatchObject({ outlineStyle: 'solid', outlineWidth: '2px', outlineOffset: '2px' });
      expect(cardStyle.bandAgainstButton).toBeGreaterThanOrEqual(3);
      expect(cardStyle.outlineAgainstBand).toBeGreaterThanOrEqual(3);
      expect(onCard.weakest, JSON.stringify(onCard.sides)).toBeGreaterThanOrEqual(3);
      await shots(page, login, 'primary-button-focused-login');

      await page.goto('/');
      const connect = page.getByRole('button', { name: 'Get Connected' });
      await connect.waitFor();
      await skipToMain(page);
      const onHero = await ringChange(page, connect, async () => void (await tabTo(page, connect, 3)));
      expect(onHero.weakest, JSON.stringify(onHero.sides)).toBeGreaterThanOrEqual(3);
      const heroStyle = await ringStyle(connect);
      expect(heroStyle.bandAgainstButton).toBeGreaterThanOrEqual(3);
      await shots(page, connect, 'primary-button-focused-hero');

      // A white button on the brand-coloured band: a brand ring alone vanished there (contrast 1:1).
      const cta = page.getByRole('button', { name: 'Connect with us' });
      const onBand = await ringChange(page, cta, async () => void (await tabTo(page, cta, 40)));
      expect(onBand.weakest, JSON.stringify(onBand.sides)).toBeGreaterThanOrEqual(3);
    } finally {
      await context.close();
    }
  });
});
