import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation, useSearchParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../lib/auth/session';
import { RootLayout } from './root-layout';

function LoginStub() {
  return (
    <form aria-label="Login">
      <label>
        Email <input type="email" />
      </label>
    </form>
  );
}

/** A chat screen in miniature: the room list comes first, the message box last, as on the real one. */
function ChatStub() {
  const [params] = useSearchParams();
  const room = params.get('roomId');
  return (
    <div>
      <button type="button">Room one</button>
      <button type="button">Room two</button>
      {room && <textarea aria-label="Message" disabled={room === 'closed'} />}
    </div>
  );
}

function Where() {
  const { pathname, search, hash } = useLocation();
  return <p data-testid="where">{pathname + search + hash}</p>;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // A data router, as the app's: the layout reads the matched routes' handles.
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <RootLayout />
            <Where />
          </>
        ),
        children: [
          { path: '/login', element: <LoginStub />, handle: { title: 'Login' } },
          { path: '/chat', element: <ChatStub /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

/** The anonymous navbar: its Login and Register links show once the session check has answered. */
const navbarReady = () => screen.findByRole('link', { name: 'Login' });
const skipLink = () => screen.getByRole('link', { name: 'Skip to main content' });

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  vi.spyOn(globalThis, 'fetch').mockImplementation(
    async () =>
      new Response(JSON.stringify({ message: 'Please login to continue' }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      }),
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('skip link', () => {
  it('is the first thing Tab reaches, ahead of the navbar, and is clipped away until focused', async () => {
    const user = userEvent.setup();
    renderAt('/login');
    await navbarReady();
    await user.tab();
    expect(document.activeElement).toBe(skipLink());
    const classes = skipLink().className.split(/\s+/);
    expect(classes).toContain('[clip-path:inset(50%)]');
    expect(classes).toContain('focus:[clip-path:none]');
    expect(screen.queryByRole('link', { name: 'Skip to message box' })).toBeNull();
  });

  it('moves the focus to the main region, so the next Tab is inside the page, without a hash navigation', async () => {
    const user = userEvent.setup();
    renderAt('/login');
    await navbarReady();
    await user.tab();
    await user.keyboard('{Enter}');
    const main = screen.getByRole('main');
    expect(document.activeElement).toBe(main);
    expect(main.id).toBe('main');
    expect(main.tabIndex).toBe(-1);
    expect(skipLink().getAttribute('href')).toBe('#main');
    expect(screen.getByTestId('where').textContent).toBe('/login');
    expect(window.location.hash).toBe('');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });

  it('on /chat, a second link goes straight to the message box', async () => {
    const user = userEvent.setup();
    renderAt('/chat?roomId=r1');
    await navbarReady();
    await user.tab();
    await user.tab();
    const toBox = screen.getByRole('link', { name: 'Skip to message box' });
    expect(document.activeElement).toBe(toBox);
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
  });

  it('on /chat without a usable message box, that link lands on the main region', async () => {
    const user = userEvent.setup();
    for (const path of ['/chat', '/chat?roomId=closed']) {
      renderAt(path);
      await navbarReady();
      await user.click(screen.getByRole('link', { name: 'Skip to message box' }));
      expect(document.activeElement).toBe(screen.getByRole('main'));
      cleanup();
    }
  });
});

describe('the tab title', () => {
  it("is the signed-in screen's own, from its route", async () => {
    document.title = 'Cutroom — hire verified video editors';
    renderAt('/login');
    await navbarReady();
    expect(document.title).toBe('Login · Cutroom');
  });
});
