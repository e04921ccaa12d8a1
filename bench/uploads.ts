import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Benchmark, BenchContext } from './lib/benchmark';
import { median, plainCopy, sha256File } from './lib/disk';
import { ensureClip } from './lib/clip';
import { createBenchDatabase } from './lib/databases';
import { mb, num, sleep } from './lib/format';
import { readProcessMemory, RssSampler } from './lib/memory';
import { sendMultipart } from './lib/multipart';
import { REPO_ROOT } from './lib/paths';
import { spawnNode, spawnServer, type NodeProcess } from './lib/processes';
import { rows, seedEditors, seedUsersWithSessions } from './lib/seed';

const MiB = 1024 * 1024;
const RSS_BUDGET = 64 * MiB;

interface UploadRun {
  seconds: number;
  /** MB/s of the file's bytes. */
  throughput: number;
  rssGrowth: number;
  status: number;
  body: string;
}

/** One multipart PATCH as the admin page sends it: the file as `basic_0`, its tags as `basic_sample_0_tags`. */
async function upload(
  target: NodeProcess,
  urlPath: string,
  file: string,
  token?: string,
): Promise<UploadRun> {
  const size = statSync(file).size;
  const before = readProcessMemory(target.pid).rss;
  const sampler = new RssSampler(target.pid, 5).start();
  const started = performance.now();
  const res = await sendMultipart({
    url: target.url + urlPath,
    method: 'PATCH',
    fields: { basic_sample_0_tags: JSON.stringify(['bench', 'cinematic']) },
    file: { field: 'basic_0', path: file, filename: 'bench-clip.mp4', contentType: 'video/mp4' },
    headers: token ? { authorization: `Bearer ${token}` } : {},
    timeoutMs: 120_000,
  });
  const seconds = (performance.now() - started) / 1000;
  const { peak } = sampler.stop();
  return {
    seconds,
    throughput: size / MiB / seconds,
    rssGrowth: peak - before,
    status: res.status,
    body: res.body,
  };
}

async function run(ctx: BenchContext) {
  const bytes = ctx.smoke ? 10 * MiB : 100 * MiB - 64 * 1024;
  const runs = ctx.smoke ? 1 : 3;
  const started = Date.now();
  const clip = ensureClip(bytes, ctx.smoke ? 2 : 10);
  const warmClip = ensureClip(MiB, 1);
  ctx.report.note(
    `clip: ${mb(bytes)} H.264 MP4 (${bytes} bytes) ready in ${Date.now() - started} ms; ${runs} upload(s) of it, median`,
  );

  const dataDir = path.join(ctx.tmp, 'server');
  mkdirSync(dataDir, { recursive: true });
  const database = await createBenchDatabase('pglite', dataDir);
  await seedEditors(database.db, { count: 1, samplesPerEditor: 0 });
  const [editor] = await rows<{ id: string }>(database.db, `SELECT id FROM users WHERE role = 'editor'`);
  const [admin] = await seedUsersWithSessions(database.db, 'admin', 1, 'bench-admin');
  await database.release();
  const route = `/api/admin/editors/${editor!.id}/portfolio/samples`;

  const server = await spawnServer({ name: 'uploads', dataDir });
  const results: UploadRun[] = [];
  try {
    const warm = await upload(server, route, warmClip, admin!.token);
    if (warm.status !== 200)
      throw new Error(`warm-up upload answered ${warm.status}: ${warm.body.slice(0, 300)}`);
    await sleep(1000);
    const idle = readProcessMemory(server.pid);
    ctx.report.note(`server RSS before the big uploads ${mb(idle.rss)} (peak since start ${mb(idle.hwm)})`);
    for (let i = 0; i < runs; i++) {
      results.push(await upload(server, route, clip, admin!.token));
      await sleep(500);
    }
    const after = readProcessMemory(server.pid);
    ctx.report.note(`server RSS after ${mb(after.rss)} (VmHWM ${mb(after.hwm)})`);
    const bad = results.find((r) => r.status !== 200);
    ctx.report.check(
      'every upload answered 200 with the stored sample',
      !bad,
      bad ? `status ${bad.status}: ${bad.body.slice(0, 300)}` : `${runs} × 200`,
    );
    if (bad) return;

    // The stored file is the uploaded one, byte for byte (served back through GET /media).
    const portfolio = JSON.parse(results.at(-1)!.body) as {
      data: { tiers: { samples: { url: string; type: string }[] }[] };
    };
    const video = portfolio.data.tiers
      .flatMap((t) => t.samples)
      .filter((s) => s.type === 'video/mp4')
      .at(-1); // samples come oldest first: the last is this run's
    let detail = 'no video sample in the reply';
    let same = false;
    if (video) {
      const res = await fetch(server.url + video.url);
      const hash = createHash('sha256');
      let length = 0;
      for await (const chunk of res.body!) {
        hash.update(chunk);
        length += chunk.length;
      }
      same = res.ok && hash.digest('hex') === (await sha256File(clip));
      detail = `GET ${video.url.slice(0, 40)}…: ${res.status}, ${length} of ${bytes} bytes`;
    }
    ctx.report.check('the stored video is byte-identical to the upload', same, detail);
  } finally {
    await server.stop();
    await database.drop();
  }

  const copies: number[] = [];
  for (let i = 0; i < runs; i++) copies.push(await plainCopy(clip, ctx.tmp, i));

  const sinkDir = path.join(ctx.tmp, 'sink');
  mkdirSync(sinkDir, { recursive: true });
  const sink = await spawnNode(path.join(REPO_ROOT, 'bench/baselines/upload-sink.ts'), {
    name: 'upload-sink',
    readyPath: '/api/health',
    env: { SINK_DIR: sinkDir },
  });
  const sinkRuns: UploadRun[] = [];
  try {
    await upload(sink, '/upload', warmClip);
    for (let i = 0; i < runs; i++) sinkRuns.push(await upload(sink, '/upload', clip));
  } finally {
    await sink.stop();
  }

  // The real route makes the video's poster frame before it answers; time the same ffmpeg call alone.
  const posterTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    execFileSync('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-ss',
      '1',
      '-i',
      clip,
      '-frames:v',
      '1',
      '-vf',
      "scale='min(960,iw)':-2",
      '-q:v',
      '3',
      path.join(ctx.tmp, 'poster.jpg'),
    ]);
    posterTimes.push((performance.now() - t) / 1000);
  }

  const real = median(results.map((r) => r.throughput));
  const copy = median(copies);
  const bare = median(sinkRuns.map((r) => r.throughput));
  const growth = Math.max(...results.map((r) => r.rssGrowth));
  ctx.report.figure(
    'upload throughput (real server)',
    real,
    'MB/s',
    results.map((r) => `${num(r.seconds, 2)} s`).join(', '),
  );
  ctx.report.figure('plain stream copy to disk (baseline)', copy, 'MB/s');
  ctx.report.figure(
    'bare Fastify multipart to disk',
    bare,
    'MB/s',
    `RSS growth ${mb(Math.max(...sinkRuns.map((r) => r.rssGrowth)))}`,
  );
  ctx.report.figure(
    'server peak RSS growth during an upload',
    growth / MiB,
    'MB',
    results.map((r) => mb(r.rssGrowth)).join(', '),
  );
  ctx.report.ratio('upload throughput vs. plain copy', real, copy, 'MB/s', { min: 0.5 });
  ctx.report.ratio('upload throughput vs. bare multipart', real, bare, 'MB/s');
  ctx.report.target('server peak RSS growth', growth / MiB, 'MB', { max: RSS_BUDGET / MiB });
}

export const uploads: Benchmark = {
  name: 'uploads',
  summary: 'a 100 MB video sample upload: server RSS growth and throughput vs. a plain stream copy to disk',
  run,
};
