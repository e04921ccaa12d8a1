import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { eventually } from './fakes/payment-fixtures';
import { testConfig } from './helpers/server';
import { createTestUser } from './helpers/users';

describe('what replies and logs give away', () => {
  let testDb: TestDatabase;
  let dataDir: string;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'cutroom-hardening-'));
    const config = testConfig(dataDir, testDb, {
      LOG_LEVEL: 'info',
      PUBLIC_URL: 'https://cutroom.example.com',
      // A public PUBLIC_URL only runs the simulator when it is chosen (issue 25, item 2).
      PAYMENT_PROVIDER: 'simulator',
    });
    const logStream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    app = await buildApp(config, { database: testDb.database, logStream });
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets pages open websockets to our own origin only', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    const connectSrc = csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .find(([name]) => name === 'connect-src')!
      .slice(1);
    expect(connectSrc).toContain("'self'");
    // No bare scheme (any host): at most our own origin in its websocket form, for older browsers whose
    // 'self' does not cover ws/wss.
    expect(connectSrc).not.toContain('ws:');
    expect(connectSrc).not.toContain('wss:');
    for (const source of connectSrc.filter((s) => /^wss?:/.test(s))) {
      expect(source).toBe('wss://cutroom.example.com');
    }
  });

  it('keeps signed media tickets out of the request log, but logs the path', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    await app.inject({ method: 'GET', url: `/api/deliveries/${id}/preview?t=secret-ticket-123&x=1` });
    await app.inject({ method: 'GET', url: `/api/deliveries/${id}/final?t=other%2Dsecret-456` });
    const log = lines.join('');
    expect(log).toContain(`/api/deliveries/${id}/preview`);
    expect(log).toContain(`/api/deliveries/${id}/final`);
    expect(log).not.toContain('secret-ticket-123');
    expect(log).not.toContain('other%2Dsecret-456');
    expect(log).not.toContain('secret-456');
  });

  it("keeps the simulator's payment session ids out of the request log", async () => {
    const session = 'session_abcDEF123secret-session-id';
    await app.inject({ method: 'GET', url: `/simulator/checkout/${session}` });
    await app.inject({
      method: 'POST',
      url: `/simulator/checkout/${session}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=SUCCESS',
    });
    const log = lines.join('');
    expect(log).toContain('/simulator/checkout/[redacted]');
    expect(log).toContain('/simulator/checkout/[redacted]/complete');
    expect(log).not.toContain('secret-session-id');
  });

  it('never writes payout details to the log, nor sends them back', async () => {
    const editor = await createTestUser(testDb.database.db, 'editor');
    const put = (body: object) =>
      app.inject({
        method: 'PUT',
        url: '/api/earnings/payout-details',
        headers: { authorization: `Bearer ${editor.token}` },
        payload: body,
      });
    const details = {
      method: 'bank',
      accountHolder: 'Log Test',
      phone: '9876543210',
      accountNumber: '918273645546',
      ifsc: 'SBIN0009876',
    };
    const refused = await put({ ...details, ifsc: 'NOT-AN-IFSC' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).not.toContain('918273645546');
    const saved = await put(details);
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain('918273645546');
    // The vendor job opens the details and sends them to the gateway: still nothing in the log.
    await eventually(async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/earnings',
        headers: { authorization: `Bearer ${editor.token}` },
      });
      return res.json().payoutAccount?.vendorState === 'active';
    });
    const log = lines.join('');
    expect(log).toContain('/api/earnings/payout-details');
    expect(log).not.toContain('918273645546');
    expect(log).not.toContain('SBIN0009876');
  });
});
