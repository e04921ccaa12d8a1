import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useChatSocket } from './use-chat-socket';
import { RealtimeProvider, useRealtime } from '../../../lib/realtime';

type Handler = (...args: unknown[]) => void;
type FakeIoSocket = {
  handlers: Map<string, Handler[]>;
  disconnect: ReturnType<typeof vi.fn>;
  active: boolean;
};

// socket.io-client as the provider loads it: every io() call is one more socket of the tab.
const { sockets, io } = vi.hoisted(() => {
  const sockets: FakeIoSocket[] = [];
  const io = vi.fn(() => {
    const socket = {
      handlers: new Map<string, Handler[]>(),
      active: true,
      on(event: string, h: Handler) {
        socket.handlers.set(event, [...(socket.handlers.get(event) ?? []), h]);
      },
      off() {},
      removeAllListeners() {},
      disconnect: vi.fn(),
    };
    sockets.push(socket);
    return socket;
  });
  return { sockets, io };
});
vi.mock('socket.io-client', () => ({ io }));

const fire = (i: number, event: string) => act(() => sockets[i]!.handlers.get(event)?.forEach((h) => h()));

function ChatScreen() {
  const c = useChatSocket(true);
  return <p data-testid="chat">{`${c.socket ? 'socket' : 'none'} ${c.state} ${c.connections}`}</p>;
}
function Bell() {
  const c = useRealtime();
  return <p data-testid="bell">{`${c.socket ? 'socket' : 'none'} ${c.state} ${c.connections}`}</p>;
}
function AdminPageForSomeoneElse() {
  const c = useChatSocket(false);
  return <p data-testid="disabled">{c.socket ? 'socket' : 'none'}</p>;
}

function show(userId: string | null) {
  const tree = (id: string | null) => (
    <RealtimeProvider userId={id}>
      <ChatScreen />
      <ChatScreen />
      <Bell />
      <AdminPageForSomeoneElse />
    </RealtimeProvider>
  );
  const r = render(tree(userId));
  return (id: string | null) => r.rerender(tree(id));
}

describe('the tab realtime connection', () => {
  beforeEach(() => {
    sockets.length = 0;
    io.mockClear();
  });
  afterEach(cleanup);

  it('opens no socket (and loads no client) for an anonymous visitor', async () => {
    show(null);
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(io).not.toHaveBeenCalled();
    expect(screen.getByTestId('bell').textContent).toBe('none offline 0');
  });

  it('opens one socket for the whole tab once someone is signed in, shared by every screen', async () => {
    show('u1');
    await vi.waitFor(() => expect(screen.getByTestId('bell').textContent).toBe('socket connecting 0'));
    expect(io).toHaveBeenCalledTimes(1);
    fire(0, 'connect');
    for (const el of [...screen.getAllByTestId('chat'), screen.getByTestId('bell')]) {
      expect(el.textContent).toBe('socket connected 1');
    }
    expect(screen.getByTestId('disabled').textContent).toBe('none');

    // A dropped connection that socket.io is retrying, then back: the count tells screens to catch up.
    fire(0, 'disconnect');
    expect(screen.getByTestId('bell').textContent).toBe('socket connecting 1');
    fire(0, 'connect');
    expect(screen.getByTestId('bell').textContent).toBe('socket connected 2');
    expect(io).toHaveBeenCalledTimes(1);
  });

  it('closes the socket on logout and opens a new one for the next user', async () => {
    const rerender = show('u1');
    await vi.waitFor(() => expect(io).toHaveBeenCalledTimes(1));
    rerender(null);
    expect(sockets[0]!.disconnect).toHaveBeenCalled();
    expect(screen.getByTestId('bell').textContent).toBe('none offline 0');
    rerender('u2');
    await vi.waitFor(() => expect(io).toHaveBeenCalledTimes(2));
    expect(sockets[1]!.disconnect).not.toHaveBeenCalled();
  });
});
