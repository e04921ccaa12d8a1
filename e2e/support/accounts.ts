import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { inject } from 'vitest';
import { baseUrl, codeIn, mailCount, newPage, waitForMail } from './browser';

/**
 * Account shortcuts for browser tests whose subject is not sign-up itself: they go through the real
 * API (SPEC.md §7 auth calls) exactly as the pages do, including the e-mailed code.
 */
export interface Account {
  username: string;
  password: string;
  email?: string;
  token: string;
  id: string;
}

const unique = () => randomBytes(4).toString('hex');

async function post(
  path: string,
  body: unknown,
  token?: string,
  base = baseUrl(),
  method: 'POST' | 'PUT' = 'POST',
): Promise<any> {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

/** `base`: another server than the suite's (one a test started itself with startServer). */
export async function adminAccount(base = baseUrl()): Promise<Account> {
  const username = inject('adminUsername');
  const password = inject('adminPassword');
  const reply = await post('/auth/admin/login', { username, password }, undefined, base);
  return { username, password, token: reply.token, id: reply.user._id };
}

/** Registers a creator, reads the code from the real mail, verifies and logs in. */
export async function createCreator(
  email = `creator-${unique()}@example.com`,
  password = 'creator-pass',
  base = baseUrl(),
): Promise<Account> {
  const before = await mailCount(email);
  await post('/auth/creator/register', { email, password }, undefined, base);
  const mail = await waitForMail(email, { after: before });
  await post('/auth/creator/verify', { email, otp: codeIn(mail) }, undefined, base);
  const reply = await post('/auth/creator/login', { email, password }, undefined, base);
  return { username: reply.user.username, password, email, token: reply.token, id: reply.user._id };
}

/**
 * An admin registers an editor; the editor logs in and, unless `taxProfile` is false, fills in the usual
 * tax profile (an individual with a PAN in the platform's state: nothing withheld but the GST inside
 * the fee), as editors do before their first order.
 */
export async function createEditor(
  username = `editor${unique()}`,
  password = 'editor-pass',
  base = baseUrl(),
  { taxProfile = true }: { taxProfile?: boolean } = {},
): Promise<Account> {
  const admin = await adminAccount(base);
  await post('/auth/admin/register-editor', { username, password }, admin.token, base);
  const reply = await post('/auth/editor/login', { username, password }, undefined, base);
  if (taxProfile) {
    const pan = `ABCP${String.fromCharCode(65 + (randomBytes(1)[0]! % 26))}${String(1000 + (randomBytes(2).readUInt16BE() % 9000))}Z`;
    await post(
      '/earnings/tax-profile',
      { legalName: username, entityType: 'individual', stateCode: '29', pan },
      reply.token,
      base,
      'PUT',
    );
  }
  return { username, password, token: reply.token, id: reply.user._id };
}

/** Puts a session into the page the way the login pages do (token in local storage), then reloads. */
export async function signInPage(page: Page, account: Account): Promise<void> {
  // The page's own origin (its context's baseURL): the suite's server or one a test started.
  if (!page.url().startsWith('http')) await page.goto('/');
  await page.evaluate((token) => localStorage.setItem('token', token), account.token);
  await page.reload();
}

/**
 * A fresh context signed in as the account, once the page has confirmed the session. The anonymous first
 * load finishes its session check before the token goes in: a check still in flight during the reload
 * would be cut off, and the page takes a cut-off check for a bad token.
 */
export async function signedInPage(
  browser: Browser,
  account: Account,
  opts: { viewport?: { width: number; height: number }; baseUrl?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const side = await newPage(browser, opts);
  const { page } = side;
  const isMe = (r: Response) => r.url().endsWith('/api/me');
  const anonymousCheck = page.waitForResponse(isMe);
  await page.goto('/');
  await anonymousCheck;
  // A visitor's check answers 200 { user: null } too: wait for the one that names the account.
  const confirmed = page.waitForResponse(
    async (r) =>
      isMe(r) && r.ok() && ((await r.json().catch(() => null)) as { user?: unknown } | null)?.user != null,
  );
  await signInPage(page, account);
  await confirmed;
  return side;
}
