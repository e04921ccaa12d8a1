import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_DETAILS_BLOCKED_MESSAGE } from '@cutroom/contracts/contact-details';
import { ORDER_MESSAGES } from '@cutroom/contracts/orders';
import { ApiError } from '../../../lib/api';
import { anOrder } from '../../../testing/order-fixtures';
import { ordersApi } from '../api/orders-api';
import { formatOrderDate } from '../utils/format';
import { OrderCard } from './order-card';

// In progress, due 6 Jan 2030: far enough ahead that "from the due date" is what a request counts from.
const order = anOrder({ status: 'in_progress', actions: ['deliver', 'request_extension'] });

function show() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <OrderCard order={order} side="editor" closed={false} onDeliver={() => {}} />
    </QueryClientProvider>,
  );
}

async function open() {
  const user = userEvent.setup();
  show();
  await user.click(screen.getByRole('button', { name: 'Ask for more time' }));
  const dialog = screen.getByRole('dialog', { name: 'Ask for more time' });
  return {
    user,
    dialog,
    days: within(dialog).getByLabelText('Extra days') as HTMLInputElement,
    reason: within(dialog).getByLabelText('Reason for the creator') as HTMLTextAreaElement,
    send: within(dialog).getByRole('button', { name: 'Ask for more time' }),
  };
}

/** The field's own error line: the alert in the block of the control's label. */
const fieldError = (control: HTMLElement) =>
  within(document.querySelector<HTMLElement>(`label[for="${control.id}"]`)!.parentElement!).queryByRole(
    'alert',
  )?.textContent;

describe("the editor's request for more time", () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('says the current due date and that the due date stays without an answer', async () => {
    const { dialog } = await open();
    expect(dialog.textContent).toContain(`CR-10482 is due ${formatOrderDate(order.dueAt!)}`);
    expect(dialog.textContent).toContain('without an answer within 48 hours, the due date stays');
  });

  it('checks each field beside it with the contracts’ rules and sends nothing until both are right', async () => {
    const request = vi.spyOn(ordersApi, 'requestExtension');
    const { user, days, reason, send } = await open();
    await user.click(send);
    expect(fieldError(days)).toBe('Extra days must be at least 1');
    expect(fieldError(reason)).toBe('Reason must be at least 3 characters');

    await user.type(days, '31');
    await user.type(reason, 'ok');
    await user.click(send);
    expect(fieldError(days)).toBe('Extra days must be at most 30');
    expect(fieldError(reason)).toBe('Reason must be at least 3 characters');

    await user.clear(days);
    await user.type(days, '2.5');
    await user.click(send);
    expect(fieldError(days)).toBe('Extra days must be a whole number');
    expect(request).not.toHaveBeenCalled();
  });

  it('shows the due date the days typed would give, from the current due date', async () => {
    const { user, dialog, days } = await open();
    expect(within(dialog).queryByTestId('extension-new-due')).toBeNull();
    await user.type(days, '3');
    expect(within(dialog).getByTestId('extension-new-due').textContent).toBe(
      `If the creator accepts now, it is due ${formatOrderDate('2030-01-09T10:00:00.000Z')}.`,
    );
    await user.type(days, '5'); // 35: past the most that can be asked for
    expect(within(dialog).queryByTestId('extension-new-due')).toBeNull();
  });

  it('sends the days and the trimmed reason, then closes and says so', async () => {
    const request = vi
      .spyOn(ordersApi, 'requestExtension')
      .mockResolvedValue(anOrder({ actions: ['deliver', 'withdraw_extension'] }));
    const { user, days, reason, send } = await open();
    await user.type(days, '2');
    await user.type(reason, '  The footage arrived late  ');
    await user.click(send);
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(order._id, { days: 2, reason: 'The footage arrived late' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the dialog and everything typed when the server refuses, and says why in it', async () => {
    const request = vi
      .spyOn(ordersApi, 'requestExtension')
      .mockRejectedValueOnce(new ApiError(409, ORDER_MESSAGES.extensionPending))
      .mockResolvedValueOnce(anOrder({ actions: ['deliver', 'withdraw_extension'] }));
    const { user, dialog, days, reason, send } = await open();
    await user.type(days, '4');
    await user.type(reason, 'Music licence pending');
    await user.click(send);
    const refusal = await within(dialog).findByTestId('form-error');
    expect(refusal.textContent).toBe(ORDER_MESSAGES.extensionPending);
    expect(screen.getByRole('dialog', { name: 'Ask for more time' })).toBe(dialog);
    expect(days.value).toBe('4');
    expect(reason.value).toBe('Music licence pending');
    expect(days.disabled).toBe(false);

    // Tried again, it goes through with the same values.
    await user.click(send);
    await waitFor(() => expect(request).toHaveBeenCalledTimes(2));
    expect(request).toHaveBeenLastCalledWith(order._id, { days: 4, reason: 'Music licence pending' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens blank again, without the last refusal, after being closed', async () => {
    vi.spyOn(ordersApi, 'requestExtension').mockRejectedValue(new ApiError(409, 'Refused'));
    const { user, dialog, days, reason, send } = await open();
    await user.type(days, '4');
    await user.type(reason, 'Music licence pending');
    await user.click(send);
    await within(dialog).findByTestId('form-error');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Ask for more time' }));
    const again = screen.getByRole('dialog', { name: 'Ask for more time' });
    expect((within(again).getByLabelText('Extra days') as HTMLInputElement).value).toBe('');
    expect((within(again).getByLabelText('Reason for the creator') as HTMLTextAreaElement).value).toBe('');
    expect(within(again).queryByTestId('form-error')).toBeNull();
  });

  it('refuses contact details in the reason, as the chat does, and sends nothing', async () => {
    const request = vi.spyOn(ordersApi, 'requestExtension');
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 400 }));
    const { user, days, reason, send } = await open();
    await user.type(days, '2');
    await user.type(reason, 'Call me on 9876543210');
    await user.click(send);
    expect(fieldError(reason)).toBe(CONTACT_DETAILS_BLOCKED_MESSAGE);
    expect(request).not.toHaveBeenCalled();
    // The refused attempt is put on record (never shown to the person).
    // (The card's other reads, such as its files, may come first: the record is found among the calls.)
    const refusalCall = () => fetchSpy.mock.calls.find(([u]) => /\/api\/contact-refusals$/.test(String(u)));
    await waitFor(() => expect(refusalCall()).toBeDefined());
    const [url, init] = refusalCall() as [string, RequestInit];
    expect(url).toMatch(/\/api\/contact-refusals$/);
    expect(JSON.parse(String(init.body))).toMatchObject({ place: 'extension_reason', orderId: order._id });
  });
});
