import { loadConfig } from '../src/config';
import { publicSiteConfig } from '../src/modules/site/service';
import { afterEach, describe, expect, it } from 'vitest';
import { apiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';

describe('public site config', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('points the perks chat link at /contact when PERKS_CHAT_URL is not set', async () => {
    server = await startTestServer();
    const res = await apiClient(server.url).get('/api/public/site-config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ perksChatUrl: '/contact' });
  });

  it('hands out the configured PERKS_CHAT_URL to anyone', async () => {
    server = await startTestServer({ PERKS_CHAT_URL: 'https://wa.me/919876543210?text=Perks' });
    const res = await apiClient(server.url).get('/api/public/site-config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ perksChatUrl: 'https://wa.me/919876543210?text=Perks' });
    expect(res.headers.get('cache-control')).toContain('max-age=');
  });

  it('never hands a script URL to browsers: refused at start, and falls back to /contact regardless', () => {
    expect(() => loadConfig({ PERKS_CHAT_URL: 'javascript:alert(1)' })).toThrow(
      /^Invalid PERKS_CHAT_URL="javascript:alert\(1\)": must be an http\(s\) URL$/,
    );
    expect(publicSiteConfig({ PERKS_CHAT_URL: 'javascript:alert(1)' })).toEqual({ perksChatUrl: '/contact' });
  });
});
