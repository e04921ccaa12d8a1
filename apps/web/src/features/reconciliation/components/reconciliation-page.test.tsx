import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { RECONCILIATION_MESSAGES } from '@cutroom/contracts/reconciliation';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { FINDINGS_LABEL } from './findings-layout';
import { RUN_FAILED } from './last-run';
import ReconciliationPage, {
  MORE_FAILED,
  NOTHING_TO_RECONCILE,
  RECONCILIATION_LOAD_FAILED,
} from './reconciliation-page';
import {
  json,
  mockReconciliationApi,
  page,
  paymentFound,
  refundResent,
  run,
} from './reconciliation.test-helpers';

const show = () => renderWithProviders(<ReconciliationPage />);
const lists = (calls: string[]) => calls.filter((c) => c.startsWith('GET /api/admin/reconciliation'));

describe('admin reconciliation page', () => {
  const recon = mockReconciliationApi();

  it('shows the last run and the findings, newest first, as a table and as cards', async () => {
    show();
    expect(screen.getByRole('heading', { level: 1, name: 'Reconciliation' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading findings...');
    const table = await screen.findByRole('table', { name: FINDINGS_LABEL });

    const last = screen.getByTestId('reconciliation-last-run');
    expect(last.textContent).toContain('Scheduled');
    expect(last.textContent).toContain('Finished');
    expect(last.textContent).toContain('Checked: 12 payments, 3 refunds, 1 split · 2 findings');
    expect(
      within(last)
        .getByText(/24 Nov 2026/)
        .getAttribute('dateTime'),
    ).toBe(run.startedAt);

    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Time', 'Kind', 'Order', 'Amount', 'Found', 'Action']);
    const [, first, second] = rows as [HTMLElement, HTMLElement, HTMLElement];
    const cells = within(first).getAllByRole('cell');
    expect(cells[1]!.textContent).toBe('Payment found at the gateway');
    expect(cells[2]!.textContent).toBe('CR-1042cr_order_abc123');
    expect(within(cells[2]!).getByRole('link', { name: 'CR-1042' }).getAttribute('href')).toBe(
      '/admin/dashboard/orders/o42',
    );
    expect(cells[3]!.textContent).toBe('₹2,499');
    expect(cells[4]!.textContent).toBe(paymentFound.found);
    expect(cells[5]!.textContent).toBe(paymentFound.action);
    // A finding with no order of ours names the gateway's order, unlinked; paise are shown.
    const other = within(second).getAllByRole('cell');
    expect(other[1]!.textContent).toBe('Refund sent again');
    expect(other[2]!.textContent).toBe(refundResent.gatewayOrderId);
    expect(within(other[2]!).queryByRole('link')).toBeNull();
    expect(other[3]!.textContent).toBe('₹1,000.50');

    // The same findings as cards, for screens narrower than the table (CSS shows one of the two).
    const cards = within(screen.getByRole('list', { name: FINDINGS_LABEL })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]!.textContent).toContain('Payment found at the gateway');
    expect(cards[0]!.textContent).toContain('₹2,499');
    expect(cards[0]!.textContent).toContain(paymentFound.action);
    expect(within(cards[0]!).getByRole('link', { name: 'CR-1042' })).toBeTruthy();
    expect(lists(recon.calls())).toEqual(['GET /api/admin/reconciliation']);
  });

  it('says when there is nothing to reconcile, and when reconciliation never ran', async () => {
    recon.list = () => json(200, page({ items: [], lastRun: null }));
    show();
    expect(await screen.findByText(NOTHING_TO_RECONCILE)).toBeTruthy();
    expect(screen.getByText(/Reconciliation has not run yet/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("shows a run's error and a run under way", async () => {
    recon.list = () =>
      json(200, page({ lastRun: { ...run, trigger: 'admin', error: 'The gateway timed out.' } }));
    const { unmount } = show();
    const last = await screen.findByTestId('reconciliation-last-run');
    expect(last.textContent).toContain('Run by an admin');
    expect(last.textContent).toContain('Failed');
    expect(last.textContent).toContain('The run failed: The gateway timed out.');
    unmount();

    recon.list = () => json(200, page({ lastRun: { ...run, finishedAt: null } }));
    show();
    const running = await screen.findByTestId('reconciliation-last-run');
    expect(running.textContent).toContain('Running');
    expect(screen.getByRole('button', { name: 'Running...' }).hasAttribute('disabled')).toBe(true);
  });

  it('filters by kind with the labels of the contract', async () => {
    const user = userEvent.setup();
    show();
    await screen.findByRole('table', { name: FINDINGS_LABEL });
    recon.list = (url) =>
      json(200, page({ items: url.searchParams.get('kind') === 'payment_confirmed' ? [paymentFound] : [] }));
    await user.selectOptions(screen.getByLabelText('Kind'), 'Payment found at the gateway');
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(lists(recon.calls()).at(-1)).toBe('GET /api/admin/reconciliation?kind=payment_confirmed');

    await user.selectOptions(screen.getByLabelText('Kind'), 'Duplicate payment');
    expect(await screen.findByText('No “Duplicate payment” findings.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show all kinds' }));
    expect((screen.getByLabelText('Kind') as HTMLSelectElement).value).toBe('');
  });

  it('loads more with the cursor, and says so when that fails', async () => {
    const user = userEvent.setup();
    recon.list = (url) =>
      url.searchParams.get('cursor') === 'c2'
        ? json(200, page({ items: [{ ...refundResent, id: 'f0', createdAt: '2026-11-23T09:00:00.000Z' }] }))
        : json(200, page({ nextCursor: 'c2' }));
    show();
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(4));
    expect(lists(recon.calls()).at(-1)).toBe('GET /api/admin/reconciliation?cursor=c2');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('reports a page of more findings that failed', async () => {
    const user = userEvent.setup();
    recon.list = (url) =>
      url.searchParams.get('cursor')
        ? json(500, { message: 'Internal' })
        : json(200, page({ nextCursor: 'c2' }));
    show();
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MORE_FAILED);
  });

  it('shows a load failure with Try Again', async () => {
    const user = userEvent.setup();
    recon.list = () => json(500, { message: 'Internal' });
    show();
    expect((await screen.findByRole('alert')).textContent).toBe(RECONCILIATION_LOAD_FAILED);
    recon.list = () => json(200, page());
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('table', { name: FINDINGS_LABEL })).toBeTruthy();
  });

  it('runs now: busy while it runs, a toast with the message, and the list asked again', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    let finish!: () => void;
    recon.run = () =>
      new Promise((resolve) => {
        finish = () =>
          resolve(json(200, { run: { ...run, id: 'run2' }, message: RECONCILIATION_MESSAGES.ran }));
      });
    show();
    await screen.findByRole('table', { name: FINDINGS_LABEL });
    await user.click(screen.getByRole('button', { name: 'Run now' }));
    const busy = await screen.findByRole('button', { name: 'Running...' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    const before = lists(recon.calls()).length;
    finish();
    await waitFor(() => expect(success).toHaveBeenCalledWith(RECONCILIATION_MESSAGES.ran));
    await waitFor(() => expect(lists(recon.calls()).length).toBeGreaterThan(before));
    expect(recon.calls()).toContain('POST /api/admin/reconciliation/run');
    expect(await screen.findByRole('button', { name: 'Run now' })).toBeTruthy();
  });

  it('shows a run already under way (409) as an error toast with its message', async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(toast, 'error');
    recon.run = () => json(409, { message: RECONCILIATION_MESSAGES.alreadyRunning });
    show();
    await screen.findByRole('table', { name: FINDINGS_LABEL });
    await user.click(screen.getByRole('button', { name: 'Run now' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(RECONCILIATION_MESSAGES.alreadyRunning));

    recon.run = () => json(500, { message: 'Internal' });
    await user.click(await screen.findByRole('button', { name: 'Run now' }));
    await waitFor(() => expect(error).toHaveBeenLastCalledWith(RUN_FAILED));
  });
});
