import type { Locator, Page } from 'playwright-core';

// Checks that a screen shows something whole, without scrolling sideways (tests/narrow-tables-*.test.ts).

/**
 * Why `target` cannot be seen whole without scrolling sideways, or [] when it can. The page is scrolled
 * vertically only (never sideways, and no scroll container is moved) to put the element mid-screen; then
 * the element's box and its text's box must lie within the viewport and within every clipping or
 * scrolling ancestor, and the point at its centre must hit it (or something inside it).
 */
export async function outOfView(target: Locator, what: string): Promise<string[]> {
  if ((await target.count()) === 0) return [`${what}: not found`];
  return target.evaluate((el, what) => {
    const problems: string[] = [];
    const box = el.getBoundingClientRect();
    window.scrollBy(0, box.top + box.height / 2 - window.innerHeight / 2);
    const r = el.getBoundingClientRect();
    let [left, right, top, bottom] = [r.left, r.right, r.top, r.bottom];
    // Text that overflows its own box (a name that does not wrap) reaches past the element's rect.
    const range = document.createRange();
    range.selectNodeContents(el);
    for (const t of Array.from(range.getClientRects())) {
      if (t.width === 0 && t.height === 0) continue;
      left = Math.min(left, t.left);
      right = Math.max(right, t.right);
      top = Math.min(top, t.top);
      bottom = Math.max(bottom, t.bottom);
    }
    const fmt = (n: number) => Math.round(n);
    if (r.width === 0 || r.height === 0) problems.push(`${what}: has no size (hidden)`);
    const viewport = document.documentElement.clientWidth;
    if (left < -0.5 || right > viewport + 0.5) {
      problems.push(`${what}: spans x ${fmt(left)}..${fmt(right)}, viewport is 0..${viewport}`);
    }
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const style = getComputedStyle(p);
      const pr = p.getBoundingClientRect();
      const x0 = pr.left + p.clientLeft;
      const x1 = x0 + p.clientWidth;
      const y0 = pr.top + p.clientTop;
      const y1 = y0 + p.clientHeight;
      const tag = `${p.tagName.toLowerCase()}${p.className && typeof p.className === 'string' ? `.${p.className.split(/\s+/).slice(0, 3).join('.')}` : ''}`;
      if (style.overflowX !== 'visible' && (left < x0 - 0.5 || right > x1 + 0.5)) {
        problems.push(
          `${what}: x ${fmt(left)}..${fmt(right)} clipped by ${tag} (overflow-x ${style.overflowX}, x ${fmt(x0)}..${fmt(x1)}, scrollWidth ${p.scrollWidth} > clientWidth ${p.clientWidth})`,
        );
      }
      if (style.overflowY !== 'visible' && (top < y0 - 0.5 || bottom > y1 + 0.5)) {
        problems.push(`${what}: y ${fmt(top)}..${fmt(bottom)} clipped by ${tag} (y ${fmt(y0)}..${fmt(y1)})`);
      }
    }
    // Nothing covers it: the centre of each of its boxes (one per line of a wrapped inline element) hits
    // the element or something inside it.
    for (const b of Array.from(el.getClientRects())) {
      if (b.width === 0 || b.height === 0) continue;
      const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
      if (!hit || !(hit === el || el.contains(hit))) {
        problems.push(`${what}: its centre shows ${hit ? hit.outerHTML.slice(0, 120) : 'nothing'}`);
        break;
      }
    }
    return problems;
  }, what);
}

/** The page itself never scrolls sideways; when it does, the outermost elements that stick out are named. */
export async function pageProblems(page: Page, screen: string): Promise<string[]> {
  const { scrollWidth, clientWidth, culprits } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out = (e: Element) => e.getBoundingClientRect().right > width + 0.5;
    const culprits = Array.from(document.body.querySelectorAll('*'))
      .filter((e) => out(e) && !(e.parentElement && out(e.parentElement)))
      .slice(0, 5)
      .map((e) => `${e.outerHTML.slice(0, 100)}… (right ${Math.round(e.getBoundingClientRect().right)})`);
    return { scrollWidth: document.documentElement.scrollWidth, clientWidth: width, culprits };
  });
  return scrollWidth > clientWidth
    ? [
        `${screen}: the page is ${scrollWidth} px wide in ${clientWidth}; sticking out: ${culprits.join(' | ')}`,
      ]
    : [];
}

/** Every match of the locator, each checked. */
export async function allOutOfView(locator: Locator, what: string): Promise<string[]> {
  const items = await locator.all();
  if (items.length === 0) return [`${what}: not found`];
  const problems: string[] = [];
  for (const [i, item] of items.entries()) problems.push(...(await outOfView(item, `${what} #${i + 1}`)));
  return problems;
}

export const exact = (page: Page | Locator, text: string) => page.getByText(text, { exact: true });

/** A keyboard user's focus on `target` (a Tab first makes the browser draw focus rings). */
export async function keyboardFocus(page: Page, target: Locator): Promise<void> {
  await page.keyboard.press('Tab');
  await target.focus();
  await target.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'nearest' }));
}
