import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatRoom } from '@cutroom/contracts/chat';
import { SystemLine } from './message-items';

const room: ChatRoom = {
  _id: 'r1',
  creator: { _id: 'c1', username: 'creator-1' },
  editor: { _id: 'e1', username: 'Asha Edits' },
  isFrozen: false,
  isEnded: false,
  status: 'Active',
  lastMessage: null,
  createdAt: '2030-01-01T10:00:00.000Z',
  updatedAt: '2030-01-01T10:00:00.000Z',
};

const line: ChatMessage = {
  _id: 'm1',
  clientId: 'server-m1',
  chatRoom: 'r1',
  sender: null,
  content: 'The creator asked for an offer.',
  kind: 'system',
  data: { offerRequest: { brief: 'A 30 s reel from my vlog', tier: 'pro' } },
  sentAt: '2030-01-01T10:00:00.000Z',
  read: false,
  readAt: null,
};

function show(viewerId: string, over: Partial<ChatRoom> = {}, message: ChatMessage = line) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SystemLine message={message} room={{ ...room, ...over }} viewer={{ kind: 'member', id: viewerId }} />
    </QueryClientProvider>,
  );
}
const sendOffer = () => screen.queryByRole('button', { name: 'Send offer' });

describe('offer request in the chat', () => {
  afterEach(cleanup);

  it('shows the brief and tier, and lets the editor answer with a prefilled offer', async () => {
    const user = userEvent.setup();
    show('e1');
    expect(screen.getByTestId('offer-request').textContent).toContain('A 30 s reel from my vlog');
    expect(screen.getByText('Pro')).not.toBeNull();
    await user.click(sendOffer()!);
    expect((screen.getByLabelText('Description (optional)') as HTMLTextAreaElement).value).toBe(
      'A 30 s reel from my vlog',
    );
    expect((screen.getByLabelText('Tier (optional)') as HTMLSelectElement).value).toBe('pro');
  });

  it('gives the creator no button, and the editor none in a frozen room', () => {
    show('c1');
    expect(sendOffer()).toBeNull();
    cleanup();
    show('e1', { isFrozen: true, status: 'Frozen' });
    expect((sendOffer() as HTMLButtonElement).disabled).toBe(true);
  });

  it('draws any other system line as plain text', () => {
    show('e1', {}, { ...line, data: null, content: 'Offer accepted' });
    expect(screen.queryByTestId('offer-request')).toBeNull();
    expect(screen.getByTestId('chat-system-line').textContent).toBe('Offer accepted');
  });
});
