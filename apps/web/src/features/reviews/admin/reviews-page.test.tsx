import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REVIEW_MESSAGES, type AdminReview, type AdminReviewPage } from '@cutroom/contracts/reviews';
import AdminReviewsPage from './reviews-page';

vi.mock('../../../lib/auth/session', () => ({
  useSession: () => ({ user: { _id: 'a1', role: 'admin', username: 'root' }, loading: false }),
}));

const visible: AdminReview = {
  _id: 'rv-1',
  rating: 2,
  communication: 1,
  quality: 3,
  onTime: null,
  text: 'Late and sloppy.',
  reply: 'Sorry, the files came late.',
  repliedAt: '2026-11-26T10:00:00.000Z',
  createdAt: '2026-11-25T10:00:00.000Z',
  author: 'maya_makes',
  orderTitle: 'Wedding teaser',
  editor: { _id: 'e1', username: 'Riya Cuts' },
  creator: { _id: 'c1', username: 'maya_makes' },
  orderId: 'o-1',
  orderReference: 'CR-10001',
  hidden: false,
  hiddenReason: null,
  history: [],
};

const hidden: AdminReview = {
  ...visible,
  _id: 'rv-2',
  rating: 1,
  text: 'Call me on my number',
  reply: null,
  repliedAt: null,
  orderId: 'o-2',
  orderReference: 'CR-10002',
  hidden: true,
  hiddenReason: 'Tries to share contact details',
  history: [
    {
      action: 'hidden',
      reason: 'Spam, first look',
      admin: 'root',
      createdAt: '2026-11-27T10:00:00.000Z',
    },
    { action: 'shown', reason: 'Was not spam', admin: null, createdAt: '2026-11-28T10:00:00.000Z' },
    {
      action: 'hidden',
      reason: 'Tries to share contact details',
      admin: 'root',
      createdAt: '2026-11-29T10:00:00.000Z',
    },
  ],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const page = (data: AdminReview[], over: Partial<AdminReviewPage> = {}): AdminReviewPage => ({
  data,
  page: 1,
  limit: 10,
  total: data.length,
  hasMore: false,
  ...over,
});

function show(path = '/admin/dashboard/reviews') {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}
    >
      <MemoryRouter initialEntries={[path]}>
        <AdminReviewsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('admin reviews page', () => {
  let fetchSpy: ReturnType<typeof vi.spyOn>;
  let list: (url: string) => Response;
  let act: (url: string) => Response;
  beforeEach(() => {
    list = () => json(200, page([visible, hidden]));
    act = () => json(200, { message: REVIEW_MESSAGES.hidden, data: { ...visible, hidden: true } });
    fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      return (init?.method ?? 'GET') === 'GET' ? list(url) : act(url);
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });
  const calls = (method: string) =>
    (fetchSpy.mock.calls as [string, RequestInit | undefined][])
      .filter(([, init]) => (init?.method ?? 'GET') === method)
      .map(([url, init]) => ({ url, body: init?.body }));
  const card = async (reference: string) =>
    (await screen.findAllByTestId('admin-review')).find((c) => c.textContent?.includes(reference))!;

  it('shows each review as a card: stars, text, reply, names, order link, hidden reason and history', async () => {
    show();
    expect(screen.getByRole('heading', { level: 1, name: 'Reviews' })).toBeTruthy();
    const first = await card('CR-10001');
    expect(first.textContent).toContain('2 out of 5 stars');
    expect(first.textContent).toContain('Late and sloppy.');
    expect(first.textContent).toContain('Reply from Riya Cuts');
    expect(first.textContent).toContain('Sorry, the files came late.');
    expect(first.textContent).toContain('Communication: 1/5');
    expect(first.textContent).not.toContain('On time');
    expect(within(first).getByRole('link', { name: 'CR-10001' }).getAttribute('href')).toBe(
      '/admin/dashboard/orders/o-1',
    );
    expect(within(first).getByRole('link', { name: 'Riya Cuts' }).getAttribute('href')).toBe(
      '/admin/dashboard/edit-editor/e1',
    );
    expect(first.textContent).toContain('maya_makes');
    expect(within(first).getByRole('button', { name: 'Hide the review of CR-10001' })).toBeTruthy();

    const second = await card('CR-10002');
    expect(second.textContent).toContain('Hidden: Tries to share contact details');
    const history = within(second).getByRole('region', { name: 'History' });
    const entries = within(history)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(entries).toHaveLength(3);
    expect(entries[0]).toMatch(/^Hidden by root, .*“Spam, first look”$/);
    expect(entries[1]).toMatch(/^Shown again by a deleted admin, .*“Was not spam”$/);
    expect(within(second).getByRole('button', { name: 'Show again the review of CR-10002' })).toBeTruthy();
    expect(calls('GET')[0]!.url).toBe('/api/admin/reviews?status=all&page=1&limit=10');
  });

  it('asks for a reason of at least 3 characters before hiding, then sends it and refreshes', async () => {
    const success = vi.spyOn(toast, 'success');
    show();
    await userEvent.click(within(await card('CR-10001')).getByRole('button', { name: /^Hide/ }));
    const dialog = screen.getByRole('dialog', { name: 'Hide review' });
    const submit = () => userEvent.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    await submit();
    expect(await within(dialog).findByText('Reason must be at least 3 characters')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText(/Reason/), '  ok ');
    await submit();
    expect(
      within(dialog)
        .getByLabelText(/Reason/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(calls('POST')).toHaveLength(0);

    const gets = calls('GET').length;
    await userEvent.clear(within(dialog).getByLabelText(/Reason/));
    await userEvent.type(within(dialog).getByLabelText(/Reason/), ' Insults the editor ');
    await submit();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('POST')).toEqual([
      { url: '/api/admin/reviews/rv-1/hide', body: JSON.stringify({ reason: 'Insults the editor' }) },
    ]);
    expect(success).toHaveBeenCalledWith(REVIEW_MESSAGES.hidden);
    await vi.waitFor(() => expect(calls('GET').length).toBeGreaterThan(gets));
    // Back on the card's button once the dialog has gone.
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Hide the review of CR-10001' }),
      ),
    );
  });

  it("shows a hidden review again with a reason, and the server's refusal in the dialog", async () => {
    act = () => json(409, { message: REVIEW_MESSAGES.notHidden });
    show();
    await userEvent.click(within(await card('CR-10002')).getByRole('button', { name: /^Show again/ }));
    const dialog = screen.getByRole('dialog', { name: 'Show review again' });
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Appeal accepted');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show again' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(REVIEW_MESSAGES.notHidden);
    expect(calls('POST')[0]).toEqual({
      url: '/api/admin/reviews/rv-2/unhide',
      body: JSON.stringify({ reason: 'Appeal accepted' }),
    });
  });

  it('filters by tab and pages through the list', async () => {
    list = (url) =>
      url.includes('status=hidden')
        ? json(200, page([hidden], { total: 12, hasMore: true, page: url.includes('page=2') ? 2 : 1 }))
        : json(200, page([visible]));
    show();
    await card('CR-10001');
    await userEvent.click(screen.getByRole('button', { name: 'Hidden' }));
    await card('CR-10002');
    expect(screen.getByRole('button', { name: 'Hidden' }).getAttribute('aria-pressed')).toBe('true');
    expect(calls('GET').at(-1)!.url).toBe('/api/admin/reviews?status=hidden&page=1&limit=10');
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(pages.textContent).toContain('Page 1 of 2');
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    await vi.waitFor(() =>
      expect(calls('GET').at(-1)!.url).toBe('/api/admin/reviews?status=hidden&page=2&limit=10'),
    );
  });

  it('says when there is nothing to show, and offers Try Again on an error', async () => {
    list = () => json(500, { message: 'boom' });
    show('/admin/dashboard/reviews?status=hidden');
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load reviews.');
    list = () => json(200, page([]));
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No hidden reviews')).toBeTruthy();
  });
});
