import { randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, signInPage } from '../support/accounts';
import { baseUrl, launchBrowser, newPage, visibleText } from '../support/browser';

const unique = () => randomBytes(4).toString('hex');

/** The colour a person sees, as RGB: canvas resolves whatever CSS colour syntax the theme uses. */
async function rgbOf(locator: Locator): Promise<[number, number, number]> {
  return locator.evaluate((el) => {
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.fillStyle = getComputedStyle(el).color;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
    return [r!, g!, b!] as [number, number, number];
  });
}
const isGreen = ([r, g, b]: number[]) => g! > r! + 30 && g! > b!;
const isRed = ([r, g, b]: number[]) => r! > g! + 60 && r! > b! + 60;

async function fillContactForm(page: Page, fields: { name: string; email: string; message: string }) {
  await page.getByLabel('Name').fill(fields.name);
  await page.getByLabel('Email').fill(fields.email);
  await page.getByLabel('Subject (optional)').fill('Question about a payment');
  await page.getByLabel('Message').fill(fields.message);
}

async function listTicketsAsAdmin(): Promise<any[]> {
  const admin = await adminAccount();
  const res = await fetch(`${baseUrl()}/api/admin/support-tickets`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as any[];
}

describe('public site', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('a visitor reads an FAQ answer on the home page, then sends a ticket from Contact Us', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/');
    expect(await visibleText(page.getByRole('heading', { level: 1 }))).toContain(
      'Hire a verified video editor',
    );
    expect(await visibleText(page.getByRole('blockquote'))).toContain('To give every creator access');

    const faq = page.getByRole('region', { name: 'Frequently asked questions' });
    expect(await faq.getByRole('heading', { level: 3 }).count()).toBe(9);
    const question = faq.getByRole('button', { name: 'Can I see the edit before I pay?' });
    expect(await question.getAttribute('aria-expanded')).toBe('false');
    await question.click();
    expect(await question.getAttribute('aria-expanded')).toBe('true');
    expect(await visibleText(faq.getByText(/shares a watermarked preview in the chat/))).toContain(
      'before you approve it and pay',
    );

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact Us' }).click();
    await page.waitForURL((u) => u.pathname === '/contact');
    // The address changes before the next screen's chunk has rendered: wait for the new heading.
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).first().innerText(), { timeout: 10_000 })
      .toBe('Contact Us');

    const email = `visitor-${unique()}@example.com`;
    await fillContactForm(page, { name: 'Asha Visitor', email, message: 'Where is my final file?' });
    // Hold the request for a moment so the in-between state can be seen, as on a slow connection.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/public/support', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Submit Ticket' }).click();
    const sending = page.getByRole('button', { name: 'Sending...' });
    expect(await visibleText(sending)).toBe('Sending...');
    expect(await sending.isDisabled()).toBe(true);
    release();

    const success = page.getByText('Ticket submitted successfully!');
    expect(await visibleText(success)).toBe('Ticket submitted successfully!');
    expect(isGreen(await rgbOf(success))).toBe(true);
    // A sent ticket clears the form for the next one.
    expect(await page.getByLabel('Message').inputValue()).toBe('');
    expect(await page.getByRole('button', { name: 'Submit Ticket' }).isEnabled()).toBe(true);

    const stored = (await listTicketsAsAdmin()).find((t) => t.email === email);
    expect(stored).toMatchObject({
      name: 'Asha Visitor',
      subject: 'Question about a payment',
      message: 'Where is my final file?',
    });
    await context.close();
  });

  it("shows the server's own message in red when it refuses a ticket, and keeps what was typed", async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/contact');

    // The page's own check stops an empty form before anything is sent.
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/public/support')) sent++;
    });
    await page.getByRole('button', { name: 'Submit Ticket' }).click();
    expect(await visibleText(page.getByText('Name is required'))).toBe('Name is required');
    expect(sent).toBe(0);

    // Bypass the page's check: the request leaves with an e-mail address the server refuses.
    await page.route('**/api/public/support', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}');
      await route.continue({ postData: JSON.stringify({ ...body, email: 'not-an-email' }) });
    });
    await fillContactForm(page, {
      name: 'Ravi',
      email: 'ravi@example.com',
      message: 'My payment shows as processing.',
    });
    const reply = page.waitForResponse((r) => r.url().endsWith('/api/public/support'));
    await page.getByRole('button', { name: 'Submit Ticket' }).click();
    const response = await reply;
    expect(response.status()).toBe(400);
    const serverMessage = ((await response.json()) as { message: string }).message;
    expect(serverMessage).toContain('Please enter a valid email address');

    const error = page.getByTestId('submit-error');
    expect(await visibleText(error)).toBe(serverMessage);
    expect(isRed(await rgbOf(error))).toBe(true);
    expect(await page.getByText('Ticket submitted successfully!').count()).toBe(0);
    expect(await page.getByLabel('Name').inputValue()).toBe('Ravi');
    expect(await page.getByLabel('Message').inputValue()).toBe('My payment shows as processing.');

    // No answer at all (the connection drops): the page's own fallback.
    await page.unroute('**/api/public/support');
    await page.route('**/api/public/support', (route) => route.abort('connectionreset'));
    await page.getByRole('button', { name: 'Submit Ticket' }).click();
    await page.getByText('Submission failed', { exact: true }).waitFor();
    expect(isRed(await rgbOf(page.getByTestId('submit-error')))).toBe(true);
    expect(await page.getByLabel('Email').inputValue()).toBe('ravi@example.com');
    await context.close();
  });

  it('counts down on an unknown path and lands on / after about 3 seconds; Go To Home Now is at once', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/this-page-does-not-exist');
    const countdown = page.getByTestId('redirect-countdown');
    expect(await visibleText(countdown)).toContain('3 seconds');
    const shownAt = Date.now();
    await page.getByText('1 second...').waitFor();
    await page.waitForURL((u) => u.pathname === '/', { timeout: 6_000 });
    const waited = Date.now() - shownAt;
    expect(waited).toBeGreaterThan(1_500);
    expect(waited).toBeLessThan(5_000);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).first().innerText(), { timeout: 10_000 })
      .toContain('Hire a verified video editor');

    await page.goto('/portfolio-typo/123');
    await page.getByRole('button', { name: 'Go To Home Now' }).click();
    await page.waitForURL((u) => u.pathname === '/', { timeout: 1_500 });
    await context.close();
  });

  it('takes a lead from the home page connect form, which the admin then sees among support tickets', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/');
    await page.getByRole('button', { name: 'Get Connected' }).click();
    const dialog = page.getByRole('dialog', { name: 'Get connected with Cutroom' });
    await dialog.waitFor();

    const email = `lead-${unique()}@example.com`;
    await dialog.getByLabel('Name').fill('Meera Lead');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Phone').fill('98765');
    expect(await dialog.getByLabel('Follower count (optional)').count()).toBe(0);
    await dialog.getByRole('radio', { name: /Creator/ }).check();
    await dialog.getByLabel('Follower count (optional)').fill('12000');
    await dialog.getByRole('button', { name: 'Send' }).click();
    expect(await visibleText(dialog.getByText('Please enter a valid 10-digit phone number'))).toBeTruthy();
    // Nothing typed is lost on bad input.
    expect(await dialog.getByLabel('Name').inputValue()).toBe('Meera Lead');
    expect(await dialog.getByLabel('Follower count (optional)').inputValue()).toBe('12000');

    await dialog.getByLabel('Phone').fill('9876543210');
    await dialog.getByRole('button', { name: 'Send' }).click();
    const success = dialog.getByText('Ticket submitted successfully!');
    expect(await visibleText(success)).toBe('Ticket submitted successfully!');
    expect(isGreen(await rgbOf(success))).toBe(true);
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await dialog.waitFor({ state: 'hidden' });

    const lead = (await listTicketsAsAdmin()).find((t) => t.email === email);
    expect(lead).toBeTruthy();
    expect(lead.name).toBe('Meera Lead');
    expect(lead.subject).toBe('Connect request: Creator');
    expect(lead.message).toContain('Phone: 9876543210');
    expect(lead.message).toContain('Followers: 12,000');
    await context.close();
  });

  it('hides the footer on admin pages and shows it again on public ones', async () => {
    const { page, context } = await newPage(browser);
    await signInPage(page, await adminAccount());
    await page.goto('/admin/dashboard');
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/admin/dashboard');
    expect(await page.getByTestId('site-footer').count()).toBe(0);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'About Us', exact: true })
      .click();
    await page.getByTestId('site-footer').waitFor();
    await context.close();
  });

  it('has the about, terms, FAQs and perks pages with what they must say', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/about');
    expect(await visibleText(page.getByRole('heading', { name: 'What we do' }))).toBeTruthy();
    expect(await visibleText(page.getByText('Our founder'))).toBeTruthy();
    expect(await visibleText(page.getByRole('heading', { name: 'Our core values' }))).toBeTruthy();

    await page.goto('/terms');
    const terms = page.locator('article');
    expect(await visibleText(page.getByText('Last updated: 4 September 2025'))).toBe(
      'Last updated: 4 September 2025',
    );
    const text = await terms.innerText();
    expect(text).toContain('Cutroom is a facilitator');
    expect(text).toContain('Payments go through the platform');
    expect(text).toContain('Final files are released only after payment');
    expect(text).toContain('Sharing contact details is prohibited');
    expect(text).toContain('governed by the laws of India');

    await page.goto('/faqs');
    // The address changes before the next screen's chunk has rendered: wait for the new heading.
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).first().innerText(), { timeout: 10_000 })
      .toBe('Frequently asked questions');
    await page.getByRole('button', { name: 'How do I join Cutroom as an editor?' }).click();
    expect(await visibleText(page.getByText(/Editor accounts are created by the Cutroom team/))).toBeTruthy();

    // The public settings come with the server-rendered page: the link is right before any script runs.
    const perksHtml = await (await fetch(new URL('/cutroom-perks', page.url()))).text();
    expect(perksHtml).toMatch(/<a [^>]*href="\/contact"[^>]*>[^<]*Chat with the Perks team/);
    await page.goto('/cutroom-perks');
    expect(await visibleText(page.getByText('Beta', { exact: true }))).toBe('Beta');
    // No PERKS_CHAT_URL in this environment: the chat link falls back to the contact page.
    const chat = page.getByRole('link', { name: /Chat with the Perks team/ });
    expect(await chat.getAttribute('href')).toBe('/contact');
    await chat.click();
    await page.waitForURL((u) => u.pathname === '/contact');
    await context.close();
  });

  it('fits a phone screen: no sideways scrolling, menu reachable', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 375, height: 740 } });
    for (const path of ['/', '/about', '/terms', '/faqs', '/cutroom-perks', '/contact', '/nowhere']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
    }
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Contact Us', exact: true }).first().click();
    await page.waitForURL((u) => u.pathname === '/contact');
    await context.close();
  });
});
