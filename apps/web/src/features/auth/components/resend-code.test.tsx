import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../testing/auth-flow';
import { ResendCodeButton, codeSentState } from './resend-code';

beforeEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
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
