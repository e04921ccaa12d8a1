import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatRoom } from '@cutroom/contracts/chat';
import type { User } from '@cutroom/contracts/roles';
import { json } from '../../../testing/auth-flow';
import { OrderPanel } from './order-panel';

const room: ChatRoom = {
  _id: 'r1',
  creator: { _id: 'c1', username: 'creator_1' },
  editor: { _id: 'e1', username: 'Riya Cuts' },
  isFrozen: false,
  isEnded: false,
  status: 'Active',
  lastMessage: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const creator: User = { _id: 'c1', role: 'creator', username: 'creator_1', email: 'c@example.com' };
const editor: User = { _id: 'e1', role: 'editor', username: 'Riya Cuts' };

function show(me: User, over: Partial<ChatRoom> = {}) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(200, { data: [] }));
  const shown = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <OrderPanel
        room={{ ...room, ...over }}
        me={me}
        socket={null}
        DeliveryForm={() => null}
        askOffer="pro"
        onAskOfferShown={shown}
      />
    </QueryClientProvider>,
  );
  return shown;
}

describe("the room's orders, reached from a tier card's 'Ask for an offer'", () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("opens the creator's request form with that tier chosen, once", async () => {
    const shown = show(creator);
    const dialog = await screen.findByRole('dialog', { name: 'Ask for an offer' });
    expect((screen.getByLabelText('Tier (optional)') as HTMLSelectElement).value).toBe('pro');
    expect(dialog).toBeTruthy();
    await waitFor(() => expect(shown).toHaveBeenCalledTimes(1));
  });

  it('opens nothing for the editor, or in a room that takes no requests', async () => {
    const forEditor = show(editor);
    await waitFor(() => expect(forEditor).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();
    vi.restoreAllMocks();
    const frozen = show(creator, { isFrozen: true, status: 'Frozen' });
    await waitFor(() => expect(frozen).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
