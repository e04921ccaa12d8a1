import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Editor } from '@cutroom/contracts/portfolio';
import { SessionProvider } from '../../../lib/auth/session';
import { EditorCard } from './editor-card';

const portfolio: Editor['portfolio'] = {
  whatsIncluded: ['Voice Over'],
  tiers: [
    {
      title: 'basic',
      description: '',
      features: [],
      pricing: [{ reelCount: 1, priceMin: 1499 }],
      samples: [],
    },
  ],
};

const trusted: Editor = {
  _id: 'e1',
  username: 'riya cuts',
  portfolio,
  photoUrl: '/media/photos/e1.webp',
  photoThumbUrl: '/media/photos/e1-128.webp',
  verified: true,
  rating: { average: 4.8, count: 23 },
  trackRecord: {
    completedOrders: 12,
    onTimeRate: 0.92,
    responseMinutes: 40,
    memberSince: '2024-03-05T00:00:00.000Z',
    disputesLost: 0,
  },
  startingPrice: 1499,
  fastestDays: 2,
};

function show(editor: Editor) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SessionProvider>
          <EditorCard editor={editor} />
        </SessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('EditorCard trust signals', () => {
  beforeEach(() => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ message: 'Please login to continue' }), { status: 401 }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the photo, the Verified badge, the rating, the track record and the starting price', () => {
    const { container } = show(trusted);
    const photo = container.querySelector('img');
    expect(photo?.getAttribute('src')).toBe('/media/photos/e1-128.webp');
    expect(screen.queryByTestId('avatar-initial')).toBeNull();
    expect(screen.getByText('Verified')).toBeTruthy();
    expect(screen.getByLabelText('Rated 4.8 out of 5 from 23 reviews')).toBeTruthy();
    expect(screen.getByText('4.8')).toBeTruthy();
    expect(
      screen.getByText('12 orders completed · 92% on time · Usually responds within an hour'),
    ).toBeTruthy();
    expect(screen.getByText('From ₹1,499 · Fastest delivery 2 days')).toBeTruthy();
    // SPEC's texts stay.
    expect(screen.getByText('Professional Video Editor')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Portfolio' })).toBeTruthy();
  });

  it('falls back to the initial when the photo fails to load', () => {
    const { container } = show(trusted);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('avatar-initial').textContent).toBe('R');
  });

  it('shows a new editor honestly and leaves out what the server did not send', () => {
    show({
      ...trusted,
      photoThumbUrl: undefined,
      verified: false,
      rating: { average: null, count: 0 },
      trackRecord: {
        completedOrders: 0,
        onTimeRate: null,
        responseMinutes: null,
        memberSince: '2025-01-01T00:00:00.000Z',
        disputesLost: 0,
      },
      startingPrice: null,
      fastestDays: null,
    });
    expect(screen.getByTestId('avatar-initial').textContent).toBe('R');
    expect(screen.queryByText('Verified')).toBeNull();
    expect(screen.getByText('No reviews yet')).toBeTruthy();
    expect(screen.getByText('New on Cutroom')).toBeTruthy();
    expect(screen.queryByText(/^From /)).toBeNull();
  });

  it('renders an editor from an older server without any of the new fields', () => {
    const { container } = show({
      _id: 'e2',
      username: 'New Face',
      portfolio: { whatsIncluded: [], tiers: [] },
    });
    expect(screen.getByRole('heading', { name: 'New Face' })).toBeTruthy();
    expect(screen.getByTestId('avatar-initial').textContent).toBe('N');
    expect(screen.queryByText('No reviews yet')).toBeNull();
    expect(screen.getByText('Portfolio not available yet')).toBeTruthy();
    expect(container.textContent).not.toMatch(/on time|orders completed|From ₹/);
  });
});
