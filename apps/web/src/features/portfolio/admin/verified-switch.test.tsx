import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REVIEW_MESSAGES } from '@cutroom/contracts/reviews';
import { VerifiedSwitch } from './verified-switch';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function show(verified: boolean) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <VerifiedSwitch editorId="e1" verified={verified} />
    </QueryClientProvider>,
  );
  return screen.getByRole('switch', { name: /Verified editor/ }) as HTMLInputElement;
}

describe('verified switch', () => {
  let fetchSpy: ReturnType<typeof vi.spyOn>;
  let answer: (body: { verified: boolean }) => Response;
  beforeEach(() => {
    answer = ({ verified }) =>
      json(200, {
        message: verified ? REVIEW_MESSAGES.verified : REVIEW_MESSAGES.unverified,
        data: { verified },
      });
    fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (_url, init) => answer(JSON.parse(String(init?.body))));
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('grants the badge and says so', async () => {
    const success = vi.spyOn(toast, 'success');
    const sw = show(false);
    expect(sw.checked).toBe(false);
    await userEvent.click(sw);
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith(REVIEW_MESSAGES.verified));
    const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/admin/editors/e1/verified');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ verified: true });
    expect(sw.checked).toBe(true);
  });

  it('goes back when the server refuses', async () => {
    const error = vi.spyOn(toast, 'error');
    answer = () => json(404, { message: 'Editor not found' });
    const sw = show(true);
    await userEvent.click(sw);
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('Editor not found'));
    expect(sw.checked).toBe(true);
  });
});
