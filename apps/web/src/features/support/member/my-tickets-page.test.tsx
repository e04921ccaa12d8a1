import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemberSupportTicket } from '@cutroom/contracts/support-member';
import MyTicketsPage from './my-tickets-page';
import { renderWithProviders } from '../../../testing/render-with-providers';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const ticket = (n: number, fields: Partial<MemberSupportTicket> = {}): MemberSupportTicket => ({
  _id: `00000000-0000-4000-8000-00000000000${n}`,
  reference: `T-${1000 + n}`,
  subject: `Question ${n}`,
  message: `What about ${n}?`,
  status: 'open',
  createdAt: '2026-11-25T10:00:00.000Z',
  closedAt: null,
  order: null,
  replyCount: 0,
  replies: [],
  ...fields,
});

function answer(pages: Record<string, unknown>) {
  const urls: string[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    urls.push(url);
    const key = Object.keys(pages).find((k) => url.endsWith(k));
    if (!key) return json({ message: 'Server exploded' }, 500);
    return json(pages[key]);
  });
  return { spy, urls };
}

describe('My support tickets', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lists the member’s tickets with status, order and the team’s replies, then the next page', async () => {
    const user = userEvent.setup();
    const answered = ticket(1, {
      status: 'closed',
      closedAt: '2026-11-26T10:00:00.000Z',
      order: { _id: 'o1', reference: 'CR-10482', title: 'Wedding teaser' },
      replyCount: 1,
      replies: [{ _id: 'r1', message: 'Your file is on its way.', createdAt: '2026-11-26T09:00:00.000Z' }],
    });
    answer({
      '/support/tickets?limit=10': { data: [ticket(2), answered], nextCursor: answered._id },
      [`/support/tickets?limit=10&before=${answered._id}`]: { data: [ticket(3)], nextCursor: null },
    });
    renderWithProviders(<MyTicketsPage />);
    expect(screen.getByRole('heading', { name: 'My support tickets' })).toBeTruthy();
    const cards = await screen.findAllByTestId('my-ticket');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Open')).toBeTruthy();
    expect(within(cards[0]!).getByText('No reply yet. We answer by e-mail and here.')).toBeTruthy();
    const second = within(cards[1]!);
    expect(second.getByRole('heading', { name: 'T-1001 Question 1' })).toBeTruthy();
    expect(second.getByText('Closed')).toBeTruthy();
    expect(second.getByText('About order CR-10482 · Wedding teaser')).toBeTruthy();
    expect(second.getByTestId('member-reply').textContent).toContain('Your file is on its way.');
    expect(second.getByTestId('member-reply').textContent).toContain('Cutroom support');

    await user.click(screen.getByRole('button', { name: 'Load more tickets' }));
    expect(await screen.findByRole('heading', { name: 'T-1003 Question 3' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more tickets' })).toBeNull();
  });

  it('says so when there are none, with the way to send one', async () => {
    answer({ '/support/tickets?limit=10': { data: [], nextCursor: null } });
    renderWithProviders(<MyTicketsPage />);
    expect(await screen.findByText('No support tickets yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/contact');
  });

  it('says when the list failed to load and tries again', async () => {
    const user = userEvent.setup();
    const { urls } = answer({});
    renderWithProviders(<MyTicketsPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load your support tickets.');
    const before = urls.length;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await vi.waitFor(() => expect(urls.length).toBeGreaterThan(before));
  });
});
