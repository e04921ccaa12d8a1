import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SiteConfig } from '@cutroom/contracts/site';
import PrivacyPolicyPage from './privacy-policy-page';
import RefundPolicyPage from './refund-policy-page';

const configured: SiteConfig = {
  perksChatUrl: '/contact',
  company: {
    name: 'Cutroom Media Private Limited',
    address: '4th Floor, 12 MG Road\nBengaluru 560001, India',
    supportEmail: 'help@cutroom.example',
    supportPhone: '+91 80 4000 1234',
  },
  orderRules: { autoCompleteHours: 96, cancellationResponseHours: 24 },
};
const demo: SiteConfig = {
  perksChatUrl: '/contact',
  company: { name: 'Cutroom', address: null, supportEmail: 'support@cutroom.local', supportPhone: null },
  orderRules: { autoCompleteHours: 72, cancellationResponseHours: 48 },
};

function serve(config: SiteConfig | 'down') {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/public/site-config' || config === 'down') {
      return new Response(JSON.stringify({ message: 'boom' }), { status: 500 });
    }
    return new Response(JSON.stringify(config), { headers: { 'content-type': 'application/json' } });
  });
}

function show(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const sectionTitles = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('policy pages', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('privacy policy: its own headings, the date, and the configured company contact details', async () => {
    serve(configured);
    show(<PrivacyPolicyPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    expect(screen.getByText(/^Last updated: \d{1,2} [A-Z][a-z]+ \d{4}$/)).toBeTruthy();
    expect(sectionTitles()).toEqual([
      '1. What we collect',
      '2. Why we use it',
      '3. Who we share it with',
      '4. How long we keep it',
      '5. How we protect it',
      '6. Your rights',
      '7. Children',
      '8. Changes to this policy',
      '9. Contact us',
    ]);
    const contact = await screen.findByTestId('company-contact');
    await within(contact).findByText('Cutroom Media Private Limited');
    expect(within(contact).getByText(/12 MG Road/).textContent).toBe(configured.company.address);
    expect(within(contact).getByRole('link', { name: 'help@cutroom.example' }).getAttribute('href')).toBe(
      'mailto:help@cutroom.example',
    );
    expect(within(contact).getByRole('link', { name: '+91 80 4000 1234' }).getAttribute('href')).toBe(
      'tel:+918040001234',
    );
    // The operator is named in the text, and card details are never claimed to be stored.
    expect(screen.getByText(/It is run by Cutroom Media Private Limited/)).toBeTruthy();
    expect(screen.getByText(/handled by\s+Cashfree: we never see or store them/)).toBeTruthy();
    expect(screen.getByText(/stored encrypted/)).toBeTruthy();
  });

  it('refund policy: the real order rules, with the windows the server is configured with', async () => {
    serve(configured);
    show(<RefundPolicyPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Refund & Cancellation Policy' })).toBeTruthy();
    expect(screen.getByText(/^Last updated: /)).toBeTruthy();
    expect(sectionTitles()).toEqual([
      '1. How paying works',
      '2. Cancelling an order',
      '3. Deliveries and completed orders',
      '4. How refunds are paid',
      '5. How to ask',
      '6. Contact us',
    ]);
    // Until the configuration arrives the server's defaults are quoted; then the configured windows.
    expect(screen.getByText(/does not answer within 48 hours \(2 days\)/)).toBeTruthy();
    expect(await screen.findByText(/does not answer within 24 hours \(1 day\)/)).toBeTruthy();
    expect(screen.getByText(/completes its order automatically after\s+96 hours \(4 days\)/)).toBeTruthy();
    const text = document.body.textContent ?? '';
    for (const rule of [
      'can cancel an order that is waiting for payment at once',
      'can cancel the order at once and gets a full refund',
      'may cancel it with a full, partial or no refund',
      'released only after its order has been paid',
      'original payment method through Cashfree',
      'usually shows it within 5–7 working days',
      'Indian rupees (₹, INR)',
    ]) {
      expect(text).toContain(rule);
    }
    const contact = await screen.findByTestId('company-contact');
    expect(within(contact).getByText('Cutroom Media Private Limited')).toBeTruthy();
  });

  it('leaves unconfigured details out instead of showing placeholders', async () => {
    serve(demo);
    show(<RefundPolicyPage />);
    const contact = await screen.findByTestId('company-contact');
    await within(contact).findByText('Cutroom');
    expect(within(contact).getByRole('link', { name: 'support@cutroom.local' })).toBeTruthy();
    expect(within(contact).queryByText('Address')).toBeNull();
    expect(within(contact).queryByText('Phone')).toBeNull();
    expect(contact.textContent).not.toMatch(/<|>|operated by|placeholder/i);
  });

  it('points to the support form when the contact details cannot be loaded', async () => {
    serve('down');
    show(<PrivacyPolicyPage />);
    const contact = await screen.findByTestId('company-contact');
    expect(await within(contact).findByRole('link', { name: 'support form' })).toBeTruthy();
    expect(within(contact).getByRole('link', { name: 'support form' }).getAttribute('href')).toBe('/contact');
  });
});
