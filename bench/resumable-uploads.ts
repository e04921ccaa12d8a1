import { randomBytes } from 'node:crypto';
import {
  closeSync,
  createReadStream,
  fsyncSync,
  mkdirSync,
  openSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { defaultOptions, Upload } from 'tus-js-client';
import { chatRooms, orders } from '../apps/server/src/db/schema';
import type { Benchmark, BenchContext } from './lib/benchmark';
import { median, plainCopy, sha256File } from './lib/disk';
import { createBenchDatabase } from './lib/databases';
import { mb, num, sleep } from './lib/format';
import { readProcessMemory, RssSampler } from './lib/memory';
import { spawnServer, type NodeProcess } from './lib/processes';
import { seedUsersWithSessions } from './lib/seed';

const MiB = 1024 * 1024;
const RSS_BUDGET = 64 * MiB;
/** Each PATCH carries this much (tus-js-client's chunkSize): the most a dropped connection may cost. */
const CHUNK = 8 * MiB;

type UploadOptions = NonNullable<ConstructorParameters<typeof Upload>[1]>;
type UploadInput = ConstructorParameters<typeof Upload>[0];

interface TusRun {
  url: string;
  seconds: number;
  /** MB/s of the file's bytes (0 for a client stopped on purpose). */
  throughput: number;
  /** Upload-Offset of every PATCH this client sent, in order. */
  patchOffsets: number[];
  /** Upload-Offset the server answered this client's HEAD with (a resumed upload). */
  headOffset?: number;
  /** Bytes this client handed to its requests when it was stopped (a stopped client only). */
  sentAtStop?: number;
}

interface FootageOptions {
  server: NodeProcess;
  token: string;
  orderId: string;
  /** A file on disk (streamed, as a browser reads a File), or a small buffer. */
  source: string | Buffer;
  name: string;
  /** Resume this upload instead of creating one. */
  uploadUrl?: string;
  /** Stop the client (upload.abort()) once this many bytes of the file have gone into its requests. */
  stopAt?: number;
  timeoutMs: number;
}

/**
 * A file reader that passes the file's bytes up to `stopAt` and then calls `onStop`: the client is cut
 * off in the middle of a PATCH, at a byte it knows, as a closed laptop would cut it.
 */
function stoppingReader(stopAt: number, onStop: () => void): UploadOptions['fileReader'] {
  return {
    async openFile(input, chunkSize) {
      const source = await defaultOptions.fileReader.openFile(input, chunkSize);
      let stopped = false;
      return {
        size: source.size,
        close: () => source.close(),
        async slice(start, end) {
          const { value, done } = await source.slice(start, end);
          const body = value as Readable & { size: number };
          let position = start;
          const cut = new Transform({
            transform(chunk: Buffer, _encoding, next) {
              if (position >= stopAt) return next();
              const take = Math.min(chunk.length, stopAt - position);
              position += take;
              next(null, take < chunk.length ? chunk.subarray(0, take) : chunk);
              if (position >= stopAt && !stopped) {
                stopped = true;
                // Once the last byte passed is written to the request.
                setImmediate(onStop);
              }
            },
          });
          return { value: Object.assign(body.pipe(cut), { size: body.size }), done };
        },
      };
    },
  };
}

/** One footage upload through tus-js-client, as the order page sends it. */
function sendFootage(opts: FootageOptions): Promise<TusRun> {
  const size = typeof opts.source === 'string' ? statSync(opts.source).size : opts.source.length;
  // The Node build takes an fs.ReadStream and reads each chunk from the file (its types list only the
  // browser's inputs).
  const stream = typeof opts.source === 'string' ? createReadStream(opts.source) : undefined;
  const patchOffsets: number[] = [];
  let headOffset: number | undefined;
  return new Promise<TusRun>((resolve, reject) => {
    const started = performance.now();
    const finish = (run: Omit<TusRun, 'url' | 'seconds' | 'patchOffsets' | 'headOffset'>) => {
      clearTimeout(timer);
      stream?.destroy();
      resolve({
        url: upload.url ?? '',
        seconds: (performance.now() - started) / 1000,
        patchOffsets,
        headOffset,
        ...run,
      });
    };
    const fail = (err: Error) => {
      clearTimeout(timer);
      stream?.destroy();
      reject(err);
    };
    const upload: Upload = new Upload((stream ?? opts.source) as UploadInput, {
      endpoint: `${opts.server.url}/api/uploads`,
      uploadUrl: opts.uploadUrl,
      uploadSize: size,
      uploadLengthDeferred: false,
      chunkSize: CHUNK,
      retryDelays: [],
      storeFingerprintForResuming: false,
      headers: { authorization: `Bearer ${opts.token}` },
      metadata: {
        orderId: opts.orderId,
        kind: 'footage',
        filename: opts.name,
        filetype: 'application/octet-stream',
      },
      ...(opts.stopAt !== undefined
        ? {
            fileReader: stoppingReader(opts.stopAt, () => {
              void upload.abort().then(() => finish({ throughput: 0, sentAtStop: opts.stopAt }), fail);
            }),
          }
        : {}),
      onBeforeRequest: (req) => {
        if (req.getMethod() === 'PATCH') patchOffsets.push(Number(req.getHeader('Upload-Offset')));
      },
      onAfterResponse: (req, res) => {
        if (req.getMethod() === 'HEAD') headOffset = Number(res.getHeader('Upload-Offset'));
      },
      onError: fail,
      onSuccess: () => {
        const seconds = (performance.now() - started) / 1000;
        finish({ throughput: size / MiB / seconds });
      },
    });
    const timer = setTimeout(() => {
      void upload.abort();
      fail(new Error(`${opts.name}: the upload did not finish within ${opts.timeoutMs / 1000} s`));
    }, opts.timeoutMs);
    upload.start();
  });
}

/** Where the server stands on an upload (tus HEAD). */
async function serverOffset(url: string, token: string): Promise<number> {
  const res = await fetch(url, {
    method: 'HEAD',
    headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' },
  });
  if (res.status !== 200) throw new Error(`HEAD ${url} answered ${res.status}`);
  return Number(res.headers.get('upload-offset'));
}

interface OrderFile {
  name: string;
  status: string;
  sizeBytes: number;
  sha256: string | null;
  rejectedReason: string | null;
}

/** Waits until the order's file `name` has been checked (ready or rejected). */
async function checkedFile(
  server: NodeProcess,
  token: string,
  orderId: string,
  name: string,
  timeoutMs: number,
): Promise<OrderFile> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${server.url}/api/orders/${orderId}/files`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.status !== 200) throw new Error(`files: ${res.status} ${(await res.text()).slice(0, 300)}`);
    const file = ((await res.json()) as { data: OrderFile[] }).data.find((f) => f.name === name);
    if (file && (file.status === 'ready' || file.status === 'rejected')) return file;
    if (Date.now() > until)
      throw new Error(`file ${name} still ${file?.status ?? 'missing'} after ${timeoutMs} ms`);
    await sleep(200);
  }
}

/**
 * `bytes` of incompressible footage, quickly: one random MiB over and over, each copy stamped with its
 * index, so a chunk stored in the wrong place changes the file's hash.
 */
function makeFootage(file: string, bytes: number): void {
  const block = randomBytes(MiB);
  const fd = openSync(file, 'w');
  try {
    for (let at = 0, i = 0; at < bytes; at += MiB, i++) {
      block.writeUInt32BE(i, 0);
      writeSync(fd, block, 0, Math.min(MiB, bytes - at));
    }
    // On disk before anything is timed: its write-back must not slow the first upload.
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

async function run(ctx: BenchContext) {
  // Not a whole number of chunks: the last PATCH is a short one.
  const bytes = (ctx.smoke ? 32 : 2048) * MiB + 4321;
  const copies = ctx.smoke ? 1 : 3;
  const uploadTimeoutMs = ctx.smoke ? 120_000 : 30 * 60_000;
  const checkTimeoutMs = ctx.smoke ? 60_000 : 15 * 60_000;
  // Half the file, then half a chunk more: the client is cut off in the middle of a PATCH.
  const stopAt = Math.floor(bytes / 2 / CHUNK) * CHUNK + CHUNK / 2;
  const footage = path.join(ctx.tmp, 'footage.bin');
  const made = performance.now();
  makeFootage(footage, bytes);
  ctx.report.note(
    `footage: ${mb(bytes)} of random bytes (${bytes}) written in ${Math.round(performance.now() - made)} ms; ` +
      `tus-js-client in ${mb(CHUNK)} chunks, the interrupted client stopped at ${mb(stopAt)} ` +
      `(${num((stopAt / bytes) * 100, 1)} %)`,
  );

  const dataDir = path.join(ctx.tmp, 'server');
  mkdirSync(dataDir, { recursive: true });
  const database = await createBenchDatabase('pglite', dataDir);
  const [creator] = await seedUsersWithSessions(database.db, 'creator', 1, 'bench-creator');
  const [editor] = await seedUsersWithSessions(database.db, 'editor', 1, 'bench-editor');
  const [room] = await database.db
    .insert(chatRooms)
    .values({ creatorId: creator!.id, editorId: editor!.id })
    .returning({ id: chatRooms.id });
  // An order at work, as accepting and paying leave it: the creator may add footage to it.
  const [order] = await database.db
    .insert(orders)
    .values({
      roomId: room!.id,
      creatorId: creator!.id,
      editorId: editor!.id,
      source: 'offer',
      title: 'Bench wedding film',
      pricePaise: 99_900,
      deliveryDays: 3,
      revisionsIncluded: 1,
      status: 'in_progress',
      acceptedAt: new Date(),
      dueAt: new Date(Date.now() + 3 * 24 * 3_600_000),
    })
    .returning({ id: orders.id });
  await database.release();
  const orderId = order!.id;
  const token = creator!.token;

  const server = await spawnServer({ name: 'resumable-uploads', dataDir });
  const client = new RssSampler(process.pid, 50);
  const clientBefore = readProcessMemory(process.pid).rss;
  let whole: TusRun;
  let stopped: TusRun;
  let keptAtStop: number;
  let resumed: TusRun;
  const files: OrderFile[] = [];
  const growth: { whole: number; resumed: number; checking: number } = { whole: 0, resumed: 0, checking: 0 };
  let checkSeconds: number;
  try {
    // Warm-up: the routes, the tus server and the check job all run once before anything is measured.
    await sendFootage({
      server,
      token,
      orderId,
      source: randomBytes(MiB),
      name: 'warm-up.bin',
      timeoutMs: uploadTimeoutMs,
    });
    const warm = await checkedFile(server, token, orderId, 'warm-up.bin', checkTimeoutMs);
    if (warm.status !== 'ready')
      throw new Error(`the warm-up upload was ${warm.status}: ${warm.rejectedReason}`);
    await sleep(1000);
    const idle = readProcessMemory(server.pid);
    ctx.report.note(`server RSS before the big uploads ${mb(idle.rss)} (peak since start ${mb(idle.hwm)})`);
    client.start();

    // 1. The whole file in one go.
    let before = readProcessMemory(server.pid).rss;
    let sampler = new RssSampler(server.pid, 10).start();
    whole = await sendFootage({
      server,
      token,
      orderId,
      source: footage,
      name: 'footage-whole.bin',
      timeoutMs: uploadTimeoutMs,
    });
    growth.whole = sampler.stop().peak - before;
    before = readProcessMemory(server.pid).rss;
    sampler = new RssSampler(server.pid, 10).start();
    const checking = performance.now();
    files.push(await checkedFile(server, token, orderId, 'footage-whole.bin', checkTimeoutMs));
    checkSeconds = (performance.now() - checking) / 1000;
    growth.checking = sampler.stop().peak - before;

    // 2. The same file again, its client cut off past half-way, then a new client given only the URL.
    before = readProcessMemory(server.pid).rss;
    sampler = new RssSampler(server.pid, 10).start();
    stopped = await sendFootage({
      server,
      token,
      orderId,
      source: footage,
      name: 'footage-resumed.bin',
      stopAt,
      timeoutMs: uploadTimeoutMs,
    });
    // The server notices the dropped connection and releases the upload's lock.
    await sleep(500);
    keptAtStop = await serverOffset(stopped.url, token);
    resumed = await sendFootage({
      server,
      token,
      orderId,
      source: footage,
      name: 'footage-resumed.bin',
      uploadUrl: stopped.url,
      timeoutMs: uploadTimeoutMs,
    });
    growth.resumed = sampler.stop().peak - before;
    files.push(await checkedFile(server, token, orderId, 'footage-resumed.bin', checkTimeoutMs));
    const after = readProcessMemory(server.pid);
    ctx.report.note(`server RSS after ${mb(after.rss)} (VmHWM ${mb(after.hwm)})`);
  } finally {
    client.stop();
    await server.stop();
    await database.drop();
  }
  const clientGrowth = client.peak - clientBefore;

  const local = await sha256File(footage);
  const copyRuns: number[] = [];
  for (let i = 0; i < copies; i++) copyRuns.push(await plainCopy(footage, ctx.tmp, i));
  rmSync(footage);

  const bad = files.find((f) => f.status !== 'ready');
  ctx.report.check(
    'both uploads were checked and are ready',
    !bad,
    bad
      ? `${bad.name}: ${bad.status} (${bad.rejectedReason})`
      : files.map((f) => `${f.name} ready`).join(', '),
  );
  const sentByFirst = stopped.sentAtStop!;
  const resumedFrom = resumed.patchOffsets[0] ?? bytes;
  const resent = sentByFirst - keptAtStop;
  const interruptedPatch = stopped.patchOffsets.at(-1) ?? 0;
  ctx.report.check(
    'the resumed upload re-sent at most one chunk',
    resent <= CHUNK && keptAtStop >= interruptedPatch && resumedFrom === keptAtStop,
    `first client sent ${sentByFirst} (its last PATCH from ${interruptedPatch}); server kept ${keptAtStop}; ` +
      `resumed client asked (HEAD ${resumed.headOffset}) and sent from ${resumedFrom}: ` +
      `${bytes - resumedFrom} bytes, re-sending ${resent} (chunk ${CHUNK})`,
  );
  const wrong = files.filter((f) => f.sha256 !== local || f.sizeBytes !== bytes);
  ctx.report.check(
    'the stored files are byte-identical to the upload',
    files.length === 2 && wrong.length === 0,
    `SHA-256 ${local.slice(0, 16)}…; ` +
      files.map((f) => `${f.name}: ${f.sha256?.slice(0, 16)}…, ${f.sizeBytes} bytes`).join('; '),
  );

  const copy = median(copyRuns);
  ctx.report.figure(
    'tus upload throughput (real server)',
    whole!.throughput,
    'MB/s',
    `${num(whole!.seconds, 2)} s`,
  );
  ctx.report.figure(
    'plain stream copy to disk (baseline)',
    copy,
    'MB/s',
    copyRuns.map((r) => `${num(r, 0)} MB/s`).join(', '),
  );
  ctx.report.figure(
    'resumed upload: bytes sent by both clients',
    (sentByFirst + bytes - resumedFrom) / MiB,
    'MB',
    `file ${mb(bytes)}; the second client sent ${mb(bytes - resumedFrom)} in ${num(resumed!.seconds, 2)} s, ` +
      `${num((bytes - resumedFrom) / MiB / resumed!.seconds, 1)} MB/s`,
  );
  ctx.report.figure(
    'checking a finished upload (copy + SHA-256)',
    bytes / MiB / checkSeconds!,
    'MB/s',
    `${num(checkSeconds!, 2)} s until ready, server RSS growth ${mb(growth.checking)}`,
  );
  ctx.report.figure(
    'server peak RSS growth during an upload',
    Math.max(growth.whole, growth.resumed) / MiB,
    'MB',
    `whole ${mb(growth.whole)}, interrupted + resumed ${mb(growth.resumed)}`,
  );
  ctx.report.figure('bench client (tus-js-client) peak RSS growth', clientGrowth / MiB, 'MB');
  ctx.report.ratio('upload throughput vs. plain copy', whole!.throughput, copy, 'MB/s', { min: 0.5 });
  ctx.report.target('server peak RSS growth', Math.max(growth.whole, growth.resumed) / MiB, 'MB', {
    max: RSS_BUDGET / MiB,
  });
}

export const resumableUploads: Benchmark = {
  name: 'resumable-uploads',
  summary:
    'a 2 GB footage upload through tus: throughput vs. a plain copy, server RSS growth, resume after a cut',
  run,
};
