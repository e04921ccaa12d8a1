import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../storage';
import { sendStoredObject } from './serve-object';

// Both areas go through one helper: the protective headers must be the same whichever calls it.
describe('sendStoredObject', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'cutroom-serve-'));
  const storage = createLocalStorage(root);
  const app = Fastify();
  app.get<{ Params: { area: 'public' | 'private' } }>('/:area', (request, reply) =>
    sendStoredObject(storage, request, reply, {
      area: request.params.area,
      key: 'a/clip.mp4',
      cacheControl: request.params.area === 'public' ? 'public, max-age=60' : 'private, no-store',
      disposition: request.params.area === 'public' ? undefined : 'attachment; filename="clip.mp4"',
      revalidate: request.params.area === 'public',
    }),
  );
  app.get('/missing', (request, reply) =>
    sendStoredObject(storage, request, reply, { area: 'public', key: 'no/such.mp4', cacheControl: 'public' }),
  );

  beforeAll(async () => {
    for (const area of ['public', 'private'] as const) {
      await storage.put(area, 'a/clip.mp4', Readable.from([Buffer.from('0123456789')]), {
        contentType: 'video/mp4',
      });
    }
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('sends the whole object or a range with nosniff and a disposition', async () => {
    for (const area of ['public', 'private']) {
      const whole = await app.inject({ url: `/${area}` });
      expect(whole.statusCode).toBe(200);
      expect(whole.body).toBe('0123456789');
      expect(whole.headers['x-content-type-options']).toBe('nosniff');
      expect(whole.headers['content-type']).toBe('video/mp4');
      expect(whole.headers['accept-ranges']).toBe('bytes');
      const part = await app.inject({ url: `/${area}`, headers: { range: 'bytes=2-4' } });
      expect(part.statusCode).toBe(206);
      expect(part.body).toBe('234');
      expect(part.headers['content-range']).toBe('bytes 2-4/10');
    }
    expect((await app.inject({ url: '/public' })).headers['content-disposition']).toBe('inline');
    expect((await app.inject({ url: '/private' })).headers['content-disposition']).toBe(
      'attachment; filename="clip.mp4"',
    );
  });

  it('revalidates only when asked', async () => {
    const pub = await app.inject({ url: '/public' });
    expect(pub.headers.etag).toBeTruthy();
    expect(
      (await app.inject({ url: '/public', headers: { 'if-none-match': pub.headers.etag } })).statusCode,
    ).toBe(304);
    expect((await app.inject({ url: '/private' })).headers.etag).toBeUndefined();
  });

  it('answers a range past the end and a missing object with uncached JSON errors', async () => {
    const beyond = await app.inject({ url: '/public', headers: { range: 'bytes=20-' } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */10');
    expect(beyond.headers['cache-control']).toBe('no-store');
    expect(beyond.headers.etag).toBeUndefined();
    expect(beyond.json()).toEqual({ message: 'Requested range not satisfiable' });
    const missing = await app.inject({ url: '/missing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(missing.json()).toEqual({ message: 'Not found' });
  });

  it('answers HEAD with the length and no body', async () => {
    const head = await app.inject({ method: 'HEAD', url: '/private' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('10');
    expect(head.body).toBe('');
  });
});
