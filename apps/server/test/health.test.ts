import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server';

describe('health and readiness', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('reports the process up and the database answering', async () => {
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    const ready = await fetch(`${server.url}/api/ready`);
    expect(ready.status).toBe(200);
    expect((await ready.json()).database).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('answers unknown API paths with a JSON 404 and sets security headers', async () => {
    const res = await fetch(`${server.url}/api/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found' });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('echoes a request id for log correlation', async () => {
    const res = await fetch(`${server.url}/api/health`, { headers: { 'x-request-id': 'abc-123' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('abc-123');
    const fresh = await fetch(`${server.url}/api/health`);
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
