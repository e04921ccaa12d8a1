import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYOUT_MESSAGES } from '@cutroom/contracts/payouts';
import { PayoutDetailsForm } from './payout-details-form';
import { anAccount, json } from '../../../testing/earnings-fixtures';

function show(props: Partial<Parameters<typeof PayoutDetailsForm>[0]> = {}) {
  const onSaved = vi.fn();
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}
    >
      <PayoutDetailsForm changing={false} onSaved={onSaved} {...props} />
    </QueryClientProvider>,
  );
  return { onSaved };
}

const type = (label: string | RegExp, text: string) => userEvent.type(screen.getByLabelText(label), text);
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save payout details' }));
const errorOf = (label: string | RegExp) => {
  const input = screen.getByLabelText(label);
  return input.parentElement!.querySelector('[role="alert"]')?.textContent ?? null;
};

describe('payout details form', () => {
  let fetchSpy: ReturnType<typeof vi.spyOn>;
  let answer: () => Response | Promise<Response>;
  beforeEach(() => {
    answer = () => json(200, { payoutAccount: anAccount(), message: PAYOUT_MESSAGES.saved });
    fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => answer());
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });
  const puts = () =>
    (fetchSpy.mock.calls as [string, RequestInit | undefined][])
      .filter(([, init]) => init?.method === 'PUT')
      .map(([url, init]) => ({ url, body: JSON.parse(String(init?.body)) }));

  it('refuses a bad IFSC and account numbers that differ, next to their fields', async () => {
    show();
    await type('Account holder name', 'Riya Sharma');
    await type('Mobile number', '98765 43210');
    await type('Account number', '123456789');
    await type('Confirm account number', '123456780');
    await type('IFSC', 'HDFC1234');
    await save();
    expect(errorOf('IFSC')).toBe(PAYOUT_MESSAGES.ifsc);
    expect(errorOf('Confirm account number')).toBe(PAYOUT_MESSAGES.accountsDiffer);
    expect(errorOf('Account number')).toBeNull();
    expect(screen.getByLabelText('IFSC').getAttribute('aria-invalid')).toBe('true');
    expect(puts()).toHaveLength(0);
  });

  it('asks for the copy of the account number, a real one and a mobile number', async () => {
    show();
    await type('Account holder name', 'Riya Sharma');
    await type('Mobile number', '12345');
    await type('Account number', '12ab');
    await type('IFSC', 'HDFC0001234');
    await save();
    expect(errorOf('Account number')).toBe(PAYOUT_MESSAGES.accountNumber);
    expect(errorOf('Confirm account number')).toBe('Enter the account number again');
    expect(errorOf('Mobile number')).toBe(PAYOUT_MESSAGES.phone);
    expect(puts()).toHaveLength(0);
  });

  it('checks a UPI id, then sends only the UPI fields', async () => {
    const { onSaved } = show();
    await userEvent.click(screen.getByRole('radio', { name: /UPI id/ }));
    expect(screen.queryByLabelText('Account number')).toBeNull();
    await type('Account holder name', 'Riya Sharma');
    await type('Mobile number', '98765 43210');
    await type('UPI id', 'riya@');
    await save();
    expect(errorOf('UPI id')).toBe(PAYOUT_MESSAGES.vpa);
    expect(puts()).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('UPI id'));
    await type('UPI id', ' riya.s@okicici ');
    await save();
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(puts()).toEqual([
      {
        url: '/api/earnings/payout-details',
        body: { method: 'upi', accountHolder: 'Riya Sharma', phone: '9876543210', vpa: 'riya.s@okicici' },
      },
    ]);
  });

  it('sends normalised bank details, disables itself while saving, then empties every field', async () => {
    const success = vi.spyOn(toast, 'success');
    let release!: () => void;
    answer = () =>
      new Promise((resolve) => {
        release = () => resolve(json(200, { payoutAccount: anAccount(), message: PAYOUT_MESSAGES.saved }));
      });
    const { onSaved } = show({ changing: true, onCancel: () => {} });
    expect(screen.getByText(/holds your payouts for 24 hours/)).toBeTruthy();
    await type('Account holder name', 'Riya Sharma');
    await type('Mobile number', '98765 43210');
    await type('Account number', '1234 5678 9012');
    await type('Confirm account number', '123456789012');
    await type('IFSC', 'hdfc0001234');
    await save();
    const button = await screen.findByRole('button', { name: 'Saving...' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    // The fieldset holds every field still.
    expect(screen.getByLabelText('Account number').matches(':disabled')).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    release();
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(puts()[0]!.body).toEqual({
      method: 'bank',
      accountHolder: 'Riya Sharma',
      phone: '9876543210',
      accountNumber: '123456789012',
      ifsc: 'HDFC0001234',
    });
    expect(success).toHaveBeenCalledWith(PAYOUT_MESSAGES.saved);
    for (const label of ['Account holder name', 'Account number', 'Confirm account number', 'IFSC']) {
      expect((screen.getByLabelText(label) as HTMLInputElement).value).toBe('');
    }
  });

  it("shows the server's field error next to its field, and any other refusal above the buttons", async () => {
    answer = () => json(400, { message: `ifsc: ${PAYOUT_MESSAGES.ifsc}` });
    show();
    await type('Account holder name', 'Riya Sharma');
    await type('Mobile number', '98765 43210');
    await type('Account number', '123456789');
    await type('Confirm account number', '123456789');
    await type('IFSC', 'HDFC0001234');
    await save();
    await vi.waitFor(() => expect(errorOf('IFSC')).toBe(PAYOUT_MESSAGES.ifsc));

    answer = () => json(502, { message: 'Gateway down' });
    await save();
    expect((await screen.findByText(/could not be saved/)).getAttribute('role')).toBe('alert');
  });
});
