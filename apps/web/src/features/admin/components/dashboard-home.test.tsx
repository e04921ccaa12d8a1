import { formatRupees } from '@cutroom/contracts/money';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ORDER_STATUSES } from '@cutroom/contracts/orders';
import type { AdminDashboard } from '@cutroom/contracts/responses/dashboard';
import type { TaxSummary } from '@cutroom/contracts/tax/reports';
import DashboardHome from './dashboard-home';
import { renderWithProviders } from '../../../testing/render-with-providers';

vi.mock('../../../lib/auth/session', () => ({
  useSession: () => ({ user: { _id: 'a1', role: 'admin', username: 'root' }, loading: false }),
}));
// jsdom lays nothing out, so Recharts would draw nothing: the chart is a stand-in that shows what it got
// (the browser tests draw the real one).
vi.mock('./daily-chart', () => ({
  default: ({ days }: { days: unknown[] }) => <p data-testid="daily-chart">{days.length} days drawn</p>,
}));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const days = (volumes: number[]) =>
  volumes.map((volume, i) => ({
    day: `2026-11-${String(i + 1).padStart(2, '0')}`,
    volume,
    commission: volume / 5,
  }));

const figures = (fields: Partial<AdminDashboard> = {}): AdminDashboard => ({
  ordersByStatus: ORDER_STATUSES.map((status) => ({
    status,
    count: status === 'completed' ? 12 : status === 'in_progress' ? 3 : 0,
  })),
  daily: days([0, 1499, 0, 2500.5]),
  totals: { volume: 3999.5, commission: 799.9 },
  attention: { openFlags: 2, openTickets: 5, payoutFailures: 1, lateOrders: 0, disputesToDecide: 3 },
  generatedAt: '2026-11-26T10:00:00.000Z',
  ...fields,
});

/** Two months of GET /api/admin/tax: the card shows the newest (the last). */
const taxSummary: TaxSummary = {
  months: [
    { month: '2026-10', orders: 4, gross: 20000, commission: 3000, gstOnCommission: 540, tcs: 170, tds: 20 },
    {
      month: '2026-11',
      orders: 9,
      gross: 45000,
      commission: 6750,
      gstOnCommission: 1215,
      tcs: 382.5,
      tds: 45,
    },
  ],
  rates: [],
};

/**
 * Answers the dashboard's figures with `reply` and the tax card's GET /api/admin/tax with `tax` (by default
 * a failure, which the card survives by showing nothing); `calls` lists the dashboard's own requests,
 * `taxCalls` the card's.
 */
function answer(reply: () => Response, tax: () => Response = () => json({ message: 'Not found' }, 404)) {
  const calls: string[] = [];
  const taxCalls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/admin/tax') {
      taxCalls.push(url);
      return tax();
    }
    calls.push(url);
    return reply();
  });
  return { calls, taxCalls };
}

describe('admin dashboard home', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows what waits, the money of 30 days with its chart, and orders by status', async () => {
    const { calls, taxCalls } = answer(() => json(figures()));
    renderWithProviders(<DashboardHome />);
    expect(screen.getByText('Loading dashboard...')).toBeTruthy();
    const flags = await screen.findByTestId('figure-openFlags');
    expect(calls).toEqual(['/api/admin/dashboard']);
    expect(flags.textContent).toBe('Open flags2');
    expect(flags.getAttribute('href')).toBe('/admin/dashboard/moderation');
    expect(screen.getByTestId('figure-openTickets').textContent).toBe('Open tickets5');
    expect(screen.getByTestId('figure-disputesToDecide').textContent).toBe('Disputes to decide3');
    expect(screen.getByTestId('figure-disputesToDecide').getAttribute('href')).toBe('/admin/disputes');
    expect(screen.getByTestId('figure-payoutFailures').getAttribute('href')).toBe('/admin/dashboard/payouts');
    expect(screen.getByTestId('figure-lateOrders').getAttribute('href')).toBe(
      '/admin/dashboard/all-orders?late=true',
    );
    expect(screen.getByTestId('total-volume').textContent).toBe('₹3,999.50');
    expect(screen.getByTestId('total-commission').textContent).toBe('₹799.90');
    expect((await screen.findByTestId('daily-chart')).textContent).toBe('4 days drawn');
    // The chart's numbers for screen readers: the days with payments.
    const table = screen.getByRole('table', { name: 'Paid volume and commission per day' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    const byStatus = screen.getByRole('list', { name: 'Orders by status' });
    expect(within(byStatus).getAllByRole('listitem')).toHaveLength(ORDER_STATUSES.length);
    expect(within(byStatus).getByText('Completed').parentElement!.textContent).toContain('12');
    expect(screen.getByText('15 orders in all')).toBeTruthy();
    // Its tax request failed: no card, and nothing else broke.
    await vi.waitFor(() => expect(taxCalls).toEqual(['/api/admin/tax']));
    expect(screen.queryByTestId('tax-this-month')).toBeNull();
  });

  it("shows this month's GST on commission, TCS and TDS, linking to the tax page", async () => {
    answer(
      () => json(figures()),
      () => json(taxSummary),
    );
    renderWithProviders(<DashboardHome />);
    const card = await screen.findByTestId('tax-this-month');
    expect(card.getAttribute('href')).toBe('/admin/tax');
    expect(card.textContent).toContain('Tax this month');
    expect(card.textContent).toContain('Nov 2026');
    const figure = (label: string) => within(card).getByText(label).nextElementSibling!.textContent;
    expect(figure('GST on commission')).toBe('₹1,215');
    expect(figure('TCS')).toBe('₹382.50');
    expect(figure('TDS')).toBe('₹45');
    // The summary chart: one bar a month, the figures in its label.
    const trend = within(card).getByRole('img', { name: /^Tax by month:/ });
    const lastMonth = taxSummary.months.at(-1)!;
    const withheld = lastMonth.gstOnCommission + lastMonth.tcs + lastMonth.tds;
    expect(trend.getAttribute('aria-label')).toContain(`Nov 2026: ${formatRupees(withheld)}`);
    expect(trend.querySelectorAll('rect').length).toBe(Math.min(6, taxSummary.months.length));
  });

  it('shows no tax card when the reply has no months', async () => {
    const { taxCalls } = answer(
      () => json(figures()),
      () => json({ months: [], rates: [] }),
    );
    renderWithProviders(<DashboardHome />);
    await screen.findByTestId('figure-openFlags');
    await vi.waitFor(() => expect(taxCalls).toHaveLength(1));
    expect(screen.queryByTestId('tax-this-month')).toBeNull();
  });

  it('draws no chart when nothing was paid, and says so', async () => {
    answer(() =>
      json(
        figures({
          daily: days([0, 0, 0]),
          totals: { volume: 0, commission: 0 },
          ordersByStatus: ORDER_STATUSES.map((status) => ({ status, count: 0 })),
        }),
      ),
    );
    renderWithProviders(<DashboardHome />);
    expect(await screen.findByText('No payments in the last 30 days.')).toBeTruthy();
    expect(screen.queryByTestId('daily-chart')).toBeNull();
    expect(screen.getByText('No orders yet.')).toBeTruthy();
  });

  it('says when the figures failed to load, and asks again', async () => {
    const user = userEvent.setup();
    let fail = true;
    answer(() => (fail ? json({ message: 'down' }, 500) : json(figures())));
    renderWithProviders(<DashboardHome />);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load the dashboard.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByTestId('figure-openFlags')).toBeTruthy();
  });
});
