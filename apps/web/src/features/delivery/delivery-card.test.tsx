import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Delivery } from '@cutroom/contracts/delivery';
import { DeliveryCard, type DeliverySide } from './delivery-card';

const base: Delivery = {
  _id: 'd1',
  roomId: 'r1',
  number: 3,
  tier: 'pro',
  kind: 'video',
  sizeBytes: 1000,
  note: 'Second pass',
  status: 'sent',
  changesNote: null,
  preview: {
    status: 'ready',
    error: null,
    url: '/api/deliveries/d1/preview?t=x',
    posterUrl: '/api/deliveries/d1/poster?t=x',
  },
  amount: 4999,
  paid: false,
  paidAt: null,
  canDownload: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  decidedAt: null,
};

function show(delivery: Partial<Delivery>, side: DeliverySide, closed = false) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DeliveryCard
        delivery={{ ...base, ...delivery }}
        side={side}
        roomId="r1"
        editorId="e1"
        editorName="Asha Edits"
        closed={closed}
      />
    </QueryClientProvider>,
  );
}
const button = (name: string) => screen.queryByRole('button', { name: new RegExp(name) });

describe('delivery card', () => {
  afterEach(cleanup);

  it('says the preview is being made', () => {
    show({ preview: { status: 'processing', error: null, url: null, posterUrl: null } }, 'creator');
    expect(screen.getByRole('status').textContent).toContain('Processing preview…');
    expect(button('Approve')).toBeNull();
  });

  it('plays the watermarked preview with its poster, and lets the creator decide', () => {
    show({}, 'creator');
    const video = screen.getByTestId('delivery-preview-video') as HTMLVideoElement;
    expect(video.getAttribute('src')).toBe('/api/deliveries/d1/preview?t=x');
    expect(video.getAttribute('poster')).toBe('/api/deliveries/d1/poster?t=x');
    expect(video.controls).toBe(true);
    expect(button('Request changes')).not.toBeNull();
    expect(button('Approve')).not.toBeNull();
    expect(screen.queryByText('Ready for your review')).not.toBeNull();
  });

  it('shows an image preview with alt text', () => {
    show({ kind: 'image', preview: { ...base.preview, posterUrl: null } }, 'editor');
    expect(screen.getByRole('img').getAttribute('alt')).toBe('Watermarked preview of delivery 3');
  });

  it('gives the editor no decision, and the creator none in a frozen room', () => {
    show({}, 'editor');
    expect(button('Approve')).toBeNull();
    expect(screen.queryByText('Waiting for review')).not.toBeNull();
    cleanup();
    show({}, 'creator', true);
    expect(button('Approve')).toBeNull();
  });

  it('shows a failed preview with its reason, and Retry only to the editor', () => {
    const failed = {
      status: 'failed' as const,
      error: 'ffmpeg is not installed',
      url: null,
      posterUrl: null,
    };
    show({ preview: failed }, 'editor');
    expect(screen.getByRole('alert').textContent).toContain('ffmpeg is not installed');
    expect(button('Retry')).not.toBeNull();
    cleanup();
    show({ preview: failed }, 'creator');
    expect(button('Retry')).toBeNull();
    expect(button('Approve')).toBeNull();
  });

  it('asks the creator to pay an approved delivery, then offers the final file once paid', () => {
    show({ status: 'approved' }, 'creator');
    expect(screen.queryByText('Approved, waiting for payment')).not.toBeNull();
    expect(button('Pay to unlock the final file')?.textContent).toContain('₹4,999');
    expect(button('Download final video')).toBeNull();
    cleanup();
    show({ status: 'approved', paid: true, canDownload: true }, 'creator');
    expect(button('Download final video')).not.toBeNull();
    expect(button('Pay to unlock')).toBeNull();
    cleanup();
    // The editor sees it paid but never gets the download from here.
    show({ status: 'approved', paid: true, canDownload: false }, 'editor');
    expect(screen.queryByText('Paid')).not.toBeNull();
    expect(button('Download final')).toBeNull();
  });

  it('shows what the creator asked to change', () => {
    show({ status: 'changes_requested', changesNote: 'Trim the intro' }, 'editor');
    expect(screen.queryByText('Trim the intro')).not.toBeNull();
    expect(screen.getAllByText(/Changes requested/).length).toBeGreaterThan(0);
  });
});
