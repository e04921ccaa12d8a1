import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../src/lib/storage';
import { apiClient } from './helpers/http';
import { makeClip, makeImage } from './helpers/media';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser } from './helpers/users';
import { sampleForm, saveStructure } from './portfolio-fixtures';

const BUCKET = 'cutroom-media';
const MB = 1024 * 1024;

/** STORAGE=s3 against a real S3-compatible HTTP server on this machine (s3rver), not a mock. */
describe('S3-compatible storage', () => {
  let s3rver: S3rver;
  let endpoint: string;
  let dir: string;
  let server: TestServer;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'cutroom-s3-'));
    s3rver = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const { port } = await s3rver.run();
    endpoint = `http://127.0.0.1:${port}`;
    server = await startTestServer({
      STORAGE: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
  });
  afterAll(async () => {
    await server?.close();
    await s3rver?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const storage = () =>
    createS3Storage({
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    });
  const keys = async () => {
    const client = new S3Client({
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const out = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
    client.destroy();
    return (out.Contents ?? []).map((o) => o.Key!).sort();
  };
  const text = async (s: Readable) => {
    const chunks: Buffer[] = [];
    for await (const c of s) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  };

  it('puts from a stream (multipart when large), reads ranges, stats, copies to a local file, deletes', async () => {
    const s = storage();
    const big = Buffer.alloc(6 * MB + 123, 9);
    big.write('head', 0);
    expect(
      await s.put('private', 'deliveries/x/original.mp4', Readable.from([big]), { contentType: 'video/mp4' }),
    ).toEqual({
      size: big.length,
    });
    expect(await s.stat('private', 'deliveries/x/original.mp4')).toMatchObject({
      size: big.length,
      contentType: 'video/mp4',
    });
    expect(await s.stat('public', 'deliveries/x/original.mp4')).toBeNull();
    const part = await s.get('private', 'deliveries/x/original.mp4', { start: 0, end: 3 });
    expect(part!.size).toBe(big.length);
    expect((await text(part!.body)).toString()).toBe('head');
    const copied = await s.withLocalFile('private', 'deliveries/x/original.mp4', (file) => readFile(file));
    expect(copied.equals(big)).toBe(true);
    await s.delete('private', 'deliveries/x/original.mp4');
    expect(await s.get('private', 'deliveries/x/original.mp4')).toBeNull();
  });

  it('leaves no object when the source fails part-way', async () => {
    const s = storage();
    let sent = 0;
    const failing = new Readable({
      read() {
        if (sent >= 7 * MB) return this.destroy(new Error('client went away'));
        sent += MB;
        this.push(Buffer.alloc(MB, 1));
      },
    });
    await expect(s.put('public', 'broken/x.mp4', failing, { contentType: 'video/mp4' })).rejects.toThrow();
    expect(await s.stat('public', 'broken/x.mp4')).toBeNull();
  });

  it('runs the whole upload, thumbnail, poster and /media with ranges on S3', async () => {
    const api = apiClient(server.url);
    const admin = await createTestUser(server.db, 'admin');
    const editor = await createTestUser(server.db, 'editor');
    await saveStructure(api, admin.token, editor.id);
    const video = await makeClip('320x180', 2);
    const res = await api.patch(
      `/api/admin/editors/${editor.id}/portfolio/samples`,
      sampleForm([
        { tier: 'basic', index: 0, name: 'a.jpg', bytes: await makeImage(), tags: ['s3'] },
        { tier: 'pro', index: 0, name: 'v.mp4', bytes: video },
      ]),
      { token: admin.token },
    );
    expect(res.status).toBe(200);
    const [basic, pro] = res.body.data.tiers;
    expect(basic.samples[0].thumbnailUrl).toBeTruthy();
    // The poster frame is read out of the video in S3 by a background job, just after the upload answers.
    const posterOf = async () =>
      (await api.get(`/api/users/editors/${editor.id}`)).body.data.portfolio.tiers[1].samples[0].posterUrl;
    await expect.poll(posterOf, { timeout: 15_000 }).toMatch(/\.poster\.jpg$/);
    const stored = (await keys()).filter((k) => k.includes(editor.id));
    expect(stored).toHaveLength(4);
    const poster = await fetch(`${server.url}${await posterOf()}`);
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
    expect(stored.every((k) => k.startsWith(`public/portfolio/${editor.id}/`))).toBe(true);

    const ranged = await fetch(`${server.url}${pro.samples[0].url}`, { headers: { range: 'bytes=10-19' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-type')).toBe('video/mp4');
    expect(ranged.headers.get('content-range')).toBe(`bytes 10-19/${video.length}`);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(video.subarray(10, 20))).toBe(true);

    const del = await api.delete(
      `/api/admin/editors/${editor.id}/portfolio/${pro.samples[0]._id}`,
      { sampleUrl: pro.samples[0].url },
      { token: admin.token },
    );
    expect(del.status).toBe(200);
    expect((await keys()).filter((k) => k.includes(editor.id))).toHaveLength(2);

    const oversized = await api.patch(
      `/api/admin/editors/${editor.id}/portfolio/samples`,
      sampleForm([
        {
          tier: 'basic',
          index: 0,
          name: 'big.jpg',
          bytes: Buffer.concat([await makeImage(), Buffer.alloc(10 * MB)]),
        },
      ]),
      { token: admin.token },
    );
    expect(oversized.status).toBe(413);
    expect((await keys()).filter((k) => k.includes(editor.id))).toHaveLength(2);
  });
});
