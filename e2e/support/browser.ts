import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { codeIn, type ReceivedMail } from '../../apps/server/test/helpers/mailbox';
import { journalPages } from './failure-report';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const baseUrl = () => inject('baseUrl');

/** Debian's Chromium; a failing test reports what each of its pages was doing (failure-report.ts). */
export async function launchBrowser(): Promise<Browser> {
  return journalPages(
    await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true }),
  );
}

/** A fresh context (its own cookies and local storage) pointed at the test server. */
export async function newPage(
  browser: Browser,
  opts: { viewport?: { width: number; height: number }; baseUrl?: string } = {},
): Promise<{
  context: BrowserContext;
  page: Page;
}> {
  const context = await browser.newContext({
    baseURL: opts.baseUrl ?? baseUrl(),
    viewport: opts.viewport ?? { width: 1280, height: 800 },
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return { context, page };
}

/** A mail as the global setup's mailbox endpoint lists it (support/mailbox.ts). */
export type Mail = Pick<ReceivedMail, 'to' | 'subject' | 'text'>;

/** Waits for a mail to the address and returns the newest one. */
export async function waitForMail(
  to: string,
  opts: { after?: number; timeoutMs?: number } = {},
): Promise<Mail> {
  const until = Date.now() + (opts.timeoutMs ?? 15_000);
  while (Date.now() < until) {
    const mails = (await (
      await fetch(`${inject('mailboxUrl')}/mails?to=${encodeURIComponent(to)}`)
    ).json()) as Mail[];
    if (mails.length > (opts.after ?? 0)) return mails[mails.length - 1]!;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} within the time limit`);
}

export const mailCount = async (to: string) =>
  ((await (await fetch(`${inject('mailboxUrl')}/mails?to=${encodeURIComponent(to)}`)).json()) as Mail[])
    .length;

export { codeIn };

/** Waits until the locator is visible (or fails after the context's timeout) and returns its text. */
export async function visibleText(locator: import('playwright-core').Locator): Promise<string> {
  await locator.first().waitFor({ state: 'visible' });
  return (await locator.first().innerText()).trim();
}
