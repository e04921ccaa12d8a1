import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ORDER_STATUSES } from '@cutroom/contracts/orders';
import type { AdminDashboard } from '@cutroom/contracts/responses/dashboard';
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

function answer(reply: () => Response) {
  const calls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    calls.push(String(input));
    return reply();
  });
  return calls;
}

describe('admin dashboard home', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows what waits, the money of 30 days with its chart, and orders by status', async () => {
    const calls = answer(() => json(figures()));
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
