import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@cutroom/contracts';
import { SessionProvider, useSession } from './session';

const editor: User = { _id: 'e1', role: 'editor', username: 'riya_cuts' } as User;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface Call {
  path: string;
  prefer: string | null;
  bearer: string | null;
}

/** The server as the page sees it: who the cookie names, which tokens are live. */
function server(opts: { cookieUser?: User; liveTokens?: Record<string, User>; dropBearer?: boolean }) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = new Headers(init?.headers);
    const bearer = headers.get('authorization')?.replace(/^Bearer /, '') ?? null;
    calls.push({ path: url.pathname, prefer: headers.get('prefer'), bearer });
    if (url.pathname !== '/api/me') return json(404, { message: 'Not found' });
    if (bearer && opts.dropBearer) throw new TypeError('Failed to fetch');
    const user = (bearer ? opts.liveTokens?.[bearer] : undefined) ?? opts.cookieUser ?? null;
    if (user) return json(200, { user });
    return headers.get('prefer') === 'session=optional'
      ? json(200, { user: null })
      : json(401, { message: 'Please login to continue' });
  });
  return calls;
}

function Who() {
  const { user, loading } = useSession();
  return <p data-testid="who">{loading ? 'loading' : (user?.username ?? 'nobody')}</p>;
}

async function resolved(): Promise<string | null> {
  render(
    <SessionProvider>
      <Who />
    </SessionProvider>,
  );
  return (await screen.findByText((_, el) => el?.textContent !== 'loading' && el?.tagName === 'P'))
    .textContent;
}

describe('the session check on page load (SPEC.md §4)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('asks once for a visitor, with the cookie alone, and is answered without an error status', async () => {
    const calls = server({});
    expect(await resolved()).toBe('nobody');
    expect(calls).toEqual([{ path: '/api/me', prefer: 'session=optional', bearer: null }]);
  });

  it('asks once when the cookie names the user', async () => {
    const calls = server({ cookieUser: editor });
    expect(await resolved()).toBe('riya_cuts');
    expect(calls).toHaveLength(1);
  });

  it('retries with the stored token as a Bearer header when the cookie names nobody', async () => {
    localStorage.setItem('token', 't1');
    const calls = server({ liveTokens: { t1: editor } });
    expect(await resolved()).toBe('riya_cuts');
    expect(calls).toEqual([
      { path: '/api/me', prefer: 'session=optional', bearer: null },
      { path: '/api/me', prefer: 'session=optional', bearer: 't1' },
    ]);
    expect(localStorage.getItem('token')).toBe('t1');
  });

  it('retires a token the server no longer knows', async () => {
    localStorage.setItem('token', 'gone');
    server({});
    expect(await resolved()).toBe('nobody');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('keeps the token when the retry is cut short on the network', async () => {
    localStorage.setItem('token', 't1');
    server({ liveTokens: { t1: editor }, dropBearer: true });
    expect(await resolved()).toBe('nobody');
    expect(localStorage.getItem('token')).toBe('t1');
  });

  it('still reads a server that answers a visitor 401', async () => {
    localStorage.setItem('token', 'gone');
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      json(401, { message: 'Please login to continue' }),
    );
    expect(await resolved()).toBe('nobody');
    expect(localStorage.getItem('token')).toBeNull();
  });
});
