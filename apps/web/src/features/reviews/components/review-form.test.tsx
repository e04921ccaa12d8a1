import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_DETAILS_BLOCKED_MESSAGE } from '@cutroom/contracts/contact-details';
import { REVIEW_MESSAGES } from '@cutroom/contracts/reviews';
import { anOrder } from '../../../testing/order-fixtures';
import { ReviewDialog } from './review-form';

const order = anOrder({ status: 'completed', reviewableUntil: '2026-12-23T10:00:00.000Z' });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const aReview = {
  _id: 'rv1',
  rating: 4,
  communication: 5,
  quality: null,
  onTime: null,
  text: 'Great cuts',
  reply: null,
  repliedAt: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  author: 'creator-1',
  orderTitle: 'Wedding teaser',
};

function show() {
  const onOpenChange = vi.fn();
  const onReviewed = vi.fn();
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}
    >
      <ReviewDialog
        open
        order={order}
        until={order.reviewableUntil!}
        onOpenChange={onOpenChange}
        onReviewed={onReviewed}
      />
    </QueryClientProvider>,
  );
  return { onOpenChange, onReviewed };
}

const stars = (group: RegExp, n: number) =>
  within(screen.getByRole('group', { name: group })).getByRole('radio', {
    name: `${n} star${n === 1 ? '' : 's'}`,
  });
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Submit review' }));

describe('review dialog', () => {
  let fetchSpy: ReturnType<typeof vi.spyOn>;
  let answer: () => Response;
  beforeEach(() => {
    answer = () => json(201, { message: REVIEW_MESSAGES.created, data: aReview });
    fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => answer());
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });
  const sent = () => {
    const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    return { url, method: init.method, body: JSON.parse(String(init.body)) };
  };

  it('names the order and the day the window closes', () => {
    show();
    const dialog = screen.getByRole('dialog', { name: 'Review your order' });
    expect(dialog.textContent).toContain('CR-10482 · Wedding teaser · by Asha Edits');
    expect(dialog.textContent).toContain('You can review until 23 Dec 2026');
  });

  it('requires the overall rating and sends nothing without it', async () => {
    show();
    await userEvent.type(screen.getByLabelText(/Your review/), 'Lovely work');
    await submit();
    expect(await screen.findByText('Choose an overall rating from 1 to 5 stars')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
    // Choosing the stars clears the complaint on the next try.
    await userEvent.click(stars(/Overall rating/, 3));
    await submit();
    await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('Choose an overall rating from 1 to 5 stars')).toBeNull();
  });

  it('sends the stars chosen and the trimmed text, leaving unset sub-ratings out, then says thanks', async () => {
    const success = vi.spyOn(toast, 'success');
    const { onOpenChange, onReviewed } = show();
    await userEvent.click(stars(/Overall rating/, 4));
    await userEvent.click(stars(/Communication/, 5));
    await userEvent.click(stars(/Delivery on time/, 2));
    const text = screen.getByLabelText(/Your review/);
    await userEvent.type(text, '  Great cuts  ');
    // The counter the field is described by.
    const counter = document.getElementById(text.getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(counter?.textContent).toBe('14 / 2000 characters');
    await submit();
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent()).toEqual({
      url: `/api/orders/${order._id}/review`,
      method: 'POST',
      body: { rating: 4, communication: 5, onTime: 2, text: 'Great cuts' },
    });
    expect(onReviewed).toHaveBeenCalledWith(aReview);
    expect(success).toHaveBeenCalledWith(REVIEW_MESSAGES.created);
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    answer = () => json(409, { message: REVIEW_MESSAGES.already });
    const { onOpenChange } = show();
    await userEvent.click(stars(/Overall rating/, 5));
    await submit();
    const dialog = screen.getByRole('dialog');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(REVIEW_MESSAGES.already);
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: 'Submit review' })).toBeTruthy();
  });

  it('refuses contact details in the text beside the field, before sending', async () => {
    show();
    await userEvent.click(stars(/Overall rating/, 5));
    await userEvent.type(screen.getByLabelText(/Your review/), 'Mail me at maya@example.com');
    await submit();
    expect(await screen.findByText(CONTACT_DETAILS_BLOCKED_MESSAGE)).toBeTruthy();
    expect(screen.getByLabelText(/Your review/).getAttribute('aria-invalid')).toBe('true');
    // The review is never sent; the one request puts the refused attempt on record (issue 25, item 14).
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/contact-refusals');
    expect(JSON.parse(String((init as RequestInit).body))).toMatchObject({ place: 'review' });
  });

  it('puts the server’s contact-detail refusal on the text field too', async () => {
    answer = () => json(400, { message: CONTACT_DETAILS_BLOCKED_MESSAGE });
    show();
    await userEvent.click(stars(/Overall rating/, 5));
    await userEvent.type(screen.getByLabelText(/Your review/), 'Fine work');
    await submit();
    await vi.waitFor(() =>
      expect(screen.getByLabelText(/Your review/).getAttribute('aria-invalid')).toBe('true'),
    );
    expect(screen.getByText(CONTACT_DETAILS_BLOCKED_MESSAGE)).toBeTruthy();
  });

  it('closes on Cancel without sending', async () => {
    const { onOpenChange } = show();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
