import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createCreator, createEditor, type Account } from '../support/accounts';
import {
  baseUrl,
  codeIn,
  launchBrowser,
  mailCount,
  newPage,
  visibleText,
  waitForMail,
} from '../support/browser';
import { shot } from '../support/screens';

const CONTINUE = 'Please login to continue';

/** Logs in on the creator login form the page is showing (the address may already be filled in). */
async function logInAs(page: Page, account: { email?: string; password: string }) {
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(account.email!);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Login' }).click();
}

/**
 * Issue 17, "Losing one's place": a page that needs a login sends the visitor to log in and back, the
 * way from the editor's page to the login and back keeps the place, and registering runs into the login
 * with the address filled in.
 */
describe('returning to where one was after logging in', () => {
  let browser: Browser;
  let creator: Account;
  let editor: Account;

  beforeAll(async () => {
    browser = await launchBrowser();
    [creator, editor] = await Promise.all([createCreator(), createEditor()]);
  });
  afterAll(() => browser?.close());

  it('a visitor opening /chat logs in on /login, told why, and is on /chat afterwards', async () => {
    const { page, context } = await newPage(browser);
    try {
      await page.goto('/chat');
      await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('next') === '/chat');
      expect(await visibleText(page.getByRole('status').filter({ hasText: CONTINUE }))).toBe(CONTINUE);
      await shot(page, 'login-continue');

      await logInAs(page, creator);
      await page.waitForURL((u) => u.pathname === '/chat');
      expect(await visibleText(page.getByText('Login successful'))).toBeTruthy();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/chat');
    } finally {
      await context.close();
    }
  });

  it('a visitor of an admin page logs in on /admin-login and is back on that page', async () => {
    const { page, context } = await newPage(browser);
    try {
      await page.goto('/admin/dashboard/support-tickets?from=mail');
      await page.waitForURL(
        (u) =>
          u.pathname === '/admin-login' &&
          u.searchParams.get('next') === '/admin/dashboard/support-tickets?from=mail',
      );
      expect(await visibleText(page.getByText(CONTINUE))).toBe(CONTINUE);

      const form = page.getByRole('form', { name: 'Admin login' });
      await form.getByLabel('Username').fill(inject('adminUsername'));
      await form.getByLabel('Password', { exact: true }).fill(inject('adminPassword'));
      await form.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL(
        (u) => u.pathname === '/admin/dashboard/support-tickets' && u.searchParams.get('from') === 'mail',
      );
    } finally {
      await context.close();
    }
  });

  it("a visitor pressing Start Chat on an editor's page logs in and is back on that page", async () => {
    const { page, context } = await newPage(browser);
    try {
      await page.goto(`/portfolio/${editor.id}`);
      await page.getByRole('heading', { level: 1, name: editor.username }).waitFor();
      await page.getByRole('button', { name: 'Start Chat with Editor' }).click();
      await page.getByText('Only creators can start chat. Redirecting to login...').waitFor();
      await page.waitForURL(
        (u) => u.pathname === '/login' && u.searchParams.get('next') === `/portfolio/${editor.id}`,
      );
      expect(await visibleText(page.getByText(CONTINUE))).toBe(CONTINUE);

      await logInAs(page, creator);
      await page.waitForURL((u) => u.pathname === `/portfolio/${editor.id}`);
      await page.getByRole('heading', { level: 1, name: editor.username }).waitFor();
      // Now a creator on the same page: the button starts the chat.
      await page.getByRole('button', { name: 'Start Chat with Editor' }).click();
      await page.waitForURL((u) => u.pathname === '/chat' && u.searchParams.has('roomId'));
    } finally {
      await context.close();
    }
  });

  it('a hostile next is ignored: the creator lands on the home page', async () => {
    const { page, context } = await newPage(browser);
    try {
      await page.goto(`/login?next=${encodeURIComponent('//example.org/chat')}`);
      await page.getByRole('form', { name: 'Login' }).waitFor();
      expect(await page.getByText(CONTINUE).count()).toBe(0);
      await logInAs(page, creator);
      await page.waitForURL((u) => u.pathname === '/');
      expect(new URL(page.url()).origin).toBe(new URL(baseUrl()).origin);
    } finally {
      await context.close();
    }
  });

  it('verify page: only digits in the code, Resend code after its countdown mails a second code, then the login has the address', async () => {
    const { page, context } = await newPage(browser);
    const email = `e2e-resend-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'creator-pass-3';
    try {
      await page.goto('/register');
      const register = page.getByRole('form', { name: 'Register' });
      await register.getByLabel('Email').fill(email);
      await register.getByLabel('Password', { exact: true }).fill(password);
      await register.getByRole('button', { name: 'Register' }).click();
      await page.waitForURL((u) => u.pathname === '/verify-otp' && u.searchParams.get('email') === email);
      const first = codeIn(await waitForMail(email));

      const code = page.getByLabel('Verification code');
      await code.pressSequentially('1a2b-3 c');
      expect(await code.inputValue()).toBe('123');
      expect(await code.getAttribute('inputmode')).toBe('numeric');
      expect(await code.getAttribute('maxlength')).toBe('6');

      // Registering just sent a code: the minute before the next one is counted down.
      const resend = page.getByRole('button', { name: /^Resend code/ });
      expect(await resend.textContent()).toMatch(/^Resend code in \d+s$/);
      expect(await resend.isDisabled()).toBe(true);
      await shot(page, 'verify-otp');

      await page
        .getByRole('button', { name: 'Resend code', exact: true })
        .waitFor({ state: 'visible', timeout: 75_000 });
      const before = await mailCount(email);
      expect(before).toBe(1);
      await page.getByRole('button', { name: 'Resend code', exact: true }).click();
      expect(await visibleText(page.getByText('OTP sent to your email'))).toBeTruthy();
      const second = codeIn(await waitForMail(email, { after: before }));
      expect(await mailCount(email)).toBe(2);
      await page.getByRole('button', { name: /^Resend code in \d+s$/ }).waitFor();

      // A pasted code written with a space keeps all six digits.
      await code.fill('');
      await code.focus();
      await page.evaluate(
        (text) => {
          const data = new DataTransfer();
          data.setData('text/plain', text);
          document.activeElement!.dispatchEvent(
            new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
          );
        },
        `${second.slice(0, 3)} ${second.slice(3)}`,
      );
      expect(await code.inputValue()).toBe(second);
      if (first !== second) expect(second).not.toBe(first);

      await page.getByRole('form', { name: 'Verify email' }).getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL((u) => u.pathname === '/login');
      const login = page.getByRole('form', { name: 'Login' });
      expect(await login.getByLabel('Email').inputValue()).toBe(email);
      expect(await login.getByLabel('Password', { exact: true }).inputValue()).toBe('');
      expect(page.url()).not.toContain('password');
      await login.getByLabel('Password', { exact: true }).fill(password);
      await login.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL((u) => u.pathname === '/');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).waitFor();
    } finally {
      await context.close();
    }
  }, 150_000);
});
