import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolioSamples, users } from '../src/db/schema';
import { apiClient, type ApiClient } from './helpers/http';
import { makeClip, makeImage } from './helpers/media';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { filesUnder, sampleForm, saveStructure } from './portfolio-fixtures';

const MB = 1024 * 1024;

describe('portfolio sample uploads and media serving', () => {
  let server: TestServer;
  let api: ApiClient;
  let admin: TestUser;
  let image: Buffer;
  let video: Buffer;
  let mediaDir: string;

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
    admin = await createTestUser(server.db, 'admin');
    image = await makeImage({ width: 1600, height: 900 });
    video = await makeClip('320x180', 2);
    mediaDir = path.join(server.config.DATA_DIR, 'media');
  });
  afterAll(() => server?.close());

  async function editorWithTiers() {
    const editor = await createTestUser(server.db, 'editor');
    await saveStructure(api, admin.token, editor.id);
    return editor;
  }
  const upload = (editorId: string, form: FormData, token = admin.token) =>
    api.patch(`/api/admin/editors/${editorId}/portfolio/samples`, form, { token });
  const rowsOf = (editorId: string) =>
    server.db.select().from(portfolioSamples).where(eq(portfolioSamples.editorId, editorId));
  const rawStatus = (p: string) =>
    new Promise<number>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: new URL(server.url).port, path: p }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
  const editorFiles = (editorId: string) => filesUnder(path.join(mediaDir, 'public', 'portfolio', editorId));

  it('stores an image and a video with their tags, a thumbnail and, just after, a poster frame', async () => {
    const editor = await editorWithTiers();
    const res = await upload(
      editor.id,
      sampleForm([
        {
          tier: 'basic',
          index: 0,
          name: 'sunset.jpg',
          bytes: image,
          type: 'image/jpeg',
          tags: [' Travel ', 'golden hour', 'travel'],
        },
        { tier: 'pro', index: 0, name: 'clip.mp4', bytes: video, type: 'video/mp4', tags: ['Gaming'] },
      ]),
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Uploaded!');
    const [basic, pro] = res.body.data.tiers;
    expect(basic.title).toBe('basic');
    expect(basic.samples).toHaveLength(1);
    expect(basic.samples[0]).toMatchObject({ type: 'image/jpeg', tags: ['Travel', 'golden hour'] });
    expect(basic.samples[0].url).toMatch(new RegExp(`^/media/portfolio/${editor.id}/[0-9a-f-]{36}\\.jpg$`));
    expect(basic.samples[0].thumbnailUrl).toMatch(/\.thumb\.webp$/);
    expect(pro.samples[0]).toMatchObject({ type: 'video/mp4', tags: ['Gaming'] });

    // The poster frame is made by a background job once the upload has answered; the public page (kept in
    // memory) shows it as soon as it exists.
    const publicVideo = async () =>
      (await api.get(`/api/users/editors/${editor.id}`)).body.data.portfolio.tiers[1].samples[0];
    const listedVideo = async () =>
      (await api.get('/api/users/editors?limit=100')).body.data.find((e: any) => e._id === editor.id)
        .portfolio.tiers[1].samples[0];
    await listedVideo();
    await expect
      .poll(async () => (await publicVideo()).posterUrl, { timeout: 15_000 })
      .toMatch(/\.poster\.jpg$/);
    expect((await listedVideo()).posterUrl).toBe((await publicVideo()).posterUrl);
    pro.samples[0].posterUrl = (await publicVideo()).posterUrl;

    // The stored bytes are the uploaded bytes, served with their type.
    const original = await fetch(`${server.url}${basic.samples[0].url}`);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await original.arrayBuffer()).equals(image)).toBe(true);

    // The thumbnail is a real, smaller webp; the poster a real jpeg frame.
    const thumb = Buffer.from(
      await (await fetch(`${server.url}${basic.samples[0].thumbnailUrl}`)).arrayBuffer(),
    );
    const thumbMeta = await sharp(thumb).metadata();
    expect(thumbMeta.format).toBe('webp');
    expect(thumbMeta.width).toBe(480);
    const poster = Buffer.from(await (await fetch(`${server.url}${pro.samples[0].posterUrl}`)).arrayBuffer());
    expect((await sharp(poster).metadata()).format).toBe('jpeg');

    // The tags feed the editor's search text.
    const [user] = await server.db.select().from(users).where(eq(users.id, editor.id));
    expect(user!.searchText).toContain('golden hour');
    expect(user!.searchText).toContain('gaming');
    expect(user!.searchText).toContain('travel');
  });

  it('serves media with ranges, long immutable caching and nosniff; never the private area', async () => {
    const editor = await editorWithTiers();
    const res = await upload(editor.id, sampleForm([{ tier: 'pro', index: 0, name: 'v.mp4', bytes: video }]));
    const url = `${server.url}${res.body.data.tiers[1].samples[0].url}`;

    const whole = await fetch(url);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Number(whole.headers.get('content-length'))).toBe(video.length);
    await whole.arrayBuffer();

    const part = await fetch(url, { headers: { range: 'bytes=100-1099' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-1099/${video.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(100, 1100))).toBe(true);

    const open = await fetch(url, { headers: { range: `bytes=${video.length - 10}-` } });
    expect(open.status).toBe(206);
    expect(Buffer.from(await open.arrayBuffer()).equals(video.subarray(video.length - 10))).toBe(true);

    const suffix = await fetch(url, { headers: { range: 'bytes=-500' } });
    expect(suffix.status).toBe(206);
    expect(Buffer.from(await suffix.arrayBuffer()).equals(video.subarray(video.length - 500))).toBe(true);

    const beyond = await fetch(url, { headers: { range: `bytes=${video.length + 5}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${video.length}`);
    await beyond.arrayBuffer();

    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBe(video.length);

    const cached = await fetch(url, { headers: { 'if-none-match': whole.headers.get('etag')! } });
    expect(cached.status).toBe(304);

    // Private files exist for deliveries but /media never serves them, however the path is spelled.
    await server.app.storage.put('private', `deliveries/${editor.id}/original.mp4`, Readable.from([video]), {
      contentType: 'video/mp4',
    });
    expect((await server.app.storage.stat('private', `deliveries/${editor.id}/original.mp4`))?.size).toBe(
      video.length,
    );
    for (const p of [
      `/media/deliveries/${editor.id}/original.mp4`,
      `/media/../private/deliveries/${editor.id}/original.mp4`,
      `/media/%2e%2e/private/deliveries/${editor.id}/original.mp4`,
      `/media/..%2fprivate%2fdeliveries%2f${editor.id}%2foriginal.mp4`,
    ]) {
      // Sent byte for byte (fetch would normalise the dots away before they reach the server).
      expect(await rawStatus(p), p).toBe(404);
    }
    const missing = await fetch(`${server.url}/media/portfolio/${editor.id}/nope.mp4`);
    expect(missing.status).toBe(404);
  });

  it('refuses an image over 10 MB with 413 and keeps nothing', async () => {
    const editor = await editorWithTiers();
    const big = Buffer.concat([image, Buffer.alloc(10 * MB + 1 - image.length, 7)]);
    const res = await upload(
      editor.id,
      sampleForm([
        { tier: 'basic', index: 0, name: 'small.jpg', bytes: image, tags: ['ok'] },
        { tier: 'basic', index: 1, name: 'huge.jpg', bytes: big, type: 'image/jpeg', tags: ['x'] },
      ]),
    );
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('huge.jpg is too large: images may be at most 10 MB');
    expect(await rowsOf(editor.id)).toEqual([]);
    expect(editorFiles(editor.id)).toEqual([]);

    // Exactly 10 MB is allowed.
    const limit = Buffer.concat([image, Buffer.alloc(10 * MB - image.length, 7)]);
    const ok = await upload(
      editor.id,
      sampleForm([{ tier: 'basic', index: 0, name: 'max.jpg', bytes: limit }]),
    );
    expect(ok.status).toBe(200);
    expect(await rowsOf(editor.id)).toHaveLength(1);
  });

  it('refuses a video over 100 MB with 413 and keeps nothing', async () => {
    const editor = await editorWithTiers();
    const big = Buffer.concat([video, Buffer.alloc(100 * MB + 1 - video.length)]);
    const res = await upload(
      editor.id,
      sampleForm([{ tier: 'pro', index: 0, name: 'long.mp4', bytes: big }]),
    );
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('long.mp4 is too large: videos may be at most 100 MB');
    expect(await rowsOf(editor.id)).toEqual([]);
    expect(editorFiles(editor.id)).toEqual([]);
  });

  it('reads the type from the bytes, not the name or header', async () => {
    const editor = await editorWithTiers();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
    const text = Buffer.from('just some words, not a picture at all');
    for (const [name, bytes] of [
      ['invoice.jpg', pdf],
      ['notes.png', text],
    ] as const) {
      const res = await upload(
        editor.id,
        sampleForm([
          { tier: 'basic', index: 0, name: 'fine.jpg', bytes: image },
          { tier: 'basic', index: 1, name, bytes, type: 'image/jpeg' },
        ]),
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(`${name}: only image or video files are allowed`);
    }
    // A real PNG sent as "video/mp4" named .mp4 is stored as the PNG it is.
    const png = await makeImage({ format: 'png', width: 300, height: 200 });
    const res = await upload(
      editor.id,
      sampleForm([{ tier: 'basic', index: 0, name: 'x.mp4', bytes: png, type: 'video/mp4' }]),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.tiers[0].samples[0].type).toBe('image/png');
    expect(res.body.data.tiers[0].samples[0].url).toMatch(/\.png$/);
    // Magic bytes of a JPEG with garbage behind them are not an image.
    const fake = Buffer.concat([image.subarray(0, 200), Buffer.alloc(5000, 1)]);
    const broken = await upload(
      editor.id,
      sampleForm([{ tier: 'basic', index: 0, name: 'broken.jpg', bytes: fake }]),
    );
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe('broken.jpg could not be read as an image');
    expect(await rowsOf(editor.id)).toHaveLength(1);
    expect(editorFiles(editor.id)).toHaveLength(2); // the PNG and its thumbnail
  });

  it('accepts samples only for tiers the editor has, with well-formed tags', async () => {
    const bare = await createTestUser(server.db, 'editor');
    const noTiers = await upload(
      bare.id,
      sampleForm([{ tier: 'basic', index: 0, name: 'a.jpg', bytes: image }]),
    );
    expect(noTiers.status).toBe(400);
    expect(noTiers.body.message).toBe(
      'This editor has no tiers yet. Set up the structure before uploading samples.',
    );

    const editor = await editorWithTiers(); // basic and pro
    const wrongTier = await upload(
      editor.id,
      sampleForm([
        { tier: 'basic', index: 0, name: 'a.jpg', bytes: image },
        { tier: 'intermediate', index: 0, name: 'b.jpg', bytes: image },
      ]),
    );
    expect(wrongTier.status).toBe(400);
    expect(wrongTier.body.message).toBe('This editor has no intermediate tier');

    const form = sampleForm([{ tier: 'basic', index: 0, name: 'a.jpg', bytes: image }]);
    form.append('basic_sample_0_tags', 'not json');
    const badTags = await upload(editor.id, form);
    expect(badTags.status).toBe(400);
    expect(badTags.body.message).toBe('Tags must be a JSON list of words');

    const empty = new FormData();
    empty.append('note', 'nothing here');
    const none = await upload(editor.id, empty);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Choose at least one image or video to upload');

    const json = await api.patch(
      `/api/admin/editors/${editor.id}/portfolio/samples`,
      { a: 1 },
      { token: admin.token },
    );
    expect(json.status).toBe(400);

    const unknown = await upload(
      '7b0c0c1e-0000-4000-8000-000000000000',
      sampleForm([{ tier: 'basic', index: 0, name: 'a.jpg', bytes: image }]),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Editor not found or deleted');

    expect(await rowsOf(editor.id)).toEqual([]);
    expect(editorFiles(editor.id)).toEqual([]);
  });

  it('leaves no file and no row behind when the upload is cut off', async () => {
    const editor = await editorWithTiers();
    const boundary = '----cutroomtest';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="pro_sample_0_tags"\r\n\r\n["cut"]\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="pro_0"; filename="v.mp4"\r\n` +
        `Content-Type: video/mp4\r\n\r\n`,
    );
    const { port } = new URL(server.url);
    await new Promise<void>((resolve) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'PATCH',
        path: `/api/admin/editors/${editor.id}/portfolio/samples`,
        headers: {
          authorization: `Bearer ${admin.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + 5 * MB),
        },
      });
      req.on('error', () => resolve());
      req.on('response', () => resolve());
      req.write(head);
      req.write(video);
      // Part of the file has reached the server; then the client vanishes.
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 300);
    });
    // Give the server time to notice and clean up.
    const until = Date.now() + 5000;
    while (Date.now() < until && editorFiles(editor.id).length > 0)
      await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 300));
    expect(editorFiles(editor.id)).toEqual([]);
    expect(await rowsOf(editor.id)).toEqual([]);
  });
});
