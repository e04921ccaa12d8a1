import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatRoom } from '@cutroom/contracts/chat';
import { RoomActions } from './room-actions';

const active: ChatRoom = {
  _id: 'room-1',
  creator: { _id: 'c1', username: 'creator-7f3a9c' },
  editor: { _id: 'e1', username: 'Riya Cuts' },
  isFrozen: false,
  isEnded: false,
  status: 'Active',
  lastMessage: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};
const frozen: ChatRoom = { ...active, isFrozen: true, status: 'Frozen' };

function show(room: ChatRoom) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <RoomActions room={room} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('admin chat room actions', () => {
  const patches: string[] = [];
  beforeEach(() => {
    patches.length = 0;
    vi.spyOn(toast, 'success').mockImplementation(() => '');
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      patches.push(`${init?.method} ${url.pathname}`);
      const action = url.pathname.split('/').pop();
      const room =
        action === 'freeze'
          ? frozen
          : action === 'end'
            ? { ...active, isEnded: true, status: 'Ended' }
            : active;
      return new Response(JSON.stringify({ message: 'ok', data: room }), {
        headers: { 'content-type': 'application/json' },
      });
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('asks before freezing, says what it does, and Cancel changes nothing', async () => {
    const user = userEvent.setup();
    show(active);
    await user.click(screen.getByRole('button', { name: 'Freeze' }));
    const dialog = screen.getByRole('dialog', { name: 'Freeze this chat?' });
    expect(within(dialog).getByText(/creator-7f3a9c \(creator\) and Riya Cuts \(editor\)/)).toBeTruthy();
    expect(dialog.textContent).toContain('until you unfreeze it');
    expect(dialog.textContent).toContain('They can still read the conversation');
    expect(dialog.textContent).toContain('Orders in this chat are not cancelled');
    expect(patches).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(patches).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Freeze' }));
    await user.click(screen.getByRole('button', { name: 'Freeze chat' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patches).toEqual(['PATCH /api/admin/chat/room-1/freeze']);
    expect(toast.success).toHaveBeenCalledWith('Chat room frozen.');
  });

  it('asks before ending, saying the pair cannot start another chat and only Reopen undoes it', async () => {
    const user = userEvent.setup();
    show(active);
    await user.click(screen.getByRole('button', { name: 'End' }));
    const dialog = screen.getByRole('dialog', { name: 'End this chat?' });
    expect(dialog.textContent).toContain('will no longer be able to write in this chat');
    expect(dialog.textContent).toContain('cannot start another chat with each other');
    expect(dialog.textContent).toContain('only Reopen lets them talk again');
    expect(within(dialog).getByRole('link', { name: 'All Orders' }).getAttribute('href')).toBe(
      '/admin/dashboard/all-orders',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(patches).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'End' }));
    await user.click(screen.getByRole('button', { name: 'End chat' }));
    await waitFor(() => expect(patches).toEqual(['PATCH /api/admin/chat/room-1/end']));
  });

  it('unfreezes at once: it only gives back what freezing took', async () => {
    const user = userEvent.setup();
    show(frozen);
    expect(screen.queryByRole('button', { name: 'Freeze' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Unfreeze' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(patches).toEqual(['PATCH /api/admin/chat/room-1/unfreeze']));
  });
});
