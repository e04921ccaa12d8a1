import type { ApiClient, ApiReply } from './http';

/**
 * One browser signing up: it keeps the `cutroom_signup` cookie the register reply sets and sends it
 * back on verify, as a browser does (path /api/auth/creator). Two of these are two people.
 */
export function signupBrowser(api: ApiClient) {
  let cookie: string | undefined;
  const withCookie = () => (cookie ? { cookie } : {});
  const keep = (res: ApiReply) => {
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      if (!pair.startsWith('cutroom_signup=')) continue;
      cookie = pair === 'cutroom_signup=' ? undefined : pair;
    }
    return res;
  };
  return {
    register: async (email: string, password: string) =>
      keep(await api.post('/api/auth/creator/register', { email, password }, withCookie())),
    verify: async (email: string, otp: string) =>
      keep(await api.post('/api/auth/creator/verify', { email, otp }, withCookie())),
    get cookie() {
      return cookie;
    },
  };
}
export type SignupBrowser = ReturnType<typeof signupBrowser>;
