import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Editor, EditorListReply } from '@cutroom/contracts/portfolio';
import { SessionProvider } from '../../../lib/auth/session';
import PortfolioListPage from './portfolio-list-page';

const riya: Editor = {
  _id: 'e1',
  username: 'Riya Cuts',
  portfolio: {
    whatsIncluded: [],
    tiers: [
      {
        title: 'pro',
        description: '',
        features: [],
        pricing: [{ reelCount: 1, priceMin: 2999 }],
        samples: [],
      },
    ],
  },
};

const reply = (data: Editor[]): EditorListReply => ({
  data,
  page: 1,
  limit: 20,
  total: data.length,
  hasMore: false,
  summary: { availableEditors: data.length, editorsWithPortfolios: data.length, totalSamples: 0 },
});
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Shows the address bar, so a test can read what the page wrote to the URL. */
function Address() {
  const { search } = useLocation();
  return <output data-testid="address">{search}</output>;
}
const address = () => decodeURIComponent(screen.getByTestId('address').textContent ?? '');

function app(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <SessionProvider>
          <Routes>
            <Route
              path="/portfolio"
              element={
                <>
                  <PortfolioListPage />
                  <Address />
                </>
              }
            />
          </Routes>
        </SessionProvider>
      </MemoryRouter>
    </QueryClientProvider>
  );
}
const renderAt = (url: string) => render(app(url));

const sortBox = () => screen.getByLabelText('Sort by') as HTMLSelectElement;
const tierBox = () => screen.getByLabelText('Tier') as HTMLSelectElement;
const minBox = () => screen.getByLabelText('Lowest price in rupees') as HTMLInputElement;
const maxBox = () => screen.getByLabelText('Highest price in rupees') as HTMLInputElement;
const tagChips = () =>
  within(screen.getByRole('list', { name: 'Tags in the filter' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('/portfolio sort and filters', () => {
  let answer: (url: URL) => Response;
  let requests: URL[];
  const editorRequests = () => requests.filter((u) => u.pathname.startsWith('/api/users/editors'));
  const lastQuery = () => Object.fromEntries(editorRequests().at(-1)!.searchParams);

  beforeEach(() => {
    requests = [];
    answer = () => json(200, reply([riya]));
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/me') return json(401, { message: 'Please login to continue' });
      requests.push(url);
      return answer(url);
    });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('restores every control from a shared URL and asks the API with the same filters', async () => {
    renderAt('/portfolio?q=wedding&sort=rating&minPrice=500&maxPrice=5000&tier=pro&tags=reels,Drone');
    expect(await screen.findByRole('heading', { name: 'Riya Cuts' })).toBeTruthy();

    expect((screen.getByPlaceholderText('Search editors by name or tags...') as HTMLInputElement).value).toBe(
      'wedding',
    );
    expect(sortBox().value).toBe('rating');
    expect(sortBox().selectedOptions[0]?.textContent).toBe('Highest rated');
    expect(minBox().value).toBe('500');
    expect(maxBox().value).toBe('5000');
    expect(tierBox().value).toBe('pro');
    // Tags are matched lower-case, as the server stores them.
    expect(tagChips()).toEqual(['reels', 'drone']);
    // Price range, tier and two tags.
    expect(screen.getByRole('button', { name: 'Filters 4 active' }).getAttribute('aria-expanded')).toBe(
      'false',
    );

    expect(editorRequests()).toHaveLength(1);
    expect(editorRequests()[0]!.pathname).toBe('/api/users/editors/search');
    expect(lastQuery()).toEqual({
      page: '1',
      limit: '20',
      query: 'wedding',
      sort: 'rating',
      minPrice: '500',
      maxPrice: '5000',
      tier: 'pro',
      tags: 'reels,drone',
    });
  });

  it('writes each change to the URL and asks again; Clear filters keeps the search and the sort', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAt('/portfolio?q=riya');
    await screen.findByRole('heading', { name: 'Riya Cuts' });

    await user.selectOptions(sortBox(), 'Price: low to high');
    await waitFor(() => expect(address()).toBe('?q=riya&sort=price'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ query: 'riya', sort: 'price' }));

    await user.selectOptions(tierBox(), 'Basic');
    await waitFor(() => expect(lastQuery()).toMatchObject({ tier: 'basic' }));

    // A comma finishes a tag; Enter finishes the next one.
    await user.type(screen.getByLabelText('Tags'), 'Wedding, reels{Enter}');
    await waitFor(() => expect(address()).toBe('?q=riya&sort=price&tier=basic&tags=wedding,reels'));
    expect(tagChips()).toEqual(['wedding', 'reels']);
    await waitFor(() => expect(lastQuery()).toMatchObject({ tags: 'wedding,reels' }));

    // Prices wait for typing to pause, like the search: no request per digit.
    const before = editorRequests().length;
    await user.type(minBox(), '1000');
    expect(editorRequests()).toHaveLength(before);
    await act(() => vi.advanceTimersByTimeAsync(500));
    await waitFor(() => expect(lastQuery()).toMatchObject({ minPrice: '1000' }));
    expect(editorRequests()).toHaveLength(before + 1);

    await user.click(screen.getByRole('button', { name: 'Remove tag wedding' }));
    await waitFor(() => expect(address()).toContain('tags=reels'));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(address()).toBe('?q=riya&sort=price'));
    expect(minBox().value).toBe('');
    expect(tierBox().value).toBe('');
    expect(screen.queryByRole('list', { name: 'Tags in the filter' })).toBeNull();
    expect(lastQuery()).toEqual({ page: '1', limit: '20', query: 'riya', sort: 'price' });
  });

  it('keeps a sort, tier, price and tag typed on the server-rendered page before the app took it over', async () => {
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(app('/portfolio?q=riya'));
    // The visitor acts on the server's HTML; no script has run yet.
    const field = (name: string) => container.querySelector(`[name="${name}"]`) as HTMLInputElement;
    field('sort').value = 'price';
    field('tier').value = 'pro';
    field('minPrice').value = '500';
    field('tags').value = 'wedding';
    const root = await act(async () => hydrateRoot(container, app('/portfolio?q=riya')));
    try {
      await waitFor(() => expect(address()).toBe('?q=riya&sort=price&minPrice=500&tier=pro'));
      await waitFor(() =>
        expect(lastQuery()).toMatchObject({ query: 'riya', sort: 'price', minPrice: '500', tier: 'pro' }),
      );
      expect([sortBox().value, tierBox().value, minBox().value]).toEqual(['price', 'pro', '500']);
      // A tag being typed stays in its box (the app's re-renders since did not wipe it), ready to add.
      const tagBox = screen.getByLabelText('Tags') as HTMLInputElement;
      expect(tagBox.value).toBe('wedding');
      fireEvent.keyDown(tagBox, { key: 'Enter' });
      await waitFor(() => expect(address()).toBe('?q=riya&sort=price&minPrice=500&tier=pro&tags=wedding'));
    } finally {
      act(() => root.unmount());
      container.remove();
    }
  });

  it('is a GET form to /portfolio named after the URL; with the app, a submit applies the search at once', async () => {
    renderAt('/portfolio?tier=pro&tags=reels');
    await screen.findByRole('heading', { name: 'Riya Cuts' });
    const form = screen.getByRole('form', { name: 'Sort and filter editors' }) as HTMLFormElement;
    expect([form.method, new URL(form.action).pathname]).toEqual(['get', '/portfolio']);
    const search = screen.getByRole('searchbox', { name: 'Search editors' }) as HTMLInputElement;
    expect(search.form).toBe(form);
    expect([...new FormData(form).keys()]).toEqual([
      'q',
      'sort',
      'minPrice',
      'maxPrice',
      'tier',
      'tags',
      'tags',
    ]);

    // Time stands still: the typing pause never ends, only the submit (Enter) can apply the search.
    vi.useFakeTimers();
    fireEvent.change(search, { target: { value: 'riya' } });
    await act(async () => {});
    expect(address()).toBe('?tier=pro&tags=reels');
    fireEvent.submit(form);
    await act(async () => {});
    expect(address()).toBe('?q=riya&tier=pro&tags=reels');
  });

  it('shows an impossible price range beside the inputs and sends no request for it', async () => {
    renderAt('/portfolio?minPrice=5000&maxPrice=1000');
    const error = await screen.findByText('The lowest price cannot be above the highest');
    // Next to the inputs, which point at it.
    expect(error.closest('fieldset')).toBe(minBox().closest('fieldset'));
    expect(minBox().getAttribute('aria-invalid')).toBe('true');
    expect(minBox().getAttribute('aria-describedby')).toBe(error.id);
    // On a phone the panel starts open, so the error is in view.
    expect(screen.getByRole('button', { name: /^Filters/ }).getAttribute('aria-expanded')).toBe('true');
    await screen.findByText('Check the price range');
    expect(editorRequests()).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Clear price range' }));
    expect(await screen.findByRole('heading', { name: 'Riya Cuts' })).toBeTruthy();
    expect(lastQuery()).toEqual({ page: '1', limit: '20' });
  });

  it('typing a range whose lowest is above the highest asks nothing until it is fixed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAt('/portfolio');
    await screen.findByRole('heading', { name: 'Riya Cuts' });
    await user.type(minBox(), '5000');
    await act(() => vi.advanceTimersByTimeAsync(500));
    await waitFor(() => expect(lastQuery()).toMatchObject({ minPrice: '5000' }));
    const before = editorRequests().length;

    await user.type(maxBox(), '100');
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(await screen.findByText('The lowest price cannot be above the highest')).toBeTruthy();
    expect(address()).toBe('?minPrice=5000&maxPrice=100');
    expect(editorRequests()).toHaveLength(before);

    await user.type(maxBox(), '00');
    await act(() => vi.advanceTimersByTimeAsync(500));
    await waitFor(() => expect(lastQuery()).toMatchObject({ minPrice: '5000', maxPrice: '10000' }));
    expect(screen.queryByText('The lowest price cannot be above the highest')).toBeNull();
  });

  it('says when filters match nothing and clears them; No Editors Available is for an empty catalogue', async () => {
    answer = () => json(200, reply([]));
    renderAt('/portfolio?tier=pro&q=riya');
    expect(await screen.findByText('No editors match these filters')).toBeTruthy();
    expect(screen.queryByText('No Editors Available')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect(await screen.findByText('No Editors Available')).toBeTruthy();
    expect(address()).toBe('');
    expect((screen.getByPlaceholderText('Search editors by name or tags...') as HTMLInputElement).value).toBe(
      '',
    );
    expect(editorRequests().at(-1)!.pathname).toBe('/api/users/editors');
    expect(lastQuery()).toEqual({ page: '1', limit: '20' });
  });
});
