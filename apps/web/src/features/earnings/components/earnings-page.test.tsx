import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EARNING_STATE_LABELS,
  PAYOUT_MESSAGES,
  type EarningsPage as EarningsPageReply,
  type EarningsSummary,
} from '@cutroom/contracts/payouts';
import EarningsPage from './earnings-page';
import { NO_EARNINGS } from './earnings-orders';
import { aRow, aSummary, anAccount, json } from '../../../testing/earnings-fixtures';

const profile = vi.hoisted(() => ({ role: 'editor' as 'creator' | 'editor' }));
vi.mock('../../profile/hooks/use-profile-role', () => ({ useProfileRole: () => profile.role }));

function show() {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}
    >
      <MemoryRouter initialEntries={['/profile/earnings']}>
        <EarningsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('earnings page', () => {
  let fetchSpy: ReturnType<typeof vi.spyOn>;
  let summary: () => EarningsSummary;
  let orders: (url: URL) => EarningsPageReply;
  let saved: () => Response;
  beforeEach(() => {
    profile.role = 'editor';
    summary = () => aSummary();
    orders = () => ({ items: [aRow()], nextCursor: null });
    saved = () => json(200, { payoutAccount: anAccount(), message: PAYOUT_MESSAGES.saved });
    fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (init?.method === 'PUT') return saved();
      if (url.pathname === '/api/earnings') return json(200, summary());
      if (url.pathname === '/api/earnings/orders') return json(200, orders(url));
      if (url.pathname === '/api/earnings/tax-profile') return json(200, { taxProfile: null });
      if (url.pathname === '/api/earnings/documents') return json(200, { items: [], nextCursor: null });
      return json(404, { message: 'Not found' });
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });
  const urls = () =>
    (fetchSpy.mock.calls as [string, RequestInit | undefined][]).map(
      ([url, init]) => `${init?.method ?? 'GET'} ${url}`,
    );

  it('shows the balances, the rules, the saved account and failed settlements in plain words', async () => {
    summary = () =>
      aSummary({
        feePercent: 15,
        clearingDays: 7,
        settlements: [
          {
            id: 's2',
            amount: 2500,
            status: 'FAILED',
            utr: null,
            reason: 'Beneficiary account closed',
            initiatedAt: '2026-11-20T10:00:00.000Z',
            settledAt: null,
          },
          {
            id: 's1',
            amount: 12000,
            status: 'SUCCESS',
            utr: 'UTR123456789',
            reason: null,
            initiatedAt: '2026-11-10T10:00:00.000Z',
            settledAt: '2026-11-11T10:00:00.000Z',
          },
        ],
      });
    show();
    expect(screen.getByRole('heading', { level: 1, name: 'Earnings' })).toBeTruthy();
    expect((await screen.findByTestId('balance-available')).textContent).toContain('₹4,000');
    expect(screen.getByTestId('balance-pending').textContent).toContain('₹7,999.20');
    expect(screen.getByTestId('balance-paidOut').textContent).toContain('₹12,000');
    expect(screen.queryByTestId('negative-available')).toBeNull();
    const rules = screen.getByTestId('earnings-rules').textContent!;
    expect(rules).toContain('15%');
    expect(rules).toContain('7 days after it is completed');

    const panel = screen.getByRole('region', { name: 'Payout details' });
    expect(within(panel).getByTestId('payout-masked').textContent).toBe('A/c •••• 6789 · HDFC0001234');
    expect(panel.textContent).toContain('Active');
    expect(panel.textContent).not.toContain('on hold');
    expect(within(panel).queryByRole('form')).toBeNull();

    const [failed, paid] = screen.getAllByTestId('settlement');
    expect(failed!.textContent).toContain(
      "Failed: Beneficiary account closed. We'll retry; check your payout details.",
    );
    expect(paid!.textContent).toContain('Paid out');
    expect(paid!.textContent).toContain('UTR123456789');
    expect(urls().sort()).toEqual([
      'GET /api/earnings',
      'GET /api/earnings/documents',
      'GET /api/earnings/orders',
      'GET /api/earnings/tax-profile',
    ]);
  });

  it('explains a negative available balance plainly', async () => {
    summary = () => aSummary({ balances: { available: -1200.5, pending: 0, paidOut: 5000 } });
    show();
    const card = await screen.findByTestId('balance-available');
    expect(card.textContent).toContain('−₹1,200.50');
    expect(card.textContent).toContain('Below zero: you owe this amount');
    expect(screen.getByTestId('negative-available').textContent).toMatch(
      /^You owe ₹1,200.50: a creator was refunded after that order's share had already been paid out to you\. We take it from your next earnings/,
    );
  });

  it('lists earnings by order as a table and, for narrow screens, as cards, with Show more', async () => {
    orders = (url) =>
      url.searchParams.get('cursor') === 'c2'
        ? {
            items: [
              aRow({
                orderId: 'o-0',
                reference: 'CR-10400',
                title: 'Reel pack',
                gross: 1200,
                refunded: 300,
                commission: 240,
                share: 960,
                state: 'in_progress',
                availableAt: null,
              }),
            ],
            nextCursor: null,
          }
        : { items: [aRow()], nextCursor: 'c2' };
    show();
    const table = await screen.findByRole('table', { name: 'Earnings by order' });
    expect(table.closest('[data-testid="earnings-table-wrap"]')!.className).toContain('hidden lg:block');
    const [, first] = within(table).getAllByRole('row') as [HTMLElement, HTMLElement];
    for (const text of [
      'CR-10482',
      'Wedding teaser',
      '₹5,000',
      '₹1,000',
      'Fee 20% (GST included)',
      '₹4,000',
    ]) {
      expect(first.textContent).toContain(text);
    }
    expect(first.textContent).toContain(EARNING_STATE_LABELS.clearing);
    expect(
      within(first).getByRole('link', { name: 'Order CR-10482 in your orders' }).getAttribute('href'),
    ).toBe('/profile/orders');

    const cards = screen.getByRole('list', { name: 'Earnings by order' });
    expect(cards.closest('[data-testid="earnings-cards-wrap"]')!.className).toContain('lg:hidden');
    expect(within(cards).getAllByRole('listitem')).toHaveLength(1);
    expect(within(cards).getByRole('link', { name: 'Order CR-10482 in your orders' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await vi.waitFor(() => expect(within(cards).getAllByRole('listitem')).toHaveLength(2));
    expect(urls()).toContain('GET /api/earnings/orders?cursor=c2');
    const second = within(cards).getAllByRole('listitem')[1]!;
    expect(second.textContent).toContain('after ₹300 refunded');
    expect(second.textContent).toContain(EARNING_STATE_LABELS.in_progress);
    expect(second.textContent).toContain('When completed');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('says when there are no earnings yet', async () => {
    orders = () => ({ items: [], nextCursor: null });
    show();
    expect(await screen.findByText(NO_EARNINGS)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says Available goes to a payout account only once there is one the gateway accepted', async () => {
    summary = () => aSummary({ payoutAccount: null });
    show();
    const available = await screen.findByTestId('balance-available');
    expect(available.textContent).not.toContain('on its way to your payout account');
    expect(available.textContent).toContain('add your payout details below to receive it');
    cleanup();

    summary = () => aSummary({ payoutAccount: anAccount({ vendorState: 'pending', heldUntil: null }) });
    show();
    expect((await screen.findByTestId('balance-available')).textContent).toContain(
      'paid out once your payout account is verified',
    );
    cleanup();

    summary = () => aSummary({ payoutAccount: anAccount({ vendorState: 'active', heldUntil: null }) });
    show();
    expect((await screen.findByTestId('balance-available')).textContent).toContain(
      'on its way to your payout account with the next settlement',
    );
  });

  it('adds payout details, then shows them masked only, on hold, with the form emptied', async () => {
    summary = () => aSummary({ payoutAccount: null });
    const heldUntil = new Date(Date.now() + 24 * 3600_000).toISOString();
    saved = () => {
      summary = () => aSummary({ payoutAccount: anAccount({ vendorState: 'pending', heldUntil }) });
      return json(200, {
        payoutAccount: anAccount({ vendorState: 'pending', heldUntil }),
        message: PAYOUT_MESSAGES.saved,
      });
    };
    const success = vi.spyOn(toast, 'success');
    show();
    const panel = await screen.findByRole('region', { name: 'Payout details' });
    const form = within(panel).getByRole('form', { name: 'Payout details' });
    expect(form.textContent).not.toContain('holds your payouts');
    await userEvent.type(within(form).getByLabelText('Account holder name'), 'Riya Sharma');
    await userEvent.type(within(form).getByLabelText('Mobile number'), '9876543210');
    await userEvent.type(within(form).getByLabelText('Account number'), '123456789012');
    await userEvent.type(within(form).getByLabelText('Confirm account number'), '123456789012');
    await userEvent.type(within(form).getByLabelText('IFSC'), 'HDFC0001234');
    await userEvent.click(within(form).getByRole('button', { name: 'Save payout details' }));

    expect((await within(panel).findByTestId('payout-masked')).textContent).toBe(
      'A/c •••• 6789 · HDFC0001234',
    );
    expect(success).toHaveBeenCalledWith(PAYOUT_MESSAGES.saved);
    expect(within(panel).queryByRole('form')).toBeNull();
    expect(panel.textContent).toContain('Being verified by the payment gateway');
    expect(panel.textContent).toMatch(/Payouts are on hold until .+ because your details changed\./);
    // Nothing of the full number is left in the page.
    expect(document.body.innerHTML).not.toContain('123456789012');
    for (const input of document.querySelectorAll('input')) expect(input.value).not.toContain('1234567');
  });

  it('says why payouts wait while the gateway reviews the account or needs the PAN, and what to do', async () => {
    summary = () =>
      aSummary({
        payoutAccount: anAccount({
          vendorState: 'action_required',
          gatewayStatus: 'ACTION_REQUIRED',
          vendorError: 'PAN is required for vendor KYC: add the PAN of the vendor',
        }),
      });
    show();
    const panel = await screen.findByRole('region', { name: 'Payout details' });
    const text = within(panel).getByTestId('vendor-state-text').textContent;
    expect(text).toContain('Action needed: PAN is required for vendor KYC: add the PAN of the vendor.');
    expect(text).toContain('add or correct your PAN in your Tax profile on this page');
    expect((await screen.findByTestId('balance-available')).textContent).toContain(
      'paid out once the payment gateway has what it needs',
    );
    cleanup();

    summary = () =>
      aSummary({ payoutAccount: anAccount({ vendorState: 'in_review', gatewayStatus: 'IN_BENE_CREATION' }) });
    show();
    const reviewed = await screen.findByRole('region', { name: 'Payout details' });
    expect(reviewed.textContent).toContain('Under review by the payment gateway');
    expect(within(reviewed).getByTestId('vendor-state-text').textContent).toContain(
      'Payouts wait until it is done; nothing is needed from you.',
    );
  });

  it('Change opens an empty form that warns about the hold; Cancel goes back', async () => {
    summary = () =>
      aSummary({
        payoutAccount: anAccount({ vendorState: 'blocked', vendorError: 'KYC documents pending' }),
      });
    show();
    const panel = await screen.findByRole('region', { name: 'Payout details' });
    expect(panel.textContent).toContain('Blocked: KYC documents pending.');
    await userEvent.click(within(panel).getByRole('button', { name: 'Change' }));
    const form = within(panel).getByRole('form', { name: 'Payout details' });
    expect(form.textContent).toContain('holds your payouts for 24 hours');
    expect((within(form).getByLabelText('Account holder name') as HTMLInputElement).value).toBe('');
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(within(panel).queryByRole('form')).toBeNull();
    expect(within(panel).getByTestId('payout-masked')).toBeTruthy();
  });

  it('tells a creator that only editors have earnings, without asking the server', async () => {
    profile.role = 'creator';
    show();
    expect(screen.getByText(PAYOUT_MESSAGES.onlyEditors)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Payment History' }).getAttribute('href')).toBe('/profile');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
