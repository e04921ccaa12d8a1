import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCreator } from '../support/accounts';
import { codeIn, launchBrowser, mailCount, newPage, visibleText, waitForMail } from '../support/browser';

describe('forgot password', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('e-mail, code, new password, then login with the new password', async () => {
    const creator = await createCreator();
    const email = creator.email!;
    const { page, context } = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((u) => u.pathname === '/forgot-password');

    const before = await mailCount(email);
    const step1 = page.getByRole('form', { name: 'Request a reset code' });
    await step1.getByLabel('Email').fill(email);
    await step1.getByRole('button', { name: 'Send OTP' }).click();
    expect(await visibleText(page.getByText('OTP sent to your email'))).toBeTruthy();
    const code = codeIn(await waitForMail(email, { after: before }));

    const step2 = page.getByRole('form', { name: 'Enter the reset code' });
    await step2.getByLabel('Code').fill(code === '000000' ? '111111' : '000000');
    await step2.getByRole('button', { name: 'Verify OTP' }).click();
    expect(await visibleText(page.getByText('Invalid or expired OTP'))).toBeTruthy();
    await step2.getByLabel('Code').fill(code);
    await step2.getByRole('button', { name: 'Verify OTP' }).click();
    expect(await visibleText(page.getByText('OTP verified'))).toBeTruthy();

    const step3 = page.getByRole('form', { name: 'Choose a new password' });
    await step3.getByLabel('New password', { exact: true }).fill('reset-pass-1');
    await step3.getByLabel('Confirm new password').fill('reset-pass-2');
    await step3.getByRole('button', { name: 'Reset password' }).click();
    expect(await visibleText(step3.getByText('Passwords do not match'))).toBe('Passwords do not match');
    await step3.getByLabel('Confirm new password').fill('reset-pass-1');
    await step3.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    expect(await visibleText(page.getByText('Password reset successful, login again'))).toBeTruthy();

    const login = page.getByRole('form', { name: 'Login' });
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password', { exact: true }).fill(creator.password);
    await login.getByRole('button', { name: 'Login' }).click();
    expect(await visibleText(page.getByText('Invalid email or password'))).toBeTruthy();
    await login.getByLabel('Password', { exact: true }).fill('reset-pass-1');
    await login.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).waitFor();
    await context.close();
  });
});
