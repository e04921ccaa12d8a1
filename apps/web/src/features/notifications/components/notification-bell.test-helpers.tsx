import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, vi } from 'vitest';
import type { NotificationsPage, NotificationSummary } from '@cutroom/contracts/notifications';
import type { User } from '@cutroom/contracts/roles';
import { RealtimeContext, type AppSocket } from '../../../lib/realtime';
import { FakeSocket, aLine } from '../../../testing/notification-fixtures';
import { NotificationBell } from './notification-bell';

/**
 * Data, a fake notifications API, a render and queries for the bell's tests (notification-bell.test.tsx,
 * -live.test.tsx).
 */

export const me: User = { _id: 'c1', role: 'creator', username: 'maya_makes' } as User;

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const firstPage: NotificationsPage = {
  data: [
    aLine({ _id: 'n1', orderId: 'o1', title: 'Delivery 1 is ready', link: '/chat?roomId=r1' }),
    aLine({ _id: 'n2', orderId: 'o1', title: 'Order paid', read: true }),
    aLine({ _id: 'n3', kind: 'password_changed', title: 'Your password was changed', link: '/' }),
  ],
  nextCursor: 'n3',
  unreadCount: 2,
};
export const secondPage: NotificationsPage = {
  data: [aLine({ _id: 'n4', title: 'A refund is on its way', read: true })],
  nextCursor: null,
  unreadCount: 2,
};

export function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

export function show(socket = new FakeSocket()) {
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

export const bell = () => screen.getByRole('button', { name: /^Notifications/ });
export const count = () =>
  screen.queryByTestId('notification-count')?.textContent?.replace(' unread', '') ?? null;
export const panel = () => screen.getByRole('dialog', { name: 'Notifications' });
/** The panel is its own chunk: it shows once loaded. */
export async function openBell() {
  await userEvent.click(bell());
  return screen.findByRole('dialog', { name: 'Notifications' });
}

/**
 * Answers the bell's calls to the notifications API for each test of the describe it is called in (and
 * cleans up after each, stubbed globals and local storage included). `calls` lists each call as
 * "METHOD /path?query"; a test may set `summary` or replace an answer in `pages` at any time.
 */
export function mockNotificationsApi() {
  const api = {
    calls: [] as string[],
    summary: { unreadCount: 2, unreadMessages: 0 } as NotificationSummary,
    pages: {} as Record<string, () => Response>,
  };
  beforeEach(() => {
    api.calls = [];
    api.summary = { unreadCount: 2, unreadMessages: 0 };
    api.pages = {
      'GET /api/notifications?limit=20': () => json(200, firstPage),
      'GET /api/notifications?limit=20&cursor=n3': () => json(200, secondPage),
      'POST /api/notifications/n1/read': () => json(200, { unreadCount: 1 }),
      'POST /api/notifications/read-all': () => json(200, { unreadCount: 0 }),
    };
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const key = `${init?.method ?? 'GET'} ${url.pathname}${url.search}`;
      api.calls.push(key);
      if (key === 'GET /api/notifications/summary') return json(200, api.summary);
      return api.pages[key]?.() ?? json(404, { message: 'Not found' });
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    localStorage.clear();
  });
  return api;
}

// sonner captures the pointer on its toasts; jsdom has no pointer capture.
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};
