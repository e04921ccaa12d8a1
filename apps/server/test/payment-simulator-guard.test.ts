import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { apiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';

/** Issue 13, item 8: the simulator lets anyone complete a checkout for free, so it must be chosen. */
describe('the payment simulator is only on when chosen, or on a loopback-only server', () => {
  const refusal = /PAYMENT_PROVIDER/;

  it('runs the README default (no variables) and any loopback server with the simulator', () => {
    expect(loadConfig({}).PAYMENT_PROVIDER).toBe('simulator');
    for (const HOST of ['127.0.0.1', '::1', 'localhost', 'LOCALHOST', '127.0.0.53']) {
      expect(loadConfig({ HOST }).PAYMENT_PROVIDER).toBe('simulator');
    }
  });

  it('refuses to start on a reachable address when nobody chose a payment provider', () => {
    for (const HOST of ['0.0.0.0', '::', '10.0.0.5', 'cutroom.example']) {
      expect(() => loadConfig({ HOST })).toThrow(ConfigError);
      expect(() => loadConfig({ HOST, NODE_ENV: 'development' })).toThrow(refusal);
      expect(() => loadConfig({ HOST, PAYMENT_PROVIDER: '' })).toThrow(refusal);
    }
  });

  // Issue 25, item 2: an app behind nginx listens on loopback, but the public reaches it through the proxy.
  it('refuses a loopback server behind a proxy (public PUBLIC_URL or TRUST_PROXY) when nobody chose a provider', () => {
    for (const PUBLIC_URL of [
      'https://cutroom.example',
      'http://10.0.0.5:3000',
      'http://localhost.example',
    ]) {
      expect(() => loadConfig({ HOST: '127.0.0.1', PUBLIC_URL })).toThrow(ConfigError);
      expect(() => loadConfig({ HOST: '127.0.0.1', PUBLIC_URL })).toThrow(
        /^Invalid PAYMENT_PROVIDER="": .*PUBLIC_URL/,
      );
    }
    for (const TRUST_PROXY of ['true', '1', 'loopback', '10.0.0.0/8']) {
      expect(() => loadConfig({ HOST: '127.0.0.1', TRUST_PROXY })).toThrow(
        /^Invalid PAYMENT_PROVIDER="": .*TRUST_PROXY/,
      );
    }
    // The usual nginx set-up, all three together.
    expect(() =>
      loadConfig({ HOST: '127.0.0.1', PUBLIC_URL: 'https://cutroom.example', TRUST_PROXY: 'loopback' }),
    ).toThrow(refusal);
    // Choosing a provider is always enough.
    const chosen = { HOST: '127.0.0.1', PUBLIC_URL: 'https://cutroom.example', TRUST_PROXY: '1' };
    expect(loadConfig({ ...chosen, PAYMENT_PROVIDER: 'simulator' }).PAYMENT_PROVIDER).toBe('simulator');
    expect(
      loadConfig({
        ...chosen,
        PAYMENT_PROVIDER: 'cashfree',
        CASHFREE_CLIENT_ID: 'id',
        CASHFREE_CLIENT_SECRET: 's',
      }).PAYMENT_PROVIDER,
    ).toBe('cashfree');
  });

  it('still runs the simulator unasked on loopback when PUBLIC_URL is itself a loopback address', () => {
    for (const PUBLIC_URL of [
      'http://localhost:3000',
      'http://LOCALHOST:8080/',
      'http://127.0.0.1:3000',
      'https://127.1.2.3',
      'http://[::1]:3000',
      '',
    ]) {
      expect(loadConfig({ HOST: '127.0.0.1', PUBLIC_URL }).PAYMENT_PROVIDER).toBe('simulator');
    }
    expect(loadConfig({ HOST: '127.0.0.1', TRUST_PROXY: '' }).PAYMENT_PROVIDER).toBe('simulator');
  });

  it('runs the simulator on any address when PAYMENT_PROVIDER=simulator is set explicitly', () => {
    expect(loadConfig({ HOST: '0.0.0.0', PAYMENT_PROVIDER: 'simulator' }).PAYMENT_PROVIDER).toBe('simulator');
    expect(() =>
      loadConfig({ HOST: '0.0.0.0', PAYMENT_PROVIDER: 'simulator', NODE_ENV: 'production' }),
    ).toThrow(refusal);
    const cashfree = loadConfig({
      HOST: '0.0.0.0',
      PAYMENT_PROVIDER: 'cashfree',
      CASHFREE_CLIENT_ID: 'id',
      CASHFREE_CLIENT_SECRET: 'secret',
    });
    expect(cashfree.PAYMENT_PROVIDER).toBe('cashfree');
  });

  describe('pages learn that payments are simulated', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer();
    });
    afterAll(() => server?.close());

    it('GET /api/payment/gateway names the simulator, and its checkout page says "Test payments"', async () => {
      const res = await apiClient(server.url).get('/api/payment/gateway');
      expect(res.body).toEqual({ provider: 'simulator', mode: 'sandbox' });
      const missing = await fetch(`${server.url}/simulator/checkout/session_nope`);
      expect(await missing.text()).toContain('Test payments');
    });
  });
});
