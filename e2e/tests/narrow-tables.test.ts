import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, createCreator, signedInPage, type Account } from '../support/accounts';
import { api, until } from '../support/api';
import { baseUrl, launchBrowser } from '../support/browser';

/**
 * Issue 17, 'Tables hide their actions': All Payments, All Editors and Payment History, filled with
 * data that stresses them (a 50-character editor name with no break in it, a long e-mail, a long custom
 * offer title, full and partial refunds, failed and unfinished payments), at 1280, 1440 and 390 px.
 * Every action and every key value must be seen whole without scrolling sideways: inside the viewport,
 * inside every ancestor that clips or scrolls, and not covered by anything else.
 */

const WIDE = { width: 1280, height: 800 };
const WIDER = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const ALL = [WIDE, WIDER, PHONE];

const hex = () => randomBytes(4).toString('hex');
const shotsDir = process.env.E2E_SCREENSHOTS;
const PHONE_NUMBER = '9876543210';

/** E2E_SCREENSHOTS=<dir>: the whole page at its current width. */
async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(shotsDir, `${name}-${width}.png`), fullPage });
}

async function completeCheckout(sessionId: string, outcome: 'SUCCESS' | 'FAILED'): Promise<void> {
  const done = await fetch(`${baseUrl()}/simulator/checkout/${sessionId}/complete`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `outcome=${outcome}`,
    redirect: 'manual',
  });
  expect(done.status).toBe(303);
}

/** Pay Now on a tier through the API; completed at the simulated gateway unless `outcome` is left out. */
async function payTier(
  creator: Account,
  editor: Account,
  tier: 'basic' | 'intermediate' | 'pro',
  outcome?: 'SUCCESS' | 'FAILED',
): Promise<string> {
  const reply = await api(creator, 'POST', `/payment/${editor.id}/${tier}`, { phone: PHONE_NUMBER });
  if (outcome) await completeCheckout(reply.paymentSessionId, outcome);
  return reply.orderId;
}

/** A custom offer with a long unbroken title, accepted with payment first and paid. */
async function payCustomOffer(creator: Account, editor: Account, title: string): Promise<string> {
  const { roomId } = await api(creator, 'POST', '/chat/initiate', { editorId: editor.id });
  const offer = (
    await api(editor, 'POST', `/chat/${roomId}/offers`, {
      title,
      description: 'A reel for the wedding',
      amount: 12499,
      deliveryDays: 3,
      revisions: 1,
    })
  ).data;
  await api(creator, 'POST', `/orders/${offer._id}/accept`, { payNow: true });
  const pay = await api(creator, 'POST', `/orders/${offer._id}/pay`, { phone: PHONE_NUMBER });
  await completeCheckout(pay.paymentSessionId, 'SUCCESS');
  return pay.orderId;
}

async function priceTiers(admin: Account, editor: Account): Promise<void> {
  const tier = (title: string, priceMin: number) => ({
    title,
    description: `${title} edits`,
    features: ['1 revision', 'Trimming & cutting'],
    pricing: [{ reelCount: 2, priceMin }],
  });
  await api(admin, 'PATCH', `/admin/editors/${editor.id}/portfolio/structure`, {
    tiers: [tier('basic', 1499), tier('intermediate', 4999), tier('pro', 149999)],
    whatsIncluded: ['Revisions'],
  });
}

/** register-editor with an e-mail, then the editor's own login (createEditor has no e-mail). */
async function editorWithEmail(admin: Account, username: string, email: string): Promise<Account> {
  const password = 'editor-pass';
  await api(admin, 'POST', '/auth/admin/register-editor', { username, password, email });
  const res = await fetch(`${baseUrl()}/api/auth/editor/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const reply = (await res.json()) as { token: string; user: { _id: string } };
  expect(res.ok).toBe(true);
  return { username, password, email, token: reply.token, id: reply.user._id };
}

/**
 * Why `target` cannot be seen whole without scrolling sideways, or [] when it can. The page is scrolled
 * vertically only (never sideways, and no scroll container is moved) to put the element mid-screen; then
 * the element's box and its text's box must lie within the viewport and within every clipping or
 * scrolling ancestor, and the point at its centre must hit it (or something inside it).
 */
async function outOfView(target: Locator, what: string): Promise<string[]> {
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
async function pageProblems(page: Page, screen: string): Promise<string[]> {
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
async function allOutOfView(locator: Locator, what: string): Promise<string[]> {
  const items = await locator.all();
  if (items.length === 0) return [`${what}: not found`];
  const problems: string[] = [];
  for (const [i, item] of items.entries()) problems.push(...(await outOfView(item, `${what} #${i + 1}`)));
  return problems;
}

const exact = (page: Page | Locator, text: string) => page.getByText(text, { exact: true });

/** A keyboard user's focus on `target` (a Tab first makes the browser draw focus rings). */
async function keyboardFocus(page: Page, target: Locator): Promise<void> {
  await page.keyboard.press('Tab');
  await target.focus();
  await target.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'nearest' }));
}

describe('tables keep every action and value in view (#17)', () => {
  let browser: Browser;
  let admin: Account;
  let creator: Account;
  let longEditor: Account;
  let shortEditor: Account;
  const LONG_NAME = `Extraordinarilylongeditornamewithoutspaces${hex()}`; // 50 characters, no break
  const LONG_EMAIL = `extraordinarily.long.editor.address.for.layout.${hex()}@example-production-studio.com`;
  const LONG_TITLE = `Cinematicweddinghighlightsreelwithcolourgradingandsounddesign${hex()}`;
  /** Gateway order ids with what each payment became. */
  const payments: { orderId: string; editor: () => Account; status: string; refunds: number }[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await adminAccount();
    expect(LONG_NAME).toHaveLength(50);
    [longEditor, shortEditor, creator] = await Promise.all([
      editorWithEmail(admin, LONG_NAME, LONG_EMAIL),
      editorWithEmail(admin, `ravi${hex()}`, `ravi-${hex()}@example.com`),
      createCreator(`a-creator-with-a-rather-long-address-${hex()}@example-creators-collective.com`),
    ]);
    await Promise.all([priceTiers(admin, longEditor), priceTiers(admin, shortEditor)]);

    // Paid, then fully refunded; paid, then refunded in two parts; paid; paid to the short name;
    // a custom offer with a long title; then a failed payment and one left unfinished (processing).
    const fully = await payTier(creator, longEditor, 'basic', 'SUCCESS');
    payments.push({ orderId: fully, editor: () => longEditor, status: 'SUCCESS', refunds: 1 });
    const partly = await payTier(creator, longEditor, 'pro', 'SUCCESS');
    payments.push({ orderId: partly, editor: () => longEditor, status: 'SUCCESS', refunds: 2 });
    const paid = await payTier(creator, longEditor, 'basic', 'SUCCESS');
    payments.push({ orderId: paid, editor: () => longEditor, status: 'SUCCESS', refunds: 0 });
    const toShort = await payTier(creator, shortEditor, 'intermediate', 'SUCCESS');
    payments.push({ orderId: toShort, editor: () => shortEditor, status: 'SUCCESS', refunds: 0 });
    const custom = await payCustomOffer(creator, longEditor, LONG_TITLE);
    payments.push({ orderId: custom, editor: () => longEditor, status: 'SUCCESS', refunds: 0 });
    const failed = await payTier(creator, longEditor, 'intermediate', 'FAILED');
    payments.push({ orderId: failed, editor: () => longEditor, status: 'FAILED', refunds: 0 });
    const open = await payTier(creator, shortEditor, 'basic');
    payments.push({ orderId: open, editor: () => shortEditor, status: 'INITIATED', refunds: 0 });

    const settled = async () => {
      const mine = (await api(creator, 'GET', '/payment/creator/me?limit=50')).payments as {
        orderId: string;
        status: string;
      }[];
      return payments.every((p) => mine.find((m) => m.orderId === p.orderId)?.status === p.status);
    };
    await until(settled, 'the payments to settle');

    await api(admin, 'POST', `/payment/refund/${fully}`, { refundAmount: null });
    await api(admin, 'POST', `/payment/refund/${partly}`, {
      refundAmount: 12345.5,
      refundNote: 'First part',
    });
    await api(admin, 'POST', `/payment/refund/${partly}`, { refundAmount: 999, refundNote: 'Second part' });
    await until(async () => {
      for (const orderId of [fully, partly]) {
        const { refunds } = await api(admin, 'GET', `/payment/refund/${orderId}`);
        if (!(refunds as { status: string }[]).every((r) => r.status === 'SUCCESS')) return false;
      }
      return true;
    }, 'the refunds to succeed');
  });
  afterAll(() => browser?.close());

  it('All Payments: every Refund button, amount, status, order id and name in view', async () => {
    const { context, page } = await signedInPage(browser, admin, { viewport: WIDE });
    try {
      await page.goto('/admin/dashboard/all-payments');
      for (const size of ALL) {
        await page.setViewportSize(size);
        const screen = `All Payments at ${size.width}`;
        const table = page.getByRole('table', { name: 'All payments' });
        const cards = page.getByRole('list', { name: 'All payments' });
        // Wide screens get the table (inside the admin box), a phone the cards.
        await (size === PHONE ? cards : table).waitFor({ state: 'visible' });
        expect(await (size === PHONE ? table : cards).isVisible()).toBe(false);

        const problems = await pageProblems(page, screen);
        for (const p of payments) {
          const row = page.locator(`[data-order-id="${p.orderId}"]`).filter({ visible: true });
          const what = `${screen}, ${p.orderId}`;
          expect(await row.count(), what).toBe(1);
          problems.push(...(await outOfView(exact(row, p.orderId), `${what} order id`)));
          problems.push(...(await outOfView(row.getByText(/^₹[\d,.]+$/).first(), `${what} amount`)));
          const status = p.status === 'INITIATED' ? 'processing' : p.status;
          problems.push(...(await outOfView(exact(row, status), `${what} status`)));
          problems.push(...(await outOfView(exact(row, creator.username), `${what} creator`)));
          problems.push(...(await outOfView(exact(row, p.editor().username), `${what} editor`)));
          if (p.refunds > 0) {
            problems.push(...(await outOfView(row.getByText(/^Refunded ₹/), `${what} refunded`)));
          }
          if (p.status === 'SUCCESS') {
            const name = p.refunds === 1 ? 'Refunds' : 'Refund';
            const action = row.getByRole('button', { name, exact: true });
            problems.push(...(await outOfView(action, `${what} ${name} button`)));
          }
        }
        expect(problems).toEqual([]);
        await shot(page, 'all-payments');
      }

      // The Refund button's focus ring, in the table at 1280 and on a card at 390.
      for (const size of [WIDE, PHONE]) {
        await page.setViewportSize(size);
        const row = page.locator(`[data-order-id="${payments[2]!.orderId}"]`).filter({ visible: true });
        const refund = row.getByRole('button', { name: 'Refund', exact: true });
        await keyboardFocus(page, refund);
        expect(await refund.evaluate((el) => el.matches(':focus-visible'))).toBe(true);
        await shot(page, 'all-payments-focus', false);
      }
    } finally {
      await context.close();
    }
  });

  it('All Editors: Edit Structure, Edit Portfolio and Delete in view beside a 50-character name', async () => {
    const { context, page } = await signedInPage(browser, admin, { viewport: WIDE });
    try {
      await page.goto('/admin/dashboard/all-editors');
      for (const size of ALL) {
        await page.setViewportSize(size);
        const screen = `All Editors at ${size.width}`;
        const table = page.getByRole('table', { name: 'Editors' });
        const cards = page.getByRole('list', { name: 'Editors' });
        await (size === PHONE ? cards : table).waitFor({ state: 'visible' });
        expect(await (size === PHONE ? table : cards).isVisible()).toBe(false);

        const problems = await pageProblems(page, screen);
        const visible = (l: Locator) => l.filter({ visible: true });
        for (const editor of [longEditor, shortEditor]) {
          const what = `${screen}, ${editor.username}`;
          problems.push(...(await outOfView(visible(exact(page, editor.username)), `${what} name`)));
          problems.push(...(await outOfView(visible(exact(page, editor.email!)), `${what} e-mail`)));
        }
        // Every editor listed, not only ours: each one's three actions.
        for (const [label, role] of [
          ['Edit Structure of ', 'link'],
          ['Edit Portfolio of ', 'link'],
          ['Delete ', 'button'],
        ] as const) {
          const actions = visible(page.getByRole(role, { name: new RegExp(`^${label}`) }));
          expect(await actions.count(), `${screen}: ${label}`).toBeGreaterThanOrEqual(2);
          problems.push(...(await allOutOfView(actions, `${screen}, ${label.trim()}`)));
        }
        expect(problems).toEqual([]);
        await shot(page, 'all-editors');
      }

      for (const size of [WIDE, PHONE]) {
        await page.setViewportSize(size);
        const del = page
          .getByRole('button', { name: `Delete ${longEditor.username}`, exact: true })
          .filter({ visible: true });
        await keyboardFocus(page, del);
        expect(await del.evaluate((el) => el.matches(':focus-visible'))).toBe(true);
        await shot(page, 'all-editors-focus', false);

        // The confirmation names the editor; the long name wraps and leaves both answers in view.
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog', { name: 'Delete editor?' });
        await dialog.waitFor();
        // Radix opens a modal in two renders: the first turns pointer events off on <body>, which the
        // portalled dialog inherits, so for a few milliseconds a point on its buttons hits the overlay
        // (pointer-events: auto) beneath; the next render gives the dialog pointer-events: auto. Check
        // once the dialog takes the pointer, as it does before anyone could click.
        await page.waitForFunction(
          (el) => getComputedStyle(el).pointerEvents !== 'none',
          await dialog.elementHandle(),
        );
        const problems = [
          ...(await outOfView(
            dialog.getByRole('button', { name: 'Cancel' }),
            `dialog at ${size.width}: Cancel`,
          )),
          ...(await outOfView(
            dialog.getByRole('button', { name: 'Delete', exact: true }),
            `dialog at ${size.width}: Delete`,
          )),
          ...(await outOfView(dialog.getByText(longEditor.username), `dialog at ${size.width}: name`)),
        ];
        expect(problems).toEqual([]);
        await shot(page, 'all-editors-delete-dialog', false);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'detached' });
      }
    } finally {
      await context.close();
    }
  });

  for (const who of ['creator', 'editor'] as const) {
    it(`Payment History (${who}): amount, status, plan, order id and every refund in view`, async () => {
      const account = who === 'creator' ? creator : longEditor;
      const { context, page } = await signedInPage(browser, account, { viewport: WIDE });
      try {
        await page.goto('/profile');
        const own = payments.filter((p) => who === 'creator' || p.editor() === longEditor);
        for (const size of ALL) {
          await page.setViewportSize(size);
          const screen = `Payment History (${who}) at ${size.width}`;
          const table = page.getByRole('table', { name: 'Payment History' });
          const cards = page.getByRole('list', { name: 'Payment History' });
          await (size === PHONE ? cards : table).waitFor({ state: 'visible' });
          expect(await (size === PHONE ? table : cards).isVisible()).toBe(false);

          const problems = await pageProblems(page, screen);
          for (const p of own) {
            const row = page.locator(`[data-order-id="${p.orderId}"]`).filter({ visible: true });
            const what = `${screen}, ${p.orderId}`;
            expect(await row.count(), what).toBe(1);
            problems.push(...(await outOfView(exact(row, p.orderId), `${what} order id`)));
            problems.push(...(await outOfView(row.getByTestId('payment-amount'), `${what} amount`)));
            const status = p.status === 'INITIATED' ? 'processing' : p.status;
            problems.push(...(await outOfView(row.getByTestId('payment-status'), `${what} status`)));
            expect(await row.getByTestId('payment-status').innerText()).toBe(status);
            const counterpart = who === 'creator' ? p.editor().username : creator.username;
            problems.push(...(await outOfView(exact(row, counterpart), `${what} ${counterpart}`)));
            problems.push(...(await outOfView(row.getByTestId('payment-plan'), `${what} plan`)));
            const refunds = row.getByRole('list', { name: 'Refunds' }).getByRole('listitem');
            expect(await refunds.count(), `${what} refunds`).toBe(p.refunds);
            if (p.refunds > 0) problems.push(...(await allOutOfView(refunds, `${what} refund`)));
          }
          expect(problems).toEqual([]);
          await shot(page, `payment-history-${who}`);
        }
      } finally {
        await context.close();
      }
    });
  }
});
