import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fileNameOf } from '../../../lib/download';
import { payoutsExportPath } from '../api/export-payouts';
import { thisMonthSoFar } from './export-panel';
import { mockPayoutsApi, show } from './payouts.test-helpers';

vi.mock('../../../lib/auth/session', () => ({
  useSession: () => ({ user: { _id: 'a1', role: 'admin', username: 'root' }, loading: false }),
}));

describe('admin payouts page', () => {
  const payouts = mockPayoutsApi();
  const { calls } = payouts;

  it('downloads the CSV of the chosen period with the session, and refuses a period that ends first', async () => {
    const created: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((b: Blob) => {
        created.push(b);
        return 'blob:payouts';
      }),
      revokeObjectURL: vi.fn(),
    });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    show();
    const form = screen.getByRole('form', { name: 'Export payouts' });
    const from = within(form).getByLabelText('From') as HTMLInputElement;
    const to = within(form).getByLabelText('To') as HTMLInputElement;
    expect({ from: from.value, to: to.value }).toEqual(thisMonthSoFar());

    fireEvent.change(from, { target: { value: '2026-10-31' } });
    fireEvent.change(to, { target: { value: '2026-10-01' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Download CSV' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'The period must end on or after its start',
    );
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(calls().filter((u) => u.includes('/export'))).toHaveLength(0);

    fireEvent.change(from, { target: { value: '2026-10-01' } });
    fireEvent.change(to, { target: { value: '2026-10-31' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Download CSV' }));
    await vi.waitFor(() => expect(clicked).toHaveLength(1));
    expect(calls().filter((u) => u.includes('/export'))).toEqual([
      '/api/admin/payouts/export?from=2026-10-01&to=2026-10-31',
    ]);
    const exportCall = (payouts.fetchSpy.mock.calls as [string, RequestInit][]).find(([u]) =>
      u.includes('/export'),
    )!;
    expect(exportCall[1].credentials).toBe('include');
    expect(clicked[0]!.download).toBe('cutroom-payouts-2026-10-01-2026-10-31.csv');
    expect(clicked[0]!.getAttribute('href')).toBe('blob:payouts');
    expect(await created[0]!.text()).toContain('Riya Cuts,12000');
  });

  it('builds the export address and reads the file name', () => {
    expect(payoutsExportPath('2026-11-01', '2026-11-30')).toBe(
      '/admin/payouts/export?from=2026-11-01&to=2026-11-30',
    );
    expect(fileNameOf(`attachment; filename*=UTF-8''payouts%20nov.csv`)).toBe('payouts nov.csv');
    expect(fileNameOf('attachment; filename=payouts.csv')).toBe('payouts.csv');
    expect(fileNameOf(null)).toBeNull();
    expect(thisMonthSoFar(new Date(2026, 1, 14, 23, 30))).toEqual({ from: '2026-02-01', to: '2026-02-14' });
  });
});
