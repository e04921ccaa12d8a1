import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Editor, EditorListReply } from '@cutroom/contracts/portfolio';
import { SessionProvider } from '../../../lib/auth/session';
import PortfolioListPage from './portfolio-list-page';

const riya: Editor = {
  _id: 'e1',
  username: 'Riya Cuts',
  portfolio: {
    whatsIncluded: ['Voice Over'],
    tiers: [
      {
        title: 'basic',
        description: '',
        features: [],
        pricing: [{ reelCount: 1, priceMin: 1499 }],
        samples: [],
      },
      { title: 'pro', description: '', features: [], pricing: [], samples: [] },
    ],
  },
};
const newcomer: Editor = { _id: 'e2', username: 'New Face', portfolio: { whatsIncluded: [], tiers: [] } };

const reply = (data: Editor[]): EditorListReply => ({
  data,
  page: 1,
  limit: 20,
  total: data.length,
  hasMore: false,
  summary: {
    availableEditors: data.length,
    editorsWithPortfolios: data.filter((e) => e.portfolio.tiers.length).length,
    totalSamples: 0,
  },
});
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SessionProvider>
          <PortfolioListPage />
        </SessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('/portfolio', () => {
  let editorsAnswer: (url: URL) => Response;
  const calls: string[] = [];
  beforeEach(() => {
    calls.length = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(url.pathname + url.search);
      if (url.pathname === '/api/me') return json(401, { message: 'Please login to continue' });
      return editorsAnswer(url);
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows loading, then the counts and cards, with prices from contracts', async () => {
    editorsAnswer = () => json(200, reply([riya, newcomer]));
    renderPage();
    expect(screen.getByText('Loading editor portfolios...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Riya Cuts' })).toBeTruthy();
    expect(screen.getByText('Available Editors').nextSibling?.textContent).toBe('2');
    expect(screen.getByText('Editors with Portfolios').nextSibling?.textContent).toBe('1');
    expect(screen.getByText('₹1,499')).toBeTruthy();
    expect(screen.getByText('Contact for pricing')).toBeTruthy();
    expect(screen.getAllByText('Professional Video Editor')).toHaveLength(2);
    expect(screen.getByText('Portfolio not available yet')).toBeTruthy();
    // Only the editor with tiers has View Portfolio; both can be messaged.
    expect(screen.getAllByRole('link', { name: 'View Portfolio' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /Start Chat with Editor/ })).toHaveLength(2);
  });

  it('waits 500 ms after typing, says Searching..., and an empty search is the full list again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    editorsAnswer = (url) => json(200, reply(url.pathname.endsWith('/search') ? [riya] : [riya, newcomer]));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    await screen.findByRole('heading', { name: 'New Face' });
    await user.type(screen.getByPlaceholderText('Search editors by name or tags...'), 'riya');
    expect(screen.getByText('Searching...')).toBeTruthy();
    expect(calls.some((c) => c.includes('/search'))).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(500));
    await vi.waitFor(() => expect(screen.queryByRole('heading', { name: 'New Face' })).toBeNull());
    expect(calls.filter((c) => c.includes('/search'))).toEqual([
      '/api/users/editors/search?page=1&limit=20&query=riya',
    ]);
    await user.clear(screen.getByPlaceholderText('Search editors by name or tags...'));
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(await screen.findByRole('heading', { name: 'New Face' })).toBeTruthy();
    vi.useRealTimers();
  });

  it('answers a search that matches nobody with the empty state in words, not counts of 0', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    editorsAnswer = (url) => json(200, reply(url.pathname.endsWith('/search') ? [] : [riya, newcomer]));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    await screen.findByRole('heading', { name: 'Riya Cuts' });
    expect(screen.getByText('Available Editors').nextSibling?.textContent).toBe('2');
    await user.type(screen.getByPlaceholderText('Search editors by name or tags...'), 'zzz');
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(await screen.findByText('No Editors Available')).toBeTruthy();
    expect(screen.getByText(/No editor's name or tags match “zzz”/)).toBeTruthy();
    expect(screen.queryByRole('definition')).toBeNull();
    expect(screen.queryByText('Available Editors')).toBeNull();
    expect(screen.queryByText('Total Samples')).toBeNull();
    // Clearing the search brings the list and SPEC's counts back.
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await screen.findByRole('heading', { name: 'New Face' });
    expect(screen.getByText('Available Editors').nextSibling?.textContent).toBe('2');
    vi.useRealTimers();
  });

  it('shows the error box with Try Again, and the empty state', async () => {
    let fail = true;
    editorsAnswer = () => (fail ? json(500, { message: 'boom' }) : json(200, reply([])));
    renderPage();
    expect(await screen.findByText('Failed to load editors. Please try again.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No Editors Available')).toBeTruthy();
  });
});
