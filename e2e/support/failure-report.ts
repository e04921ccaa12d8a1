import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { beforeEach } from 'vitest';

/**
 * What a failing browser test leaves behind: for every page still open, a screenshot (in e2e/artifacts)
 * and, in the test output, the page's recent console lines, script errors and API answers. A red run
 * on a loaded CI machine is rarely repeatable; its log must say what the page was doing.
 */

/** Lines each page keeps, oldest dropped first. */
const KEEP = 80;
const journals = new Map<Page, string[]>();

function journal(page: Page): void {
  const lines: string[] = [];
  journals.set(page, lines);
  const add = (line: string) => {
    lines.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (lines.length > KEEP) lines.shift();
  };
  page.on('console', (m) => add(`console.${m.type()}: ${m.text()}`));
  page.on('pageerror', (err) => add(`page error: ${err.message}`));
  page.on('response', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/api/') || r.status() >= 400)
      add(`${r.request().method()} ${pathname} ${r.status()}`);
  });
  page.on('requestfailed', (r) =>
    add(`${r.method()} ${new URL(r.url()).pathname} failed: ${r.failure()?.errorText}`),
  );
  // Socket.IO events ("42[…]" frames): whether a live update reached the page at all.
  page.on('websocket', (ws) => {
    add(`websocket opened`);
    ws.on('framereceived', ({ payload }) => {
      const text = String(payload);
      if (text.startsWith('42')) add(`socket event: ${text.slice(2, 122)}`);
    });
    ws.on('close', () => add('websocket closed'));
  });
  page.on('close', () => journals.delete(page));
}

/** Journals every page of every context the browser opens from now on (newPage goes through newContext). */
export function journalPages(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext(...args);
    context.on('page', journal);
    return context;
  };
  return browser;
}

const ARTIFACTS = path.resolve(import.meta.dirname, '..', 'artifacts');
const fileName = (test: string, n: number) =>
  `${test.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}-${Date.now()}-page${n}.png`;

async function report(test: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  let n = 0;
  for (const [page, lines] of journals) {
    n++;
    const file = path.join(ARTIFACTS, fileName(test, n));
    const shot = await page
      .screenshot({ path: file, fullPage: true, timeout: 5_000 })
      .then(() => file)
      .catch((err: Error) => `none (${err.message.split('\n')[0]})`);
    console.log(`\n--- page ${n} at ${page.url()}; screenshot: ${shot}\n${lines.join('\n')}`);
  }
}

beforeEach(({ task, onTestFailed }) => {
  onTestFailed(() => report(task.name));
});
