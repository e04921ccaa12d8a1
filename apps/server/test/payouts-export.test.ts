import http from 'node:http';
import zlib, { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { post } from '../src/modules/payouts/ledger';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';

/**
 * Issue 25, item 15: GET /api/admin/payouts/export?from=0000-01-01&to=9999-12-31 passed the date check,
 * started a CSV and failed in the database mid-stream: a 500 after a 200's head, and a connection the
 * next request on it could not use. The period is checked first (400), the first rows are read before
 * the answer starts, and a failure after that closes the connection instead of leaving it half-written.
 */
describe('GET /api/admin/payouts/export: the period, and failures around the stream', () => {
  let server: TestServer;
  let admin: TestUser;
  let agent: http.Agent;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await createTestUser(server.db, 'admin');
    const editor = await createTestUser(server.db, 'editor');
    // Two ledger lines today, so the CSV has rows after its header.
    await post(server.db, {
      key: `export-test-${editor.id}`,
      kind: 'adjustment',
      editorId: editor.id,
      lines: [
        { account: 'customer', amountPaise: -12_345 },
        { account: 'editor_available', amountPaise: 12_345 },
      ],
    });
  }, 60_000);
  afterEach(() => {
    vi.restoreAllMocks();
    agent?.destroy();
  });
  afterAll(() => server?.close());

  interface Answer {
    /** 0: the connection closed before an answer. */
    status: number;
    headers: http.IncomingHttpHeaders;
    /** The body, decompressed when it says it is gzip; null when it says so and is not. */
    body: string | null;
    /** The socket this answer came on was used before (keep-alive). */
    reused: boolean;
    /** The body ended properly (not cut off). */
    complete: boolean;
  }

  /**
   * One GET through `agent` (one socket, kept alive), so two calls share a connection when they can;
   * with `gzip` it asks for a compressed answer, as browsers do.
   */
  function get(path: string, gzip = false): Promise<Answer> {
    return new Promise((resolve) => {
      const headers: Record<string, string> = { authorization: `Bearer ${admin.token}` };
      if (gzip) headers['accept-encoding'] = 'gzip';
      const req = http.get(`${server.url}${path}`, { agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        let answered = false;
        const done = (complete: boolean) => {
          if (answered) return;
          answered = true;
          const raw = Buffer.concat(chunks);
          let body: string | null = raw.toString('utf8');
          if (res.headers['content-encoding'] === 'gzip') {
            try {
              body = gunzipSync(raw, { finishFlush: zlib.Z_SYNC_FLUSH }).toString('utf8');
            } catch {
              body = null;
            }
          }
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            reused: req.reusedSocket,
            complete,
          });
        };
        res.on('end', () => done(res.complete));
        res.on('error', () => done(false));
        res.on('aborted', () => done(false));
      });
      // The server closed the connection before any answer: no status, nothing complete.
      req.on('error', () =>
        resolve({ status: 0, headers: {}, body: null, reused: req.reusedSocket, complete: false }),
      );
      req.setTimeout(15_000, () => req.destroy(new Error('no answer in 15 s')));
    });
  }
  const json = (a: Answer) => JSON.parse(a.body ?? 'null') as { message?: string } | null;
  const csvLines = (a: Answer) => (a.body ?? '').split('\r\n').filter(Boolean);

  const today = new Date().toISOString().slice(0, 10);
  const period = `from=${today}&to=${today}`;

  it.each([false, true])(
    'refuses a period outside 2000-01-01..2099-12-31 with a 400 that says so (gzip: %s)',
    async (gzip) => {
      agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (const query of [
        'from=0000-01-01&to=9999-12-31',
        'from=0000-01-01&to=2026-01-31',
        'from=2026-01-01&to=9999-12-31',
        'from=1999-12-31&to=2026-01-31',
        'from=2026-01-01&to=2100-01-01',
      ]) {
        const res = await get(`/api/admin/payouts/export?${query}`, gzip);
        expect([query, res.status, res.headers['content-type']]).toEqual([
          query,
          400,
          'application/json; charset=utf-8',
        ]);
        expect(json(res)?.message).toMatch(/between 2000-01-01 and 2099-12-31/);
      }
      const reversed = await get('/api/admin/payouts/export?from=2026-11-02&to=2026-11-01', gzip);
      expect(reversed.status).toBe(400);
      expect(json(reversed)?.message).toMatch(/end on or after its start/);
    },
  );

  it.each([false, true])(
    'answers the next request on the same connection after a refused period (gzip: %s)',
    async (gzip) => {
      agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const refused = await get('/api/admin/payouts/export?from=0000-01-01&to=9999-12-31', gzip);
      expect(refused.status).toBe(400);
      expect(json(refused)?.message).toMatch(/between/);
      const next = await get(`/api/admin/payouts/export?${period}`, gzip);
      expect(next).toMatchObject({ status: 200, reused: true, complete: true });
      expect(csvLines(next)).toHaveLength(3);
      const third = await get('/api/health', gzip);
      expect(third).toMatchObject({ status: 200, reused: true, complete: true });
    },
  );

  /** Makes the export's ledger query number `nth` (1: the first page) throw, leaving every other query be. */
  function failLedgerPage(nth: number) {
    const select = server.db.select.bind(server.db);
    let seen = 0;
    vi.spyOn(server.db, 'select').mockImplementation(((fields?: Record<string, unknown>) => {
      if (fields && 'utr' in fields && 'l' in fields && ++seen === nth) {
        throw new Error('the database went away');
      }
      return (select as (f?: unknown) => unknown)(fields);
    }) as typeof server.db.select);
  }

  it.each([false, true])(
    'answers a failure of the first read with a 500 in JSON, not a broken CSV (gzip: %s)',
    async (gzip) => {
      agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      failLedgerPage(1);
      const failed = await get(`/api/admin/payouts/export?${period}`, gzip);
      expect(failed.status).toBe(500);
      expect(failed.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(failed.headers['content-disposition']).toBeUndefined();
      expect(json(failed)?.message).toBe('Something went wrong. Please try again.');
      vi.restoreAllMocks();
      const next = await get(`/api/admin/payouts/export?${period}`, gzip);
      expect(next).toMatchObject({ status: 200, reused: true, complete: true });
    },
  );

  it.each([false, true])(
    'cuts the connection on a failure after the CSV started, and the next request still works (gzip: %s)',
    async (gzip) => {
      agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      failLedgerPage(2);
      const cut = await get(`/api/admin/payouts/export?${period}`, gzip);
      // The client can tell the file is not whole: the connection closes before the answer's last
      // chunk (or before its head, when nothing had gone out yet) instead of being handed back.
      expect(cut.complete).toBe(false);
      expect([0, 200]).toContain(cut.status);
      vi.restoreAllMocks();
      const next = await get(`/api/admin/payouts/export?${period}`, gzip);
      expect(next).toMatchObject({ status: 200, complete: true, reused: false });
      expect(csvLines(next)).toHaveLength(3);
    },
  );
});
