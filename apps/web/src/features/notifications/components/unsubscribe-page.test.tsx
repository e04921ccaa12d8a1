import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_MESSAGES } from '@cutroom/contracts/notifications';
import { SessionProvider } from '../../../lib/auth/session';
import UnsubscribePage from './unsubscribe-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const TOKEN = 'u1.order_paid.c2lnbmF0dXJl';

function show(path: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <MemoryRouter initialEntries={[path]}>
          <UnsubscribePage />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

describe('unsubscribe page', () => {
  let posts: { url: string; body: unknown }[];
  let answer: () => Response;
  beforeEach(() => {
    posts = [];
    answer = () =>
      json(200, { message: 'You will no longer get e-mails for: An order is paid (your receipt)' });
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      // The page asks who is signed in (for the settings link) like every page; nobody is.
      if (url.endsWith('/api/me')) return json(401, { message: 'Not signed in' });
      posts.push({ url, body: JSON.parse(String(init?.body)) });
      return answer();
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('asks first and sends nothing on load (mail scanners open links)', async () => {
    show(`/unsubscribe?token=${TOKEN}`);
    expect(screen.getByRole('heading', { name: 'Stop these e-mails?' })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(posts).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'You will no longer get e-mails for: An order is paid (your receipt)',
    );
    expect(posts).toEqual([{ url: '/api/notifications/unsubscribe', body: { token: TOKEN } }]);
    expect(screen.getByRole('link', { name: 'notification settings' }).getAttribute('href')).toBe(
      '/profile/notifications',
    );
  });

  it("shows the server's error for a link it does not accept", async () => {
    answer = () => json(400, { message: NOTIFICATION_MESSAGES.invalidLink });
    show(`/unsubscribe?token=${TOKEN}`);
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByRole('alert')).textContent).toBe(NOTIFICATION_MESSAGES.invalidLink);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it('says a link without a usable token is not valid, without asking the server', async () => {
    show('/unsubscribe?token=<script>');
    expect(screen.getByRole('alert').textContent).toBe(NOTIFICATION_MESSAGES.invalidLink);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    expect(posts).toEqual([]);
  });

  it('lets the person try again after a network failure', async () => {
    answer = () => json(503, {});
    show(`/unsubscribe?token=${TOKEN}`);
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong. Please try again.');
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeTruthy();
  });
});
