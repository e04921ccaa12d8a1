import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderFile, OrderFilesReply } from '@cutroom/contracts/order-files';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { OrderFiles } from './order-files';

const ORDER = {
  _id: '6f1e0c1a-1111-4a4a-8888-000000000001',
  reference: 'CR-10482',
  status: 'in_progress',
} as const;
const GB = 1024 ** 3;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const file = (over: Partial<OrderFile>): OrderFile => ({
  id: 'f1',
  orderId: ORDER._id,
  kind: 'footage',
  status: 'ready',
  name: 'A-cam take 3.mov',
  sizeBytes: 1.5 * GB,
  mimeType: 'video/quicktime',
  sha256: 'ab'.repeat(32),
  video: { durationSeconds: 62.4, width: 3840, height: 2160, codec: 'prores', frameRate: 25 },
  rejectedReason: null,
  uploadedBy: 'creator',
  mine: false,
  createdAt: '2026-11-27T10:00:00.000Z',
  completedAt: '2026-11-27T10:20:00.000Z',
  downloadUrl: '/api/order-files/f1/download?t=ticket',
  uploadUrl: null,
  ...over,
});

describe('an order’s files', () => {
  let reply: OrderFilesReply;
  beforeEach(() => {
    reply = {
      data: [],
      limits: { perFileBytes: 20 * GB, perOrderBytes: 50 * GB, usedBytes: 0 },
      canAddFootage: false,
      archiveUrl: null,
    };
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input).endsWith(`/orders/${ORDER._id}/files`) ? json(200, reply) : json(404, { message: 'no' }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('offers the creator to add footage, with what is left of the allowance', async () => {
    reply = { ...reply, canAddFootage: true, limits: { ...reply.limits, usedBytes: 12 * GB } };
    renderWithProviders(<OrderFiles order={ORDER} />);
    expect((await screen.findByRole('button', { name: 'Add footage' })).textContent).toContain('Add footage');
    expect(screen.getByText(/up to 20 GB a file; 38 GB left for this order/).textContent).toMatch(
      /up to 20 GB a file; 38 GB left for this order/,
    );
    expect(screen.getByText(/No files yet\. Add your raw footage/).textContent).toMatch(
      /No files yet\. Add your raw footage/,
    );
  });

  it('shows the editor each file with its facts, hash and a download link, and no way to add footage', async () => {
    reply = { ...reply, data: [file({})], archiveUrl: `/api/orders/${ORDER._id}/files.zip?t=ticket` };
    renderWithProviders(<OrderFiles order={ORDER} />);
    const row = await screen.findByTestId('order-file');
    const all = screen.getByRole('link', { name: 'Download every file of order CR-10482 as one zip' });
    expect(all.getAttribute('href')).toBe(`/api/orders/${ORDER._id}/files.zip?t=ticket`);
    expect(within(row).getByText('A-cam take 3.mov').textContent).toBe('A-cam take 3.mov');
    expect(within(row).getByText(/1\.5 GB · Creator/).textContent).toMatch(/1\.5 GB · Creator/);
    expect(within(row).getByText('3840×2160 · 25 fps · PRORES · 1:02').textContent).toBe(
      '3840×2160 · 25 fps · PRORES · 1:02',
    );
    // The hash, whole, in code type (to compare with a copy's).
    expect(within(row).getByText('ab'.repeat(32)).tagName).toBe('CODE');
    const link = within(row).getByRole('link', { name: 'Download A-cam take 3.mov' });
    expect(link.getAttribute('href')).toBe('/api/order-files/f1/download?t=ticket');
    expect(screen.queryByRole('button', { name: 'Add footage' })).toBeNull();
  });

  it('tells the uploader why a file was refused, and what to do with an interrupted one', async () => {
    reply = {
      ...reply,
      canAddFootage: true,
      data: [
        file({
          id: 'f2',
          name: 'fake.mp4',
          status: 'rejected',
          rejectedReason: 'This file is named as a video but is not one',
          mine: true,
          downloadUrl: null,
          sha256: null,
          video: null,
        }),
        file({
          id: 'f3',
          name: 'half.wav',
          status: 'uploading',
          mine: true,
          downloadUrl: null,
          sha256: null,
          video: null,
          uploadUrl: '/api/uploads/abc',
        }),
      ],
    };
    renderWithProviders(<OrderFiles order={ORDER} />);
    const rows = await screen.findAllByTestId('order-file');
    expect(rows[0]!.textContent).toContain('Refused: This file is named as a video but is not one');
    expect(within(rows[0]!).queryByRole('link')).toBeNull();
    expect(rows[1]!.textContent).toContain('Interrupted: choose the same file again to continue');
    const cancel = within(rows[1]!).getByRole('button', { name: 'Cancel the upload of half.wav' });
    expect(cancel.textContent).toContain('Cancel');
  });

  it('folds for a closed order until asked, then loads', async () => {
    const user = userEvent.setup();
    reply = { ...reply, data: [file({})] };
    renderWithProviders(<OrderFiles order={{ ...ORDER, status: 'completed' }} />);
    const toggle = screen.getByRole('button', { name: 'Footage and files' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(globalThis.fetch).not.toHaveBeenCalled();
    await user.click(toggle);
    expect((await screen.findByTestId('order-file')).textContent).toContain('A-cam take 3.mov');
  });

  it('is not there before the work has started', () => {
    renderWithProviders(<OrderFiles order={{ ...ORDER, status: 'awaiting_payment' }} />);
    expect(screen.queryByTestId('order-files')).toBeNull();
  });
});
