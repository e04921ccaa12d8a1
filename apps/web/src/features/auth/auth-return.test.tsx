import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@cutroom/contracts';
import { StartChatButton } from '../chat/components/start-chat-button';
import { PayNowButton } from '../portfolio/components/pay-now-button';
import AdminLoginPage from './components/admin-login-page';
import LoginPage from './components/login-page';
import { OtpInput } from './components/otp-field';
import { ProtectedRoute } from '../../lib/auth/protected-route';
import { ResendCodeButton, codeSentState } from './components/resend-code';
import { SessionProvider } from '../../lib/auth/session';
import VerifyOtpPage from './components/verify-otp-page';

const creator: User = { _id: 'u1', role: 'creator', username: 'creator-abc123', email: 'c@example.com' };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Handler = (url: URL, init?: RequestInit) => Response | undefined;

function mockApi(me: User | null, handler: Handler = () => undefined) {
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
function Where() {
  const { pathname, search, state } = useLocation();
  return (
    <p data-testid="where" data-state={JSON.stringify(state ?? null)}>
      {pathname + search}
    </p>
  );
}

function renderAt(entry: string | { pathname: string; search?: string; state?: unknown }, routes: ReactNode) {
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

const where = () => screen.getByTestId('where').textContent;

beforeEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('ProtectedRoute', () => {
  const routes = (
    <>
      <Route
        path="/chat"
        element={
          <ProtectedRoute roles={['creator', 'editor']}>
            <h1>Chat</h1>
          </ProtectedRoute>
        }
      />
      <Route
        path="/admin/dashboard/*"
        element={
          <ProtectedRoute roles={['admin']}>
            <h1>Admin</h1>
          </ProtectedRoute>
        }
      />
      <Route path="/login" element={<LoginPage />} />
      <Route path="/admin-login" element={<AdminLoginPage />} />
      <Route path="/" element={<h1>Home</h1>} />
    </>
  );

  it('sends a visitor to /login with the page and its query as next, and says why', async () => {
    mockApi(null);
    renderAt('/chat?roomId=r1', routes);
    expect(await screen.findByText('Please login to continue')).toBeTruthy();
    expect(where()).toBe('/login?next=%2Fchat%3FroomId%3Dr1');
  });

  it('sends a visitor of an admin page to /admin-login', async () => {
    mockApi(null);
    renderAt('/admin/dashboard/chat-rooms', routes);
    await screen.findByRole('form', { name: 'Admin login' });
    expect(screen.getByText('Please login to continue')).toBeTruthy();
    expect(where()).toBe('/admin-login?next=%2Fadmin%2Fdashboard%2Fchat-rooms');
  });

  it('still sends a signed-in user of the wrong role to / (SPEC.md §2)', async () => {
    mockApi(creator);
    renderAt('/admin/dashboard', routes);
    await screen.findByRole('heading', { name: 'Home' });
    expect(where()).toBe('/');
  });
});

describe('LoginPage', () => {
  const routes = (
    <>
      <Route path="/login" element={<LoginPage />} />
      <Route path="*" element={null} />
    </>
  );

  function loginReplies(url: URL) {
    if (url.pathname === '/api/auth/creator/login') {
      return json(200, { message: 'Login successful', user: creator, token: 't0k3n' });
    }
  }

  async function logIn() {
    const form = await screen.findByRole('form', { name: 'Login' });
    const email = form.querySelector('input[type="email"]') as HTMLInputElement;
    if (!email.value) fireEvent.input(email, { target: { value: 'c@example.com' } });
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'secret123' } });
    fireEvent.submit(form);
  }

  it('returns to next after the login', async () => {
    mockApi(null, loginReplies);
    renderAt('/login?next=%2Fchat%3FroomId%3Dr1', routes);
    await logIn();
    await waitFor(() => expect(where()).toBe('/chat?roomId=r1'));
  });

  it.each([['%2F%2Fevil.com'], ['https%3A%2F%2Fevil.com'], ['javascript%3Aalert(1)'], ['%2F%5Cevil.com']])(
    'ignores the hostile next=%s: no notice, and the default landing page after the login',
    async (next) => {
      mockApi(null, loginReplies);
      renderAt(`/login?next=${next}`, routes);
      await screen.findByRole('form', { name: 'Login' });
      expect(screen.queryByText('Please login to continue')).toBeNull();
      await logIn();
      await waitFor(() => expect(where()).toBe('/'));
    },
  );

  it('has no notice without next, and lands where the role lands', async () => {
    mockApi(null, loginReplies);
    renderAt('/login', routes);
    await screen.findByRole('form', { name: 'Login' });
    expect(screen.queryByText('Please login to continue')).toBeNull();
    await logIn();
    await waitFor(() => expect(where()).toBe('/'));
  });

  it('fills in the e-mail handed over by the verify page and waits for the password', async () => {
    mockApi(null);
    renderAt({ pathname: '/login', state: { email: 'new@example.com' } }, routes);
    const form = await screen.findByRole('form', { name: 'Login' });
    expect((form.querySelector('input[type="email"]') as HTMLInputElement).value).toBe('new@example.com');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Password')));
  });

  it('ignores state that is not an e-mail', async () => {
    mockApi(null);
    renderAt({ pathname: '/login', state: { email: '<script>' } }, routes);
    const form = await screen.findByRole('form', { name: 'Login' });
    expect((form.querySelector('input[type="email"]') as HTMLInputElement).value).toBe('');
  });

  it('keeps next on the way to register and editor login', async () => {
    mockApi(null);
    renderAt('/login?next=%2Fportfolio%2Fe1', routes);
    expect((await screen.findByRole('link', { name: 'Create an account' })).getAttribute('href')).toBe(
      '/register?next=%2Fportfolio%2Fe1',
    );
    expect(screen.getByRole('link', { name: 'Editor login' }).getAttribute('href')).toBe(
      '/editor-login?next=%2Fportfolio%2Fe1',
    );
  });
});

describe('VerifyOtpPage', () => {
  const routes = (
    <>
      <Route path="/verify-otp" element={<VerifyOtpPage />} />
      <Route path="*" element={null} />
    </>
  );

  it('after the right code, logs in at /login with the e-mail in router state and next kept', async () => {
    mockApi(null, (url) =>
      url.pathname === '/api/auth/creator/verify'
        ? json(200, { message: 'Email verified successfully!' })
        : undefined,
    );
    renderAt('/verify-otp?email=new%40example.com&next=%2Fchat', routes);
    const form = await screen.findByRole('form', { name: 'Verify email' });
    fireEvent.input(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.submit(form);
    await waitFor(() => expect(where()).toBe('/login?next=%2Fchat'));
    expect(JSON.parse(screen.getByTestId('where').dataset.state!)).toEqual({ email: 'new@example.com' });
    // The password never travels.
    expect(screen.getByTestId('where').dataset.state).not.toContain('password');
  });

  it('asks the server for a new code for the address of the link', async () => {
    const fetchMock = mockApi(null, (url) =>
      url.pathname === '/api/auth/creator/resend-otp'
        ? json(200, { message: 'OTP sent to your email' })
        : undefined,
    );
    renderAt('/verify-otp?email=new%40example.com', routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Resend code' }));
    await screen.findByRole('button', { name: /^Resend code in \d+s$/ });
    const call = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/api/auth/creator/resend-otp'));
    expect(JSON.parse(String(call![1]!.body))).toEqual({ email: 'new@example.com' });
  });
});

describe("the editor page's buttons for a visitor", () => {
  const page = (
    <Route
      path="/portfolio/:editorId"
      element={
        <>
          <StartChatButton editorId="e1" />
          <PayNowButton editorId="e1" editorName="Riya Cuts" tier="basic" amount={1499} />
        </>
      }
    />
  );

  it("Start Chat sends a visitor to log in and come back to the editor's page", async () => {
    mockApi(null);
    renderAt('/portfolio/e1?tab=samples', [page, <Route key="rest" path="*" element={null} />]);
    const start = await screen.findByRole('button', { name: 'Start Chat with Editor' });
    await waitFor(() => expect((start as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(start);
    await waitFor(() => expect(where()).toBe('/login?next=%2Fportfolio%2Fe1%3Ftab%3Dsamples'));
  });

  it('Start Chat sends someone signed in with another role to /login without next', async () => {
    mockApi({ _id: 'ed1', role: 'editor', username: 'Riya' });
    renderAt('/portfolio/e1', [page, <Route key="rest" path="*" element={null} />]);
    const start = await screen.findByRole('button', { name: 'Start Chat with Editor' });
    await waitFor(() => expect((start as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(start);
    await waitFor(() => expect(where()).toBe('/login'));
  });

  it("Pay Now's login link keeps SPEC's text and brings the visitor back", async () => {
    mockApi(null);
    renderAt('/portfolio/e1', page);
    expect(await screen.findByText('Please login to make a payment')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(
      '/login?next=%2Fportfolio%2Fe1',
    );
  });
});

describe('OtpInput', () => {
  function Box() {
    return <OtpInput aria-label="Code" />;
  }

  it('drops anything but digits as they are typed', async () => {
    render(<Box />);
    const input = screen.getByLabelText('Code') as HTMLInputElement;
    await userEvent.type(input, '1a2b-3 c');
    expect(input.value).toBe('123');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.maxLength).toBe(6);
  });

  it('keeps every digit of a pasted code written with spaces or words', async () => {
    render(<Box />);
    const input = screen.getByLabelText('Code') as HTMLInputElement;
    input.focus();
    await userEvent.paste('Code: 123 456');
    expect(input.value).toBe('123456');
    await userEvent.clear(input);
    await userEvent.paste('12\n34\t56789');
    expect(input.value).toBe('123456');
  });

  it('hands only digits to its onChange (react-hook-form reads them from there)', () => {
    const seen: string[] = [];
    render(<OtpInput aria-label="Code" onChange={(e) => seen.push(e.target.value)} />);
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '9x8y7' } });
    expect(seen).toEqual(['987']);
  });
});

describe('ResendCodeButton', () => {
  it('counts down the minute after the code the previous page had sent', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    mockApi(null);
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <ResendCodeButton email={async () => 'a@example.com'} routerState={codeSentState()} />
      </QueryClientProvider>,
    );
    const button = screen.getByRole('button') as HTMLButtonElement;
    expect(button.textContent).toBe('Resend code in 60s');
    expect(button.disabled).toBe(true);
    await act(async () => {
      vi.advanceTimersByTime(15_000);
    });
    expect(button.textContent).toBe('Resend code in 45s');
    await act(async () => {
      vi.advanceTimersByTime(45_000);
    });
    expect(button.textContent).toBe('Resend code');
    expect(button.disabled).toBe(false);
  });

  it("counts down the server's wait when it refuses a code asked for too soon", async () => {
    mockApi(null, (url) =>
      url.pathname === '/api/auth/creator/resend-otp'
        ? json(429, { message: 'Please wait 42 seconds before requesting a new code.', retryAfter: 42 })
        : undefined,
    );
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <ResendCodeButton email={async () => 'a@example.com'} routerState={null} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    const button = await screen.findByRole('button', { name: /^Resend code in (42|41)s$/ });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('ignores router state that does not name a past moment', () => {
    mockApi(null);
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <ResendCodeButton
          email={async () => 'a@example.com'}
          routerState={{ codeSentAt: Date.now() + 3_600_000 }}
        />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('button').textContent).toBe('Resend code');
  });
});
