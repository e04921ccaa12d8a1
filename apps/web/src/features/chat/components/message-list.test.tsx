import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatRoom } from '@cutroom/contracts/chat';
import { MessageList } from './message-list';
import type { PendingMessage } from '../hooks/use-send-message';

const room: ChatRoom = {
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

const message = (n: number, from: 'c1' | 'e1'): ChatMessage => ({
  _id: `m${n}`,
  clientId: `client-${n}`,
  chatRoom: 'room-1',
  sender: { _id: from, role: from === 'c1' ? 'creator' : 'editor' },
  content: `Line ${n}`,
  kind: 'text',
  sentAt: '2026-11-01T10:00:00.000Z',
  read: false,
  readAt: null,
});
const thread = (count: number) =>
  Array.from({ length: count }, (_, i) => message(i + 1, i % 2 ? 'e1' : 'c1'));

/** jsdom lays nothing out: the list's box is 300 px tall and its content `state.content` px. */
function geometry(el: HTMLElement) {
  const state = { content: 1000, height: 300, top: 0 };
  Object.defineProperty(el, 'clientHeight', { configurable: true, get: () => state.height });
  Object.defineProperty(el, 'scrollHeight', { configurable: true, get: () => state.content });
  Object.defineProperty(el, 'scrollTop', {
    configurable: true,
    get: () => state.top,
    set: (v: number) => void (state.top = Math.max(0, Math.min(v, state.content - state.height))),
  });
  return state;
}

function show(messages: ChatMessage[], pending: PendingMessage[] = []) {
  const view = (m: ChatMessage[], p: PendingMessage[]) => (
    <MemoryRouter>
      <MessageList room={room} messages={m} pending={p} viewer={{ kind: 'member', id: 'c1' }} />
    </MemoryRouter>
  );
  const { rerender } = render(view(messages, pending));
  const scroller = screen.getByTestId('message-list');
  return {
    scroller,
    box: geometry(scroller),
    update: (m: ChatMessage[], p: PendingMessage[] = []) => rerender(view(m, p)),
  };
}

const jump = () => screen.queryByRole('button', { name: /new message/ });

describe('the message list', () => {
  afterEach(cleanup);

  it('follows new lines, own and incoming, while the reader is at the bottom', () => {
    const { box, update } = show(thread(10));
    update(thread(11));
    expect(box.top).toBe(700);
    box.content = 1100;
    update(thread(12));
    expect(box.top).toBe(800);
    expect(jump()).toBeNull();
  });

  it('keeps the place of a reader who scrolled up, and offers a jump to the new lines', () => {
    const { scroller, box, update } = show(thread(10));
    update(thread(10));
    box.top = 100;
    fireEvent.scroll(scroller);

    box.content = 1100;
    update([...thread(10), message(11, 'e1')]);
    expect(box.top).toBe(100);
    expect(jump()?.textContent).toBe('1 new message');
    box.content = 1200;
    update([...thread(10), message(11, 'e1'), message(12, 'e1')]);
    expect(jump()?.textContent).toBe('2 new messages');

    fireEvent.click(jump()!);
    expect(box.top).toBe(900);
    expect(jump()).toBeNull();
  });

  it('brings the reader down to their own message when they send, wherever they were', () => {
    const { scroller, box, update } = show(thread(10));
    box.top = 0;
    fireEvent.scroll(scroller);
    box.content = 1100;
    update(thread(10), [
      { clientId: 'client-new', content: 'Mine', sentAt: '2026-11-01T10:01:00.000Z', status: 'sending' },
    ]);
    expect(box.top).toBe(800);
  });

  it('does not count the reader’s own lines as new', () => {
    const { scroller, box, update } = show(thread(10));
    box.top = 0;
    fireEvent.scroll(scroller);
    update([...thread(10), message(11, 'c1')]);
    expect(jump()).toBeNull();
  });
});
