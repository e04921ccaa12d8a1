import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { User } from '@cutroom/contracts';
import { SessionProvider } from '../lib/auth/session';

/** A signed-in session, a fake API and a router around a screen: for tests of where a visitor is sent. */

export const creator: User = {
  _id: 'u1',
  role: 'creator',
  username: 'creator-abc123',
  email: 'c@example.com',
};

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export type Handler = (url: URL, init?: RequestInit) => Response | undefined;

export function mockApi(me: User | null, handler: Handler = () => undefined) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const handled = handler(url, init);
    if (handled) return handled;
    if (url.pathname === '/api/me') {
      return me ? json(200, { user: me }) : json(401, { message: 'Please login to continue' });
    }
    return json(404, { message: 'Not found' });
  });
}

/** Shows where the app is, so a test can read the address it was sent to. */
export function Where() {
  const { pathname, search, state } = useLocation();
  return (
    <p data-testid="where" data-state={JSON.stringify(state ?? null)}>
      {pathname + search}
    </p>
  );
}

export function renderAt(
  entry: string | { pathname: string; search?: string; state?: unknown },
  routes: ReactNode,
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <SessionProvider>
          <Routes>{routes}</Routes>
          <Where />
        </SessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

export const where = () => screen.getByTestId('where').textContent;
