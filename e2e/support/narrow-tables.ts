import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { adminAccount, createCreator, type Account } from './accounts';
import { api, completeCheckout, until } from './api';
import { baseUrl, launchBrowser } from './browser';
import { DESKTOP, PHONE } from './screens';

/**
 * Issue 17, 'Tables hide their actions': All Payments, All Editors and Payment History, filled with
 * data that stresses them (a 50-character editor name with no break in it, a long e-mail, a long custom
 * offer title, full and partial refunds, failed and unfinished payments), at 1280, 1440 and 390 px.
 * Every action and every key value must be seen whole without scrolling sideways: inside the viewport,
 * inside every ancestor that clips or scrolls, and not covered by anything else (support/in-view.ts).
 * One file a screen (tests/narrow-tables-*.test.ts); the data is made here, once a file.
 */

export const WIDE = DESKTOP;
export const WIDER = { width: 1440, height: 900 };
export { PHONE };
export const ALL = [WIDE, WIDER, PHONE];

const hex = () => randomBytes(4).toString('hex');
const PHONE_NUMBER = '9876543210';

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
    deliveryDays: 3,
    revisions: 1,
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

/** A payment the tables must show: its gateway order id, its editor and what it became. */
export interface SeededPayment {
  orderId: string;
  editor: () => Account;
  status: string;
  refunds: number;
}

/** What a table file's tests read, filled in by its beforeAll. */
export interface NarrowTables {
  browser: Browser;
  admin: Account;
  creator: Account;
  /** Named with 50 characters and no break, with a long e-mail. */
  longEditor: Account;
  shortEditor: Account;
  /** Gateway order ids with what each payment became (none with `payments: false`). */
  payments: SeededPayment[];
}

/**
 * For the describe it is called in: a browser, two editors with three priced tiers each (one with the
 * long name and e-mail) and a creator with a long address; then, unless `payments` is false (All Editors
 * shows no payment), seven payments from that creator, settled, and the refunds of two of them.
 */
export function narrowTables(opts: { payments?: boolean } = {}): NarrowTables {
  const t = { payments: [] as SeededPayment[] } as NarrowTables;
  const LONG_NAME = `Extraordinarilylongeditornamewithoutspaces${hex()}`; // 50 characters, no break
  const LONG_EMAIL = `extraordinarily.long.editor.address.for.layout.${hex()}@example-production-studio.com`;
  const LONG_TITLE = `Cinematicweddinghighlightsreelwithcolourgradingandsounddesign${hex()}`;

  beforeAll(async () => {
    t.browser = await launchBrowser();
    const admin = (t.admin = await adminAccount());
    expect(LONG_NAME).toHaveLength(50);
    const [longEditor, shortEditor, creator] = await Promise.all([
      editorWithEmail(admin, LONG_NAME, LONG_EMAIL),
      editorWithEmail(admin, `ravi${hex()}`, `ravi-${hex()}@example.com`),
      createCreator(`a-creator-with-a-rather-long-address-${hex()}@example-creators-collective.com`),
    ]);
    Object.assign(t, { longEditor, shortEditor, creator });
    await Promise.all([priceTiers(admin, longEditor), priceTiers(admin, shortEditor)]);
    if (opts.payments === false) return;
    const payments = t.payments;

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

    await api(admin, 'POST', `/payment/refund/${fully}`, { full: true });
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
  afterAll(() => t.browser?.close());
  return t;
}
