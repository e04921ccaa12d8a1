import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationsPage, NotificationSummary } from '@cutroom/contracts/notifications';
import type { User } from '@cutroom/contracts/roles';
import { RealtimeContext, type AppSocket } from '../../../lib/realtime';
import { DESKTOP_KEY } from '../utils/desktop';
import { NotificationBell } from './notification-bell';
import { SUMMARY_DEBOUNCE_MS } from '../hooks/use-notifications-live';
import { FakeSocket, aLine } from '../../../testing/notification-fixtures';

const me: User = { _id: 'c1', role: 'creator', username: 'maya_makes' } as User;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const firstPage: NotificationsPage = {
  data: [
    aLine({ _id: 'n1', orderId: 'o1', title: 'Delivery 1 is ready', link: '/chat?roomId=r1' }),
    aLine({ _id: 'n2', orderId: 'o1', title: 'Order paid', read: true }),
    aLine({ _id: 'n3', kind: 'password_changed', title: 'Your password was changed', link: '/' }),
  ],
  nextCursor: 'n3',
  unreadCount: 2,
};
const secondPage: NotificationsPage = {
  data: [aLine({ _id: 'n4', title: 'A refund is on its way', read: true })],
  nextCursor: null,
  unreadCount: 2,
};

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

function show(socket = new FakeSocket()) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <RealtimeContext.Provider
        value={{ socket: socket as unknown as AppSocket, state: 'connected', connections: 1 }}
      >
        <MemoryRouter initialEntries={['/']}>
          <button type="button">Elsewhere</button>
          <NotificationBell user={me} />
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
        <Toaster />
      </RealtimeContext.Provider>
    </QueryClientProvider>,
  );
  return { socket, qc };
}

const bell = () => screen.getByRole('button', { name: /^Notifications/ });
const count = () => screen.queryByTestId('notification-count')?.textContent?.replace(' unread', '') ?? null;
const panel = () => screen.getByRole('dialog', { name: 'Notifications' });
/** The panel is its own chunk: it shows once loaded. */
async function openBell() {
  await userEvent.click(bell());
  return screen.findByRole('dialog', { name: 'Notifications' });
}

// sonner captures the pointer on its toasts; jsdom has no pointer capture.
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};

describe('notification bell', () => {
  let calls: string[];
  let summary: NotificationSummary;
  let pages: Record<string, () => Response>;
  beforeEach(() => {
    calls = [];
    summary = { unreadCount: 2, unreadMessages: 0 };
    pages = {
      'GET /api/notifications?limit=20': () => json(200, firstPage),
      'GET /api/notifications?limit=20&cursor=n3': () => json(200, secondPage),
      'POST /api/notifications/n1/read': () => json(200, { unreadCount: 1 }),
      'POST /api/notifications/read-all': () => json(200, { unreadCount: 0 }),
    };
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const key = `${init?.method ?? 'GET'} ${url.pathname}${url.search}`;
      calls.push(key);
      if (key === 'GET /api/notifications/summary') return json(200, summary);
      return pages[key]?.() ?? json(404, { message: 'Not found' });
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows the unread count, and 99+ beyond that', async () => {
    summary = { unreadCount: 140, unreadMessages: 3 };
    show();
    await vi.waitFor(() => expect(count()).toBe('99+'));
    expect(bell().textContent).toContain('unread');
    // Nothing is listed before the bell is opened.
    expect(calls).toEqual(['GET /api/notifications/summary']);
  });

  it('opens a panel with the lines grouped by order, newest first, with unread dots', async () => {
    show();
    await vi.waitFor(() => expect(count()).toBe('2'));
    await openBell();
    expect(bell().getAttribute('aria-expanded')).toBe('true');
    const group = await within(panel()).findByRole('group', { name: 'Delivery 1 is ready' });
    expect(
      within(group)
        .getAllByTestId('notification-line')
        .map((l) => l.dataset.read),
    ).toEqual(['false', 'true']);
    const lines = within(panel()).getAllByTestId('notification-line');
    expect(lines.map((l) => l.textContent)).toEqual([
      expect.stringContaining('Delivery 1 is ready'),
      expect.stringContaining('Order paid'),
      expect.stringContaining('Your password was changed'),
    ]);
    expect(lines[0]!.textContent).toContain('Unread');
    // Focus moved into the panel.
    expect(panel().contains(document.activeElement)).toBe(true);
  });

  it('marks a line read when it is opened, and goes to its page', async () => {
    show();
    await openBell();
    const line = (await within(panel()).findAllByTestId('notification-line'))[0]!;
    await userEvent.click(line);
    expect(screen.getByTestId('where').textContent).toBe('/chat?roomId=r1');
    await vi.waitFor(() => expect(calls).toContain('POST /api/notifications/n1/read'));
    await vi.waitFor(() => expect(count()).toBe('1'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('marks all read', async () => {
    show();
    await openBell();
    await within(panel()).findAllByTestId('notification-line');
    await userEvent.click(within(panel()).getByRole('button', { name: 'Mark all read' }));
    await vi.waitFor(() => expect(count()).toBeNull());
    expect(calls).toContain('POST /api/notifications/read-all');
    expect(
      within(panel())
        .getAllByTestId('notification-line')
        .every((l) => l.dataset.read === 'true'),
    ).toBe(true);
    expect(within(panel()).getByRole('button', { name: 'Mark all read' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('loads older lines with the cursor', async () => {
    show();
    await openBell();
    await within(panel()).findAllByTestId('notification-line');
    await userEvent.click(within(panel()).getByRole('button', { name: 'Load more' }));
    await within(panel()).findByText('A refund is on its way');
    expect(calls).toContain('GET /api/notifications?limit=20&cursor=n3');
    expect(within(panel()).queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it("says you're all caught up when there is nothing, and offers a retry when loading fails", async () => {
    pages['GET /api/notifications?limit=20'] = () => json(500, {});
    show();
    await openBell();
    expect((await within(panel()).findByRole('alert')).textContent).toContain('Could not load notifications');
    pages['GET /api/notifications?limit=20'] = () =>
      json(200, { data: [], nextCursor: null, unreadCount: 0 } satisfies NotificationsPage);
    await userEvent.click(within(panel()).getByRole('button', { name: 'Try Again' }));
    await within(panel()).findByText("You're all caught up");
  });

  it('closes on Escape with the focus back on the bell, and on a click outside', async () => {
    show();
    await openBell();
    await within(panel()).findAllByTestId('notification-line');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(bell());

    await openBell();
    expect(panel()).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('puts a pushed line on top, counts it, and toasts it while the bell is closed', async () => {
    const { socket } = show();
    await openBell();
    await within(panel()).findAllByTestId('notification-line');
    await userEvent.click(bell());

    const pushed = aLine({
      _id: 'n9',
      title: 'New offer from riya',
      body: 'Reel pack · ₹1,499',
      link: '/chat?roomId=r2',
    });
    act(() => void socket.emit('notificationCreated', pushed));
    await vi.waitFor(() => expect(count()).toBe('3'));
    const toast = await screen.findByText('New offer from riya', { selector: '[data-title]' });
    expect(toast).toBeTruthy();
    // The same line again (replayed after a reconnection) is neither listed nor counted twice.
    act(() => void socket.emit('notificationCreated', pushed));
    expect(count()).toBe('3');

    await openBell();
    const lines = await within(panel()).findAllByTestId('notification-line');
    expect(lines[0]!.textContent).toContain('New offer from riya');
    expect(lines).toHaveLength(4);

    // The toast's View opens it.
    await userEvent.click(bell());
    await userEvent.click(screen.getByRole('button', { name: 'View' }));
    expect(screen.getByTestId('where').textContent).toBe('/chat?roomId=r2');
  });

  it('does not toast a pushed line while the bell is open', async () => {
    const { socket } = show();
    await openBell();
    await within(panel()).findAllByTestId('notification-line');
    act(() => void socket.emit('notificationCreated', aLine({ _id: 'n9', title: 'Quiet line' })));
    await within(panel()).findByText('Quiet line');
    expect(screen.queryByText('Quiet line', { selector: '[data-title]' })).toBeNull();
  });

  it('follows lines read on another tab', async () => {
    const { socket } = show();
    await openBell();
    await within(panel()).findAllByTestId('notification-line');
    summary = { unreadCount: 1, unreadMessages: 0 };
    act(() => void socket.emit('notificationsRead', { ids: ['n1'], unreadCount: 1 }));
    await vi.waitFor(() => expect(count()).toBe('1'));
    expect(within(panel()).getAllByTestId('notification-line')[0]!.dataset.read).toBe('true');
    summary = { unreadCount: 0, unreadMessages: 0 };
    act(() => void socket.emit('notificationsRead', { ids: null, unreadCount: 0 }));
    await vi.waitFor(() => expect(count()).toBeNull());
  });

  it('asks the server for fresh figures once per burst of chat events, not for its own messages', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { socket } = show();
      await vi.waitFor(() => expect(calls).toEqual(['GET /api/notifications/summary']));
      const message = (sender: string) => ({
        _id: `m-${sender}`,
        chatRoom: 'r1',
        sender: { _id: sender, role: 'editor' },
        content: 'Hi',
        sentAt: new Date().toISOString(),
        read: false,
      });
      act(() => {
        socket.emit('newMessage', message('c1'));
        socket.emit('messageSeen', { roomId: 'r1', messageId: 'x', sender: 'c1', readAt: '' });
      });
      await vi.advanceTimersByTimeAsync(SUMMARY_DEBOUNCE_MS + 50);
      expect(calls.filter((c) => c.endsWith('/summary'))).toHaveLength(1);

      summary = { unreadCount: 2, unreadMessages: 2 };
      act(() => {
        socket.emit('newMessage', message('e1'));
        socket.emit('newMessage', { ...message('e1'), _id: 'm2' });
        socket.emit('messageSeen', { roomId: 'r1', messageId: 'm1', sender: 'e1', readAt: '' });
      });
      await vi.advanceTimersByTimeAsync(SUMMARY_DEBOUNCE_MS + 50);
      await vi.waitFor(() => expect(calls.filter((c) => c.endsWith('/summary'))).toHaveLength(2));
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a desktop notification for a pushed line when the tab is hidden and the person opted in', async () => {
    const shown: { title: string; opts: NotificationOptions }[] = [];
    class FakeNotification {
      static permission = 'granted';
      onclick: (() => void) | null = null;
      constructor(title: string, opts: NotificationOptions) {
        shown.push({ title, opts });
      }
      close() {}
    }
    vi.stubGlobal('Notification', FakeNotification);
    localStorage.setItem(DESKTOP_KEY, 'on');
    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    const { socket } = show();
    await vi.waitFor(() => expect(count()).toBe('2'));
    act(
      () =>
        void socket.emit('notificationCreated', aLine({ _id: 'n9', title: 'Delivery ready', body: 'CR-1' })),
    );
    expect(shown).toEqual([{ title: 'Delivery ready', opts: { body: 'CR-1', tag: 'n9' } }]);

    // Visible again: the toast is enough.
    hidden.mockReturnValue(false);
    act(() => void socket.emit('notificationCreated', aLine({ _id: 'n10', title: 'Order paid' })));
    expect(shown).toHaveLength(1);
  });
});
