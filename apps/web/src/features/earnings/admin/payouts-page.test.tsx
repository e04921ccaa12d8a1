import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { json, mockPayoutsApi, page, riya, show } from './payouts.test-helpers';

vi.mock('../../../lib/auth/session', () => ({
  useSession: () => ({ user: { _id: 'a1', role: 'admin', username: 'root' }, loading: false }),
}));

describe('admin payouts page', () => {
  const payouts = mockPayoutsApi();
  const { calls } = payouts;

  it("shows the totals and each editor's account, balances, last settlement and failures", async () => {
    show();
    expect(screen.getByRole('heading', { level: 1, name: 'Payouts' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: "Editors' payouts" });
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(totals.textContent).toContain('Pending₹9,500');
    expect(totals.textContent).toContain('Available−₹500');
    expect(totals.textContent).toContain('Commission₹5,400');

    const [, row] = within(table).getAllByRole('row') as [HTMLElement, HTMLElement];
    for (const text of [
      'Riya Cuts',
      '@riya',
      'Blocked: KYC documents pending',
      'A/c •••• 6789 · HDFC0001234',
      'Held until',
      '−₹500',
      '₹8,000',
      'Paid out',
      'UTR998877',
    ]) {
      expect(row.textContent).toContain(text);
    }
    expect(within(row).getByRole('link', { name: 'Edit editor Riya Cuts' }).getAttribute('href')).toBe(
      '/admin/dashboard/edit-editor/e1',
    );
    expect(
      within(row)
        .getByRole('link', { name: /^2 failed payout steps of Riya Cuts/ })
        .getAttribute('href'),
    ).toBe('#payout-failures');
    // The same editors as cards below xl, where the table would not fit the admin content box.
    const cards = screen.getByRole('list', { name: "Editors' payouts" });
    expect(cards.parentElement!.className).toBe('xl:hidden');
    expect(table.closest('.hidden')!.className).toContain('xl:block');
    expect(within(cards).getAllByRole('listitem')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await vi.waitFor(() => expect(within(cards).getAllByRole('listitem')).toHaveLength(2));
    const second = within(cards).getAllByRole('listitem')[1]!;
    expect(second.textContent).toContain('No username');
    expect(second.textContent).toContain('No payout details');
    expect(second.textContent).toContain('Not set up yet');
    expect(calls()).toContain('/api/admin/payouts?cursor=c2');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('searches editors by name or username', async () => {
    payouts.list = (url) => json(200, page(url.searchParams.get('q') ? [] : [riya]));
    show();
    await screen.findByRole('table', { name: "Editors' payouts" });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Editor name or username' }), ' nobody ');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No editor matches “nobody”')).toBeTruthy();
    expect(calls()).toContain('/api/admin/payouts?q=nobody');
  });

  it("retries a failure at its own address, disabled while it runs, with the server's message", async () => {
    const success = vi.spyOn(toast, 'success');
    let release!: () => void;
    payouts.retry = () =>
      new Promise((resolve) => {
        release = () => {
          payouts.failures = () => json(200, { items: [] });
          resolve(json(200, { message: 'Retry started: the settlement is on its way' }));
        };
      });
    show();
    const item = (await screen.findAllByTestId('payout-failure'))[0]!;
    expect(item.textContent).toContain('Riya Cuts (@riya)');
    expect(item.textContent).toContain('The gateway said: Beneficiary bank is offline');
    expect(item.textContent).toContain('₹2,500');
    const button = within(item).getByRole('button', { name: 'Retry the settlement of Riya Cuts' });
    await userEvent.click(button);
    await vi.waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    expect(button.textContent).toBe('Retrying...');
    expect(calls('POST')).toEqual([
      '/api/admin/payouts/failures/settlement/7d0c7a52-3c1e-4a55-9b55-3f0b6a1f0c11/retry',
    ]);
    const failureGets = calls().filter((u) => u === '/api/admin/payouts/failures').length;
    release();
    await vi.waitFor(() =>
      expect(success).toHaveBeenCalledWith('Retry started: the settlement is on its way'),
    );
    expect(await screen.findByText('Nothing is waiting for a retry.')).toBeTruthy();
    expect(calls().filter((u) => u === '/api/admin/payouts/failures').length).toBeGreaterThan(failureGets);
  });

  it("shows a refused retry's message", async () => {
    const error = vi.spyOn(toast, 'error');
    payouts.retry = () => json(409, { message: 'The editor has no active payout account' });
    show();
    const item = (await screen.findAllByTestId('payout-failure'))[0]!;
    await userEvent.click(within(item).getByRole('button', { name: /^Retry/ }));
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('The editor has no active payout account'));
  });

  it('lists every settlement with its editor, vendor, UTR or failure reason, and pages with Show more', async () => {
    show();
    const list = await screen.findByRole('list', { name: 'Settlements' });
    const [paid, failed] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    for (const text of ['riya', '₹12,000', 'Paid out', 'ED_e1', 'UTR998877'])
      expect(paid.textContent).toContain(text);
    for (const text of ['₹2,500', 'Failed', 'Beneficiary bank is offline.'])
      expect(failed.textContent).toContain(text);
    const section = list.closest('section')!;
    await userEvent.click(within(section).getByRole('button', { name: 'Show more settlements' }));
    expect(await within(list).findByText('₹700')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Show more settlements' })).toBeNull();
  });
});
