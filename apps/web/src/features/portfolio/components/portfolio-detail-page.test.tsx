import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Editor } from '@cutroom/contracts/portfolio';
import type { EditorReviewsReply } from '@cutroom/contracts/reviews';
import { SessionProvider } from '../../../lib/auth/session';
import PortfolioDetailPage from './portfolio-detail-page';

const editor: Editor = {
  _id: 'e1',
  username: 'Riya Cuts',
  portfolio: {
    whatsIncluded: [],
    tiers: [
      {
        title: 'basic',
        description: '',
        features: [],
        pricing: [{ reelCount: 1, priceMin: 1499 }],
        samples: [],
      },
    ],
  },
  photoUrl: '/media/photos/e1.webp',
  photoThumbUrl: '/media/photos/e1-128.webp',
  verified: true,
  rating: { average: 4.5, count: 2 },
  trackRecord: {
    completedOrders: 12,
    onTimeRate: 0.92,
    responseMinutes: 180,
    memberSince: '2024-03-05T00:00:00.000Z',
    disputesLost: 0,
  },
  startingPrice: 1499,
  fastestDays: 3,
};

const reviews: EditorReviewsReply = {
  data: [
    {
      _id: 'r1',
      rating: 5,
      communication: null,
      quality: null,
      onTime: null,
      text: 'Loved the edit',
      reply: null,
      repliedAt: null,
      createdAt: '2025-03-01T10:00:00.000Z',
      author: 'creator_7',
      orderTitle: 'Wedding teaser',
    },
  ],
  page: 1,
  limit: 10,
  total: 1,
  hasMore: false,
  summary: {
    average: 5,
    count: 1,
    distribution: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: stars === 5 ? 1 : 0 })),
    communication: null,
    quality: null,
    onTime: null,
  },
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderPage(shown: Editor) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/me') return json(401, { message: 'Please login to continue' });
    if (url.pathname === '/api/users/editors/e1') return json(200, { data: shown });
    if (url.pathname === '/api/users/editors/e1/reviews') return json(200, reviews);
    return json(404, { message: 'Not found' });
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/portfolio/e1']}>
        <SessionProvider>
          <Routes>
            <Route path="/portfolio/:editorId" element={<PortfolioDetailPage />} />
          </Routes>
        </SessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('/portfolio/{editorId} trust signals', () => {
  beforeEach(() => vi.restoreAllMocks());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the large photo, the badge, the rating, the track record and the reviews', async () => {
    const { container } = renderPage(editor);
    expect(await screen.findByRole('heading', { level: 1, name: 'Riya Cuts' })).toBeTruthy();
    expect(container.querySelector('header img')?.getAttribute('src')).toBe('/media/photos/e1.webp');
    expect(screen.getByText('Verified')).toBeTruthy();
    expect(screen.getByLabelText('Rated 4.5 out of 5 from 2 reviews')).toBeTruthy();

    const record = screen.getByRole('region', { name: 'Track record' });
    const figure = (label: string) => within(record).getByText(label).nextElementSibling?.textContent;
    expect(figure('Completed orders')).toBe('12');
    expect(figure('On-time delivery')).toBe('92%');
    expect(figure('Typical response')).toBe('Within a few hours');
    expect(figure('Member since')).toBe('March 2024');
    expect(figure('Fastest delivery')).toBe('3 days');

    const section = screen.getByRole('region', { name: 'Reviews' });
    expect(await within(section).findByText('Loved the edit')).toBeTruthy();
    // Below the tiers.
    const tiers = screen.getByRole('heading', { name: 'Editing Tiers' });
    expect(tiers.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('falls back to the initial when the photo fails, and says what is not known yet', async () => {
    const { container } = renderPage({
      ...editor,
      verified: false,
      trackRecord: {
        completedOrders: 0,
        onTimeRate: null,
        responseMinutes: null,
        memberSince: '2025-01-10T00:00:00.000Z',
        disputesLost: 0,
      },
      fastestDays: null,
    });
    await screen.findByRole('heading', { level: 1, name: 'Riya Cuts' });
    fireEvent.error(container.querySelector('header img')!);
    expect(screen.getByTestId('avatar-initial').textContent).toBe('R');
    expect(screen.queryByText('Verified')).toBeNull();
    const record = screen.getByRole('region', { name: 'Track record' });
    expect(within(record).getByText('None yet')).toBeTruthy();
    expect(within(record).getByText('No orders yet')).toBeTruthy();
    expect(within(record).getByText('Not enough chats yet')).toBeTruthy();
    expect(within(record).queryByText('Fastest delivery')).toBeNull();
  });
});
