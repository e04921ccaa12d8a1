import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@cutroom/contracts';
import type { EditorReviewsReply, RatingSummary, Review } from '@cutroom/contracts/reviews';
import { SessionProvider } from '../../../lib/auth/session';
import { EditorReviews } from './editor-reviews';

const review = (n: number, over: Partial<Review> = {}): Review => ({
  _id: `r${n}`,
  rating: 5,
  communication: null,
  quality: null,
  onTime: null,
  text: `Review number ${n}`,
  reply: null,
  repliedAt: null,
  createdAt: `2025-03-${String(28 - n).padStart(2, '0')}T10:00:00.000Z`,
  author: `creator_${n}`,
  orderTitle: `Order ${n}`,
  ...over,
});

const summary: RatingSummary = {
  average: 4.6,
  count: 12,
  distribution: [
    { stars: 5, count: 8 },
    { stars: 4, count: 3 },
    { stars: 3, count: 0 },
    { stars: 2, count: 1 },
    { stars: 1, count: 0 },
  ],
  communication: 4.9,
  quality: 4.5,
  onTime: null,
};

const page = (data: Review[], n: number, total: number, s: RatingSummary = summary): EditorReviewsReply => ({
  data,
  page: n,
  limit: 10,
  total,
  hasMore: n * 10 < total,
  summary: s,
});
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const riyaEditor: User = { _id: 'e1', role: 'editor', username: 'Riya Cuts' };

function show() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <EditorReviews editorId="e1" editorName="Riya Cuts" />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

describe('Reviews on an editor’s portfolio', () => {
  let me: User | null;
  let reviewsAnswer: (url: URL) => Response;
  let replyAnswer: (body: { reply: string }) => Response;
  let calls: string[];

  beforeEach(() => {
    me = null;
    calls = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
      if (url.pathname === '/api/me')
        return me ? json(200, { user: me }) : json(401, { message: 'Please login' });
      if (url.pathname === '/api/users/editors/e1/reviews') return reviewsAnswer(url);
      if (url.pathname.startsWith('/api/reviews/')) return replyAnswer(JSON.parse(String(init?.body)));
      return json(404, { message: 'Not found' });
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the summary with its distribution, the reviews newest first, and pages with Show more reviews', async () => {
    const first = Array.from({ length: 10 }, (_, i) => review(i + 1));
    first[0] = review(1, {
      rating: 4,
      communication: 5,
      quality: 4,
      text: 'Sharp cuts, on time.',
      reply: 'Thank you!',
      repliedAt: '2025-03-28T12:00:00.000Z',
    });
    reviewsAnswer = (url) =>
      url.searchParams.get('page') === '1'
        ? json(200, page(first, 1, 12))
        : json(200, page([review(11), review(12)], 2, 12));
    show();

    expect(screen.getByText('Loading reviews...')).toBeTruthy();
    const section = await screen.findByRole('region', { name: 'Reviews' });
    expect(await within(section).findByText('Sharp cuts, on time.')).toBeTruthy();

    // Summary: average, count, every row of the distribution in words, and the sub-ratings sent.
    expect(within(section).getByText('4.6')).toBeTruthy();
    expect(within(section).getByText('12 reviews')).toBeTruthy();
    const bars = within(section).getByRole('list', { name: 'Reviews by stars' });
    expect(
      within(bars)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.sr-only')?.textContent),
    ).toEqual([
      '5 stars: 8 reviews (67%)',
      '4 stars: 3 reviews (25%)',
      '3 stars: 0 reviews (0%)',
      '2 stars: 1 review (8%)',
      '1 star: 0 reviews (0%)',
    ]);
    expect(within(section).getByText('Communication')).toBeTruthy();
    expect(within(section).getByText('4.9')).toBeTruthy();
    expect(within(section).queryByText('Delivery on time')).toBeNull();

    // One review in full: who, what was bought, when, the words and the editor's reply.
    const reviews = within(section).getByRole('list', { name: 'Reviews, newest first' });
    const firstReview = within(reviews).getAllByRole('article')[0]!;
    expect(within(firstReview).getByRole('heading', { name: 'creator_1' })).toBeTruthy();
    expect(within(firstReview).getByText('Rated 4 out of 5 by')).toBeTruthy();
    expect(within(firstReview).getByText('Order: Order 1')).toBeTruthy();
    expect(within(firstReview).getByText('27 Mar 2025')).toBeTruthy();
    expect(within(firstReview).getByText('Response from Riya Cuts')).toBeTruthy();
    expect(within(firstReview).getByText('Thank you!')).toBeTruthy();
    // A visitor never gets a Reply button.
    expect(within(section).queryByRole('button', { name: /^Reply/ })).toBeNull();

    expect(within(reviews).getAllByRole('article')).toHaveLength(10);
    await userEvent.click(within(section).getByRole('button', { name: 'Show more reviews' }));
    await waitFor(() => expect(within(reviews).getAllByRole('article')).toHaveLength(12));
    expect(within(section).getByText('Review number 12')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Show more reviews' })).toBeNull();
    expect(calls.filter((c) => c.includes('/reviews?'))).toEqual([
      'GET /api/users/editors/e1/reviews?page=1&limit=10',
      'GET /api/users/editors/e1/reviews?page=2&limit=10',
    ]);
  });

  it('says No reviews yet for an editor without reviews', async () => {
    const none: RatingSummary = {
      average: null,
      count: 0,
      distribution: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: 0 })),
      communication: null,
      quality: null,
      onTime: null,
    };
    reviewsAnswer = () => json(200, page([], 1, 0, none));
    show();
    expect(await screen.findByText('No reviews yet')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Reviews by stars' })).toBeNull();
  });

  it('shows a failure with Try Again, which asks again', async () => {
    let fail = true;
    reviewsAnswer = () => (fail ? json(500, { message: 'boom' }) : json(200, page([review(1)], 1, 1)));
    show();
    expect(await screen.findByText('Failed to load reviews. Please try again.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Review number 1')).toBeTruthy();
  });

  it('lets the reviewed editor reply once: inline form, errors beside the field, a toast, the reply shown', async () => {
    me = riyaEditor;
    let replied: string | null = null;
    reviewsAnswer = () =>
      json(
        200,
        page(
          [
            review(
              1,
              replied ? { reply: replied, repliedAt: '2025-03-29T10:00:00.000Z' } : { canReply: true },
            ),
            review(2),
          ],
          1,
          2,
        ),
      );
    const success = vi.spyOn(toast, 'success');
    let attempts = 0;
    replyAnswer = (body) => {
      attempts += 1;
      if (attempts === 1) return json(403, { message: 'Only the editor who was reviewed can reply' });
      replied = body.reply;
      return json(201, {
        message: 'Reply posted.',
        data: review(1, { reply: body.reply, repliedAt: '2025-03-29T10:00:00.000Z' }),
      });
    };
    const user = userEvent.setup();
    show();

    // Only the review the editor may answer has the button.
    const open = await screen.findByRole('button', { name: 'Reply to creator_1' });
    expect(screen.getAllByRole('button', { name: /^Reply/ })).toHaveLength(1);

    // Cancel closes the form and gives the focus back.
    await user.click(open);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Reply to creator_1' })),
    );

    await user.click(screen.getByRole('button', { name: 'Reply to creator_1' }));
    const box = screen.getByLabelText('Your public reply to creator_1') as HTMLTextAreaElement;
    expect(document.activeElement).toBe(box);
    expect(box.maxLength).toBe(1500);

    // Empty: said beside the field, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Post reply' }));
    expect(screen.getByRole('alert').textContent).toBe('Write your reply first');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(attempts).toBe(0);

    await user.type(box, 'Thanks a lot');
    expect(screen.getByText('12/1,500')).toBeTruthy();

    // The server's refusal is shown beside the field too.
    await user.click(screen.getByRole('button', { name: 'Post reply' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Only the editor who was reviewed can reply'),
    );

    await user.click(screen.getByRole('button', { name: 'Post reply' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Reply posted.'));
    expect(await screen.findByText('Response from Riya Cuts')).toBeTruthy();
    expect(screen.getByText('Thanks a lot')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Reply/ })).toBeNull();
    expect(screen.queryByLabelText('Your public reply to creator_1')).toBeNull();
    // The list was asked again after the reply.
    await waitFor(() =>
      expect(calls.filter((c) => c.startsWith('GET /api/users/editors/e1/reviews'))).toHaveLength(2),
    );
    expect(calls).toContain('POST /api/reviews/r1/reply');
  });
});
