import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProtectedRoute } from '../../../lib/auth/protected-route';
import { creator, json, mockApi, renderAt, where } from '../../../testing/auth-flow';
import AdminLoginPage from './admin-login-page';
import LoginPage from './login-page';
import VerifyOtpPage from './verify-otp-page';

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

  it('after a code for an address registered more than once elsewhere, goes to choose a password', async () => {
    mockApi(null, (url) =>
      url.pathname === '/api/auth/creator/verify'
        ? json(200, {
            message:
              'Email verified. This address was registered more than once, so choose your password with Forgot password.',
          })
        : undefined,
    );
    renderAt('/verify-otp?email=new%40example.com&next=%2Fchat', routes);
    const form = await screen.findByRole('form', { name: 'Verify email' });
    fireEvent.input(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.submit(form);
    await waitFor(() => expect(where()).toBe('/forgot-password'));
    expect(JSON.parse(screen.getByTestId('where').dataset.state!)).toEqual({ email: 'new@example.com' });
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
