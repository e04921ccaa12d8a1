import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../helpers/http';
import { startTestServer, type TestServer } from '../helpers/server';
import { createTestUser } from '../helpers/users';
import { allRows } from './rows';
import type { AuthzContext, AuthzRow, Who } from './types';

const WHO: Who[] = ['anonymous', 'creator', 'editor', 'admin'];
// Not API routes of ours: static files and the app's catch-all.
const outOfScope = (url: string) => !url.startsWith('/api/') || url === '/api/*';

describe('authorization matrix: every /api route, every role', () => {
  let server: TestServer;
  let ctx: AuthzContext;
  let rows: AuthzRow[];

  beforeAll(async () => {
    server = await startTestServer();
    const [creator, editor, admin] = await Promise.all([
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'editor'),
      createTestUser(server.db, 'admin'),
    ]);
    ctx = { server, users: { creator, editor, admin } };
    rows = (await Promise.all(allRows.map((f) => f(ctx)))).flat();
  });
  afterAll(() => server?.close());

  it('has a row for every registered route', () => {
    const registered = server.app.routeTable
      .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && !outOfScope(r.url))
      .map((r) => `${r.method} ${r.url}`);
    const covered = new Set(rows.map((r) => `${r.method} ${r.route}`));
    expect(registered.filter((r) => !covered.has(r))).toEqual([]);
    // And no row describes a route that does not exist.
    expect([...covered].filter((c) => !registered.includes(c))).toEqual([]);
  });

  // About a thousand requests one after another (every row, every role): on a loaded two-core machine
  // that passed 30 s once the dispute routes joined, so the budget is sized for the table, not a request.
  it('answers each role as the table says', { timeout: 150_000 }, async () => {
    const api = apiClient(server.url);
    const mismatches: string[] = [];
    for (const row of rows) {
      for (const who of WHO) {
        const path = typeof row.path === 'function' ? await row.path(who) : row.path;
        const token = who === 'anonymous' ? undefined : ctx.users[who].token;
        const method = row.method.toLowerCase() as 'get' | 'post' | 'patch' | 'put' | 'delete';
        const res =
          method === 'get' ? await api.get(path, { token }) : await api[method](path, row.body, { token });
        const want = row.expect[who];
        const ok =
          want === 'pass'
            ? res.status !== 401 && res.status !== 403 && res.status < 500
            : res.status === want;
        if (!ok) mismatches.push(`${row.method} ${path} as ${who}: got ${res.status}, want ${want}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
