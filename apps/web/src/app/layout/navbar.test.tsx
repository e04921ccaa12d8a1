import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationSummary } from '@cutroom/contracts/notifications';
import { SessionProvider } from '../../lib/auth/session';
import { RealtimeContext, type AppSocket } from '../../lib/realtime';
import { FakeSocket } from '../../testing/notification-fixtures';
import { Navbar } from './navbar';

const TITLE = 'Cutroom — hire verified video editors';
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/**
 * One count (issue 25, item 17): the tab title shows the bell's figure, never the bell's plus the chat's;
 * unread chat messages keep the Chat button's badge.
 */
describe('navbar unread figures', () => {
  let summary: NotificationSummary;
  beforeEach(() => {
    document.title = TITLE;
    summary = { unreadCount: 15, unreadMessages: 3 };
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/me') return json({ user: { _id: 'c1', role: 'creator', username: 'maya_makes' } });
      if (path === '/api/notifications/summary') return json(summary);
      return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  function show() {
    const socket = new FakeSocket();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SessionProvider>
          <RealtimeContext.Provider
            value={{ socket: socket as unknown as AppSocket, state: 'connected', connections: 1 }}
          >
            <MemoryRouter>
              <Navbar />
            </MemoryRouter>
          </RealtimeContext.Provider>
        </SessionProvider>
      </QueryClientProvider>,
    );
    return socket;
  }
  const bellFigure = () => screen.getByTestId('notification-count').textContent?.replace(' unread', '');

  it('puts the bell’s figure in the tab title, not the bell’s plus the chat’s', async () => {
    show();
    await vi.waitFor(() => expect(bellFigure()).toBe('15'));
    expect(document.title).toBe(`(15) ${TITLE}`);
    // The chat's messages keep their own badge (in the menu on a phone, in the bar on a desktop).
    expect(screen.getAllByTestId('chat-unread-count')[0]!.textContent).toContain('3');
  });

  it('moves the title with the bell when lines are read elsewhere, and clears it at 0', async () => {
    const socket = show();
    await vi.waitFor(() => expect(document.title).toBe(`(15) ${TITLE}`));
    act(() => void socket.emit('notificationsRead', { ids: ['n1', 'n2', 'n3'], unreadCount: 12 }));
    await vi.waitFor(() => expect(bellFigure()).toBe('12'));
    expect(document.title).toBe(`(12) ${TITLE}`);
    summary = { unreadCount: 0, unreadMessages: 3 };
    act(() => void socket.emit('notificationsRead', { ids: null, unreadCount: 0 }));
    await vi.waitFor(() => expect(screen.queryByTestId('notification-count')).toBeNull());
    // Three chat messages are still unread: the title does not count them.
    expect(document.title).toBe(TITLE);
  });
});
