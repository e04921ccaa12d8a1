import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { User } from '@cutroom/contracts';
import { ApiError, api, tokenStore, type RequestOptions } from '../api';
import { queryClient } from '../query-client';

interface SessionState {
  user: User | null;
  /** True until the first "who am I" check has resolved. */
  loading: boolean;
  /** Stores the token (if the server returned one) and the user after a login. */
  signIn(user: User, token?: string): Promise<void>;
  signOut(): Promise<void>;
}

const SessionContext = createContext<SessionState | null>(null);

/**
 * RFC 7240 preference the server honours on GET /api/me: a visitor is answered 200 { user: null }
 * instead of 401, which the browser would log as an error on every anonymous page load.
 */
const SESSION_OPTIONAL: RequestOptions = { headers: { prefer: 'session=optional' } };

type MeReply = { user: User | null };

/** SPEC.md §4: ask with the cookie, retry with the stored Bearer token, else logged out. */
async function resolveUser(): Promise<User | null> {
  try {
    const { user } = await api.get<MeReply>('/me', { ...SESSION_OPTIONAL, withoutToken: true });
    if (user) return user;
  } catch {
    /* asked again with the token below, when there is one */
  }
  if (!tokenStore.get()) return null;
  try {
    const { user } = await api.get<MeReply>('/me', SESSION_OPTIONAL);
    // No user behind the token: the server's "no such session", so the token is retired.
    if (!user) tokenStore.clear();
    return user;
  } catch (err) {
    // Only the server's "no such session" retires the token. A request cut short (the page reloading,
    // the network dropping) says nothing about it, and clearing it then would sign the user out.
    if (err instanceof ApiError && err.status === 401) tokenStore.clear();
    return null;
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let live = true;
    resolveUser().then((u) => {
      if (!live) return;
      setUser(u);
      setLoading(false);
    });
    return () => {
      live = false;
    };
  }, []);

  const signIn = useCallback(async (next: User, token?: string) => {
    if (token) tokenStore.set(token);
    setUser(next);
    // After a login, a cookie-based check of /api/me runs; if it fails the token stays stored locally.
    try {
      const { user: byCookie } = await api.get<MeReply>('/me', { ...SESSION_OPTIONAL, withoutToken: true });
      if (!byCookie && token) tokenStore.set(token);
    } catch {
      if (token) tokenStore.set(token);
    }
  }, []);

  const signOut = useCallback(async () => {
    try {
      await api.post('/auth/logout');
    } catch {
      /* logging out locally matters more than the server's answer */
    } finally {
      tokenStore.clear();
      setUser(null);
      queryClient.clear();
    }
  }, []);

  const value = useMemo(() => ({ user, loading, signIn, signOut }), [user, loading, signIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession outside SessionProvider');
  return ctx;
}
