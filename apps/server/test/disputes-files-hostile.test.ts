import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTACT_DETAILS_BLOCKED_MESSAGE,
  DISPUTE_FILE_LIMITS,
  DISPUTE_FILE_MESSAGES,
  type Dispute,
  type DisputeEvidence,
} from '@cutroom/contracts';
import { attachEvidence, downloadEvidence, evidenceFiles, storedEvidence } from './disputes/file-fixtures';
import { chatMessage, decide, disputeStep, openDispute } from './disputes/fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { makeClip, makeImage } from './helpers/media';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { deliver, openRoom, step } from './orders/fixtures';
import { paidOrder, type Pair } from './orders/settlement-fixtures';

const exec = promisify(execFile);
const MB = 1024 * 1024;
/** No lone surrogate: the text survives a round trip through UTF-8 unchanged. */
const wellFormed = (text: string) => Buffer.from(text, 'utf8').toString('utf8') === text;
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const pdf = (text = 'the agreed script') =>
  Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj\n<<>>\nendobj\n%%EOF\n`);
/** A PDF of exactly `size` bytes: the header, then a comment padded with spaces. */
const pdfOfSize = (size: number) => {
  const head = pdf('padded');
  return Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]);
};

/** A marker written into an image's metadata; the stored bytes must not hold it. */
const SECRET = 'SECRET-HOME-ADDRESS-42';

interface RawReply {
  status: number;
  body: any;
}

/** One raw multipart part: its header lines and bytes. */
interface RawPart {
  headers: string[];
  body: Buffer;
}

const BOUNDARY = '----cutroomHostileBoundary7MA4YWxkTrZu0gW';

/** A multipart body put together by hand, so that a test controls every byte a browser would not send. */
function rawMultipart(parts: RawPart[], { close = true } = {}): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${BOUNDARY}\r\n${p.headers.join('\r\n')}\r\n\r\n`, 'utf8'));
    chunks.push(p.body, Buffer.from('\r\n'));
  }
  if (close) chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

const filePart = (
  body: Buffer,
  disposition = 'form-data; name="file"; filename="brief.pdf"',
  type: string | null = 'application/pdf',
): RawPart => ({
  headers: [`Content-Disposition: ${disposition}`, ...(type ? [`Content-Type: ${type}`] : [])],
  body,
});

/**
 * Files as dispute evidence, as an attacker or an unlucky person would send them: bodies cut short or
 * malformed, clients that vanish mid-upload, types that lie, metadata that must not survive, names that
 * try to hide or smuggle something, sizes at the limit, closed disputes, races at the cap; and downloads
 * by range, of evidence that is no file, or of another dispute's file.
 */
describe('files as dispute evidence, hostile', { timeout: 120_000 }, () => {
  let server: TestServer;
  let api: ApiClient;
  let creator: TestUser;
  let editor: TestUser;
  let admin: TestUser;
  let stranger: TestUser;
  let strangerEditor: TestUser;
  let pair: Pair;
  let strangerPair: Pair;

  beforeAll(async () => {
    server = await startTestServer({ LOG_LEVEL: 'error' });
    api = apiClient(server.url);
    [creator, editor, admin, stranger, strangerEditor] = await Promise.all([
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'editor'),
      createTestUser(server.db, 'admin'),
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'editor'),
    ]);
    pair = { creator, editor, roomId: await openRoom(api, creator, editor) };
    strangerPair = {
      creator: stranger,
      editor: strangerEditor,
      roomId: await openRoom(api, stranger, strangerEditor),
    };
  });
  afterAll(() => server?.close());

  async function disputed(by: TestUser = creator, p: Pair = pair): Promise<Dispute> {
    const order = await paidOrder(api, server, p, { amount: 2000 });
    return openDispute(api, by, order._id);
  }

  const attach = (who: TestUser | null, disputeId: string, bytes: Buffer, name?: string, type?: string) =>
    attachEvidence(api, who, disputeId, bytes, name, type);

  /** A POST of raw bytes as the body, with the given content type. */
  function rawPost(
    who: TestUser,
    disputeId: string,
    body: Buffer,
    contentType = `multipart/form-data; boundary=${BOUNDARY}`,
  ): Promise<RawReply> {
    const { port } = new URL(server.url);
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: `/api/disputes/${disputeId}/evidence`,
          headers: {
            authorization: `Bearer ${who.token}`,
            'content-type': contentType,
            'content-length': String(body.length),
            connection: 'close',
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            let parsed: unknown = text;
            try {
              parsed = JSON.parse(text);
            } catch {
              /* keep the text */
            }
            resolve({ status: res.statusCode ?? 0, body: parsed });
          });
        },
      );
      let replied = false;
      req.once('response', () => (replied = true));
      req.on('error', (err) => {
        if (!replied) reject(err);
      });
      req.end(body);
    });
  }

  const download = (who: TestUser, disputeId: string, evidenceId: string, headers = {}) =>
    downloadEvidence(server, who, disputeId, evidenceId, headers);
  const storedFiles = () => storedEvidence(server);

  const files = evidenceFiles;
  const filesNow = async (disputeId: string) =>
    files((await api.get(`/api/disputes/${disputeId}`, { token: admin.token })).body.data as Dispute);

  /** Attaches and expects 201; the new file's evidence item (the last file of the reply). */
  async function attached(
    who: TestUser,
    disputeId: string,
    bytes: Buffer,
    name?: string,
    type?: string,
  ): Promise<DisputeEvidence> {
    const res = await attach(who, disputeId, bytes, name, type);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return files(res.body.data as Dispute).at(-1)!;
  }

  /**
   * Runs `fn`, then waits a moment, collecting what the process could not handle meanwhile: in
   * production an uncaught exception ends the server (nothing in src handles 'uncaughtException').
   */
  async function uncaughtDuring(fn: () => Promise<unknown>): Promise<string[]> {
    const seen: string[] = [];
    const collect = (err: Error) => seen.push(`${err.message}`);
    process.on('uncaughtException', collect);
    try {
      await fn();
      await new Promise((r) => setTimeout(r, 500));
    } finally {
      process.off('uncaughtException', collect);
    }
    return seen;
  }

  /** Sends the start of an upload declared much longer, then drops the connection after `ms`. */
  function dropMidUpload(who: TestUser, disputeId: string, start: Buffer, ms: number): Promise<void> {
    const { port } = new URL(server.url);
    return new Promise<void>((resolve) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/disputes/${disputeId}/evidence`,
        headers: {
          authorization: `Bearer ${who.token}`,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': String(start.length + 20 * MB),
        },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(start, () => setTimeout(() => req.destroy(), ms));
    });
  }

  async function until(check: () => Promise<boolean>, ms = 5_000): Promise<boolean> {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      if (await check()) return true;
      await new Promise((r) => setTimeout(r, 50));
    }
    return check();
  }

  // ---------------------------------------------------------------------------------------------------
  // Who may attach, and when.

  it('anonymous is 401, an admin 403, a stranger 404, and none of them leaves a byte in storage', async () => {
    const dispute = await disputed();
    const before = await storedFiles();
    expect((await attach(null, dispute._id, pdf())).status).toBe(401);
    expect((await attach(admin, dispute._id, pdf())).status).toBe(403);
    expect((await attach(stranger, dispute._id, pdf())).status).toBe(404);
    expect((await attach(strangerEditor, dispute._id, pdf())).status).toBe(404);
    // A dispute that does not exist at all reads the same as one of strangers.
    expect((await attach(creator, '00000000-0000-4000-8000-000000000000', pdf())).status).toBe(404);
    expect(await storedFiles()).toEqual(before);
    expect(await filesNow(dispute._id)).toEqual([]);
  });

  it('the side that did not open the dispute attaches while it awaits their answer, before answering', async () => {
    const dispute = await disputed(creator);
    expect(dispute.status).toBe('awaiting_response');
    const asEditor = (await api.get(`/api/disputes/${dispute._id}`, { token: editor.token })).body
      .data as Dispute;
    expect(asEditor.actions).toContain('attach');
    const file = await attached(editor, dispute._id, pdf('editor side'), 'their-side.pdf');
    expect(file.side).toBe('editor');
    // And once it is with admins, both still attach.
    await disputeStep(api, editor, dispute._id, 'answer');
    await disputeStep(api, creator, dispute._id, 'escalate');
    expect((await attached(creator, dispute._id, pdf('creator later'))).side).toBe('creator');
    expect((await attached(editor, dispute._id, pdf('editor later'))).side).toBe('editor');
    expect((await filesNow(dispute._id)).map((f) => f.side)).toEqual(['editor', 'creator', 'editor']);
  });

  it('a withdrawn, a decided and a settled dispute take no file, and the refused bytes are not kept', async () => {
    const withdrawn = await disputed(creator);
    await disputeStep(api, creator, withdrawn._id, 'withdraw');

    const decided = await disputed(creator);
    await disputeStep(api, editor, decided._id, 'answer');
    await disputeStep(api, editor, decided._id, 'escalate');
    await decide(api, admin, decided._id, 'release');

    // Settled: the two agree on an extension while the editor's dispute is open.
    const order = await paidOrder(api, server, pair, { amount: 2000 });
    const settled = await openDispute(api, editor, order._id, { reason: 'late' });
    await step(api, editor, `/api/orders/${order._id}/extension`, {
      days: 2,
      reason: 'The footage came late',
    });
    await step(api, creator, `/api/orders/${order._id}/extension/accept`);

    const before = await storedFiles();
    for (const [id, status] of [
      [withdrawn._id, 'withdrawn'],
      [decided._id, 'decided'],
      [settled._id, 'settled'],
    ] as const) {
      const now = (await api.get(`/api/disputes/${id}`, { token: creator.token })).body.data as Dispute;
      expect(now.status).toBe(status);
      expect(now.actions).not.toContain('attach');
      for (const who of [creator, editor]) {
        const res = await attach(who, id, pdf(`late to ${status}`));
        expect(res.status, `${status}: ${JSON.stringify(res.body)}`).toBe(409);
        expect(res.body.message).toBe(DISPUTE_FILE_MESSAGES.closed);
      }
      expect(await filesNow(id)).toEqual([]);
    }
    expect(await storedFiles()).toEqual(before);
  });

  // ---------------------------------------------------------------------------------------------------
  // Bodies that are not one well-formed `file` part.

  it('two file parts in one request are refused whole: neither file is attached or stored', async () => {
    const dispute = await disputed();
    const before = await storedFiles();
    const body = rawMultipart([
      filePart(pdf('first'), 'form-data; name="file"; filename="one.pdf"'),
      filePart(pdf('second'), 'form-data; name="file"; filename="two.pdf"'),
    ]);
    const res = await rawPost(creator, dispute._id, body);
    expect([400, 413]).toContain(res.status);
    expect(res.body.message).toBe(DISPUTE_FILE_MESSAGES.oneFile);
    expect(await filesNow(dispute._id)).toEqual([]);
    expect(await until(async () => (await storedFiles()).length === before.length)).toBe(true);
    expect(await storedFiles()).toEqual(before);

    // Through a browser's FormData too.
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pdf('a'))], { type: 'application/pdf' }), 'a.pdf');
    form.append('file', new Blob([new Uint8Array(pdf('b'))], { type: 'application/pdf' }), 'b.pdf');
    const twice = await api.post(`/api/disputes/${dispute._id}/evidence`, form, { token: creator.token });
    expect([400, 413]).toContain(twice.status);
    expect(await filesNow(dispute._id)).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  });

  it('a file part named other than `file` is refused with "choose a file", and nothing is stored', async () => {
    const dispute = await disputed();
    const before = await storedFiles();
    for (const name of ['upload', 'File', 'file[]', 'files']) {
      const form = new FormData();
      form.append(name, new Blob([new Uint8Array(pdf())], { type: 'application/pdf' }), 'brief.pdf');
      const res = await api.post(`/api/disputes/${dispute._id}/evidence`, form, { token: creator.token });
      expect(res.status, name).toBe(400);
      expect(res.body.message).toBe(DISPUTE_FILE_MESSAGES.noFile);
    }
    // Field names that are properties of every object.
    for (const name of ['__proto__', 'constructor']) {
      const body = rawMultipart([filePart(pdf(), `form-data; name="${name}"; filename="brief.pdf"`)]);
      const res = await rawPost(creator, dispute._id, body);
      expect(res.status, name).toBe(400);
    }
    // A `file` that is a text field, not a file.
    const asText = rawMultipart([{ headers: ['Content-Disposition: form-data; name="file"'], body: pdf() }]);
    const text = await rawPost(creator, dispute._id, asText);
    expect(text.status).toBe(400);
    expect(text.body.message).toBe(DISPUTE_FILE_MESSAGES.noFile);
    expect(await filesNow(dispute._id)).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  });

  it('a `file` part without a filename (application/octet-stream) is named by its type, not "undefined"', async () => {
    const dispute = await disputed();
    const body = rawMultipart([
      {
        headers: ['Content-Disposition: form-data; name="file"', 'Content-Type: application/octet-stream'],
        body: pdf(),
      },
    ]);
    const res = await rawPost(creator, dispute._id, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [file] = files(res.body.data as Dispute);
    expect(file!.file!.type).toBe('application/pdf');
    expect(file!.summary).toBe('PDF file');
  });

  it('a body cut short (no closing boundary, the file unterminated) is a 400 and keeps nothing', async () => {
    const dispute = await disputed();
    const before = await storedFiles();
    // The whole file's bytes arrive, but the part never ends: the upload cannot be known to be whole.
    const cut = rawMultipart([filePart(pdf('cut short'))], { close: false });
    const noEnd = cut.subarray(0, cut.length - 2); // without even the CRLF after the bytes
    const res = await rawPost(creator, dispute._id, noEnd);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    // Half a PDF: the part's header and 100 kB of the file, then the body ends (Content-Length matches).
    const half = rawMultipart([filePart(pdfOfSize(200_000))], { close: false }).subarray(0, 100_000);
    let res2: RawReply | undefined;
    const crashes = await uncaughtDuring(async () => (res2 = await rawPost(creator, dispute._id, half)));
    expect(res2!.status, JSON.stringify(res2!.body)).toBe(400);
    expect(await filesNow(dispute._id)).toEqual([]);
    expect(await until(async () => (await storedFiles()).length === before.length)).toBe(true);
    expect(await storedFiles()).toEqual(before);
    // The server survives it: nothing escapes as an uncaught exception (which ends a production process).
    expect(crashes).toEqual([]);
  });

  it('malformed multipart (no boundary, wrong boundary, not multipart) is a 400, never a 500', async () => {
    const dispute = await disputed();
    const before = await storedFiles();
    const body = rawMultipart([filePart(pdf())]);
    const noBoundary = await rawPost(creator, dispute._id, body, 'multipart/form-data');
    expect(noBoundary.status).toBe(400);
    const wrong = await rawPost(creator, dispute._id, body, 'multipart/form-data; boundary=not-the-one');
    expect(wrong.status).toBe(400);
    const octets = await rawPost(creator, dispute._id, pdf(), 'application/pdf');
    expect([400, 415]).toContain(octets.status);
    const garbage = await rawPost(creator, dispute._id, Buffer.from('\r\n\r\n--\r\n'));
    expect(garbage.status).toBe(400);
    expect(await filesNow(dispute._id)).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  });

  it('a client that disconnects mid-upload leaves no file (nor partial file) and the dispute still takes one', async () => {
    const dispute = await disputed();
    const before = await storedFiles();
    const head = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    );
    // 3 MB of a declared 20 MB, long enough for the server to be storing it; then the client vanishes.
    const crashes = await uncaughtDuring(() =>
      dropMidUpload(creator, dispute._id, Buffer.concat([head, pdfOfSize(3 * MB)]), 400),
    );
    expect(crashes).toEqual([]);
    // Nothing is left of it: no file, no partial write.
    expect(await until(async () => (await storedFiles()).length === before.length)).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(await storedFiles()).toEqual(before);
    expect(await filesNow(dispute._id)).toEqual([]);
    // The server still serves, and the same dispute takes the same side's next file.
    expect((await api.get('/api/health')).status).toBe(200);
    const file = await attached(creator, dispute._id, pdf('after the drop'), 'again.pdf');
    expect(file.summary).toBe('again.pdf');
    expect((await storedFiles()).length).toBe(before.length + 1);
  });

  it('clients that drop right after the first bytes of the file crash nothing and leave nothing', async () => {
    const dispute = await disputed();
    const before = await storedFiles();
    const head = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    );
    // Past the bytes the type is read from, then gone a few milliseconds later: a closed tab, a lost signal.
    const crashes = await uncaughtDuring(async () => {
      for (let i = 0; i < 8; i++) {
        await dropMidUpload(creator, dispute._id, Buffer.concat([head, pdfOfSize(5_000 + i * 3_000)]), i * 2);
      }
    });
    expect(await until(async () => (await storedFiles()).length === before.length)).toBe(true);
    expect(await storedFiles()).toEqual(before);
    expect(await filesNow(dispute._id)).toEqual([]);
    expect((await api.get('/api/health')).status).toBe(200);
    await attached(creator, dispute._id, pdf('after the drops'));
    expect(crashes).toEqual([]);
  });

  // ---------------------------------------------------------------------------------------------------
  // What a file is, and what of it is kept.

  it('a PNG sent as application/pdf and named .pdf is a PNG: type, label, download type and name from the bytes', async () => {
    const dispute = await disputed();
    const png = await makeImage({ width: 40, height: 30, format: 'png' });
    const file = await attached(creator, dispute._id, png, 'contract.pdf', 'application/pdf');
    expect(file.file).toMatchObject({ type: 'image/png', typeLabel: 'Image' });
    const got = await download(editor, dispute._id, file._id);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('content-disposition')).toMatch(/filename="cutroom-evidence-[0-9a-f]{8}\.png"$/);
    expect(got.bytes.subarray(0, 8).equals(png.subarray(0, 8))).toBe(true);
    expect(sha256(got.bytes)).toBe(file.file!.sha256);
    // And the other way: a PDF sent as image/png named .png is a PDF.
    const doc = pdf('really a pdf');
    const asPng = await attached(creator, dispute._id, doc, 'photo.png', 'image/png');
    expect(asPng.file).toMatchObject({ type: 'application/pdf', typeLabel: 'PDF', bytes: doc.length });
  });

  it('an empty (0-byte) file is refused as the wrong type and nothing is stored', async () => {
    const dispute = await disputed();
    const before = await storedFiles();
    const res = await attach(creator, dispute._id, Buffer.alloc(0), 'empty.pdf');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(DISPUTE_FILE_MESSAGES.wrongType);
    // A file of one byte, or just a type's magic number with nothing after, is not a file either way.
    expect((await attach(creator, dispute._id, Buffer.from('%'), 'one.pdf')).status).toBe(400);
    expect(await filesNow(dispute._id)).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  });

  it('a JPEG with EXIF (GPS, artist) is stored without it; its orientation survives; the SHA-256 is of the stored bytes', async () => {
    const dispute = await disputed();
    const jpeg = await sharp(await makeImage({ width: 120, height: 80 }))
      .withMetadata({
        orientation: 6,
        exif: {
          IFD0: { Artist: SECRET, Copyright: SECRET, ImageDescription: SECRET },
          IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 4242/100', GPSLongitudeRef: 'E' },
        },
      })
      .jpeg()
      .toBuffer();
    // The test's own check: the upload does carry the metadata.
    expect(jpeg.includes(SECRET)).toBe(true);
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const file = await attached(creator, dispute._id, jpeg, 'where-i-live.jpg', 'image/jpeg');
    expect(file.file!.type).toBe('image/jpeg');
    const got = await download(admin, dispute._id, file._id);
    expect(got.status).toBe(200);
    expect(got.bytes.includes(SECRET)).toBe(false);
    expect(got.bytes.includes(Buffer.from('GPS'))).toBe(false);
    expect(got.bytes.length).toBe(file.file!.bytes);
    expect(got.bytes.length).toBeLessThan(jpeg.length);
    expect(sha256(got.bytes)).toBe(file.file!.sha256);
    const meta = await sharp(got.bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 120, height: 80, orientation: 6 });
    // What is left of the EXIF is the orientation alone.
    expect(meta.exif?.length ?? 0).toBeLessThanOrEqual(40);
  });

  it('a PNG with text and EXIF chunks, and a WebP with EXIF and XMP, are stored without them', async () => {
    const dispute = await disputed();
    const base = await makeImage({ width: 64, height: 64, format: 'png' });
    const exif = { IFD0: { Artist: SECRET, ImageDescription: SECRET } };
    const png = await sharp(base).withMetadata({ exif }).png().toBuffer();
    const webp = await sharp(base)
      .withMetadata({ exif })
      .withXmp(`<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF>${SECRET}</rdf:RDF></x:xmpmeta>`)
      .webp()
      .toBuffer();
    // A PNG with a tEXt chunk (e.g. a phone's "Location") put in by hand before IEND.
    const iend = png.lastIndexOf(Buffer.from('IEND')) - 4;
    const text = Buffer.from(`Comment\0${SECRET}`, 'latin1');
    const chunk = Buffer.alloc(12 + text.length);
    chunk.writeUInt32BE(text.length, 0);
    chunk.write('tEXt', 4, 'latin1');
    text.copy(chunk, 8);
    chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + text.length)), 8 + text.length);
    const pngText = Buffer.concat([png.subarray(0, iend), chunk, png.subarray(iend)]);

    for (const [bytes, name, type] of [
      [png, 'exif.png', 'image/png'],
      [pngText, 'text.png', 'image/png'],
      [webp, 'exif.webp', 'image/webp'],
    ] as const) {
      expect(bytes.includes(SECRET), name).toBe(true);
      const file = await attached(editor, dispute._id, bytes, name, type);
      expect(file.file!.type).toBe(type);
      const got = await download(creator, dispute._id, file._id);
      expect(got.bytes.includes(SECRET), name).toBe(false);
      expect(sha256(got.bytes), name).toBe(file.file!.sha256);
      expect(got.bytes.length, name).toBe(file.file!.bytes);
      const meta = await sharp(got.bytes).metadata();
      expect(meta, name).toMatchObject({ width: 64, height: 64 });
      expect(meta.exif, name).toBeUndefined();
    }
  });

  it('every listed type made by real tools is recognised from its bytes and downloads with its own type', async () => {
    const dispute = await disputed();
    const dir = await mkdtemp(path.join(tmpdir(), 'cutroom-evidence-'));
    try {
      const ff = async (file: string, args: string[]) => {
        // prettier-ignore
        await exec('ffmpeg', ['-v', 'error', '-y', ...args, path.join(dir, file)]);
        return readFile(path.join(dir, file));
      };
      const tone = ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1'];
      const video = ['-f', 'lavfi', '-i', 'testsrc=duration=1:size=160x120:rate=10'];
      const base = await makeImage({ width: 32, height: 32, format: 'png' });
      const cases: [Buffer, string, string][] = [
        [await ff('a.wav', tone), 'a.wav', 'audio/wav'],
        [await ff('a.mp3', [...tone, '-c:a', 'libmp3lame']), 'a.mp3', 'audio/mpeg'],
        [await ff('v.webm', [...video, '-c:v', 'libvpx', '-b:v', '100k']), 'v.webm', 'video/webm'],
        [await ff('v.mov', [...video, '-c:v', 'libx264', '-pix_fmt', 'yuv420p']), 'v.mov', 'video/quicktime'],
        [await makeClip('160x120', 1), 'v.mp4', 'video/mp4'],
        [await sharp(base).gif().toBuffer(), 'a.gif', 'image/gif'],
        [await sharp(base).webp().toBuffer(), 'a.webp', 'image/webp'],
      ];
      for (const [bytes, name, type] of cases) {
        // The client claims nothing useful about any of them.
        const file = await attached(creator, dispute._id, bytes, name, 'application/octet-stream');
        expect(file.file!.type, name).toBe(type);
        const got = await download(editor, dispute._id, file._id);
        expect(got.headers.get('content-type'), name).toBe(type);
        expect(sha256(got.bytes), name).toBe(file.file!.sha256);
        if (!type.startsWith('image/')) expect(got.bytes.equals(bytes), name).toBe(true);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('types not listed are refused whatever they claim: SVG, ZIP, an executable, M4A audio', async () => {
    const dispute = await disputed();
    const before = await storedFiles();
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const zip = Buffer.from('504b0304140000000800', 'hex');
    const elf = Buffer.concat([Buffer.from('7f454c46020101', 'hex'), Buffer.alloc(64)]);
    const dir = await mkdtemp(path.join(tmpdir(), 'cutroom-m4a-'));
    // prettier-ignore
    await exec('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', 'aac', path.join(dir, 'a.m4a')]);
    const m4a = await readFile(path.join(dir, 'a.m4a'));
    await rm(dir, { recursive: true, force: true });
    for (const [bytes, name, type] of [
      [m4a, 'voice-note.mp3', 'audio/mpeg'],
      [svg, 'shot.svg', 'image/svg+xml'],
      [zip, 'brief.pdf', 'application/pdf'],
      [elf, 'clip.mp4', 'video/mp4'],
    ] as const) {
      const res = await attach(creator, dispute._id, bytes, name, type);
      expect(res.status, name).toBe(400);
      expect(res.body.message, name).toBe(DISPUTE_FILE_MESSAGES.wrongType);
    }
    expect(await storedFiles()).toEqual(before);
  });

  // ---------------------------------------------------------------------------------------------------
  // Size at the limit.

  it(`a file of exactly ${DISPUTE_FILE_LIMITS.maxBytes / MB} MB is kept whole; one byte more is a 413 and nothing is kept`, async () => {
    const dispute = await disputed();
    const before = await storedFiles();
    const over = pdfOfSize(DISPUTE_FILE_LIMITS.maxBytes + 1);
    const refused = await attach(editor, dispute._id, over, 'one-too-many.pdf');
    expect(refused.status).toBe(413);
    expect(refused.body.message).toBe(DISPUTE_FILE_MESSAGES.tooLarge('one-too-many.pdf'));
    expect(await until(async () => (await storedFiles()).length === before.length)).toBe(true);
    expect(await storedFiles()).toEqual(before);

    const exact = over.subarray(0, DISPUTE_FILE_LIMITS.maxBytes);
    const file = await attached(editor, dispute._id, exact, 'exactly.pdf');
    expect(file.file).toMatchObject({ bytes: DISPUTE_FILE_LIMITS.maxBytes, sha256: sha256(exact) });
    const got = await download(creator, dispute._id, file._id);
    expect(got.bytes.length).toBe(DISPUTE_FILE_LIMITS.maxBytes);
    expect(sha256(got.bytes)).toBe(sha256(exact));
    expect((await storedFiles()).length).toBe(before.length + 1);
  });

  // ---------------------------------------------------------------------------------------------------
  // Names.

  it('a NUL in the name (raw or as filename*) is refused and nothing is stored', async () => {
    const dispute = await disputed();
    const before = await storedFiles();
    const raw = Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="re`),
      Buffer.from([0]),
      Buffer.from(`port.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      pdf(),
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    const res = await rawPost(creator, dispute._id, raw);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    const star = rawMultipart([filePart(pdf(), `form-data; name="file"; filename*=UTF-8''re%00port.pdf`)]);
    const res2 = await rawPost(creator, dispute._id, star);
    expect(res2.status, JSON.stringify(res2.body)).toBe(400);
    expect(await filesNow(dispute._id)).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  });

  it('names as filename*=UTF-8 (lone surrogates, raw UTF-8, RTL overrides) are kept well-formed and visible', async () => {
    const dispute = await disputed();
    const post = async (disposition: string) => {
      const res = await rawPost(creator, dispute._id, rawMultipart([filePart(pdf(), disposition)]));
      expect(res.status, `${disposition}: ${JSON.stringify(res.body)}`).toBe(201);
      return files(res.body.data as Dispute).at(-1)!.summary;
    };
    // A lone high surrogate, as CESU-8 would write it, and one as WTF-8.
    const lone = await post(`form-data; name="file"; filename*=UTF-8''a%ED%A0%80b.pdf`);
    expect(wellFormed(lone)).toBe(true);
    expect(lone).toMatch(/^a.*b\.pdf$/);
    // Percent-encoded UTF-8 of a name with accents and an emoji: read as UTF-8.
    expect(await post(`form-data; name="file"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%F0%9F%8E%AC.pdf`)).toBe(
      'résumé 🎬.pdf',
    );
    // Raw UTF-8 in a plain filename, as browsers send it.
    expect(await post('form-data; name="file"; filename="résumé.pdf"')).toBe('résumé.pdf');
    // A right-to-left override that would show "invoice‮fdp.exe" as "invoiceexe.pdf".
    expect(await post(`form-data; name="file"; filename*=UTF-8''invoice%E2%80%AEfdp.exe`)).toBe(
      'invoicefdp.exe',
    );
  });

  it('a FormData name with a lone surrogate, RTL override and isolates, or only invisible characters', async () => {
    const dispute = await disputed();
    const lone = await attached(creator, dispute._id, pdf(), '\uD800proof\uDFFF.pdf');
    expect(wellFormed(lone.summary)).toBe(true);
    expect(lone.summary).toMatch(/proof.*\.pdf$/);
    const rtl = await attached(creator, dispute._id, pdf(), 'photo\u202Egnp.\u2066\u2069exe');
    expect(rtl.summary).toBe('photognp.exe');
    const invisible = await attached(
      creator,
      dispute._id,
      pdf(),
      '\u200B\u200C\u200D\u2060\uFEFF\u202E\u2066',
    );
    expect(invisible.summary).toBe('PDF file');
    const blank = await attached(creator, dispute._id, pdf(), '   \t  ');
    expect(blank.summary).toBe('PDF file');
  });

  it('a 10,000-character name is cut to 120 characters (whole code points), not refused', async () => {
    const dispute = await disputed();
    const ascii = await attached(creator, dispute._id, pdf(), `${'a'.repeat(10_000)}.pdf`);
    expect(ascii.summary).toBe('a'.repeat(DISPUTE_FILE_LIMITS.nameMax));
    const emoji = await attached(creator, dispute._id, pdf(), `${'🎬'.repeat(10_000)}.pdf`);
    expect(wellFormed(emoji.summary)).toBe(true);
    expect([...emoji.summary]).toHaveLength(DISPUTE_FILE_LIMITS.nameMax);
    expect(emoji.summary).toBe('🎬'.repeat(DISPUTE_FILE_LIMITS.nameMax));
  });

  it('contact details in the name are refused however they are dressed up, and nothing is stored', async () => {
    const dispute = await disputed();
    const before = await storedFiles();
    for (const name of [
      'write to rahul.k@gmail.com.pdf',
      'call 98765\u200B43210.pdf',
      'whatsapp +91 98765 43210.pdf',
      `${'x'.repeat(100)} 9876543210.pdf`,
    ]) {
      const res = await attach(editor, dispute._id, pdf(), name);
      expect(res.status, name).toBe(400);
      expect(res.body.message, name).toBe(CONTACT_DETAILS_BLOCKED_MESSAGE);
    }
    expect(await filesNow(dispute._id)).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  });

  // ---------------------------------------------------------------------------------------------------
  // Downloads.

  it('a download by HTTP Range returns exactly the bytes asked for; an impossible range is a 416', async () => {
    const dispute = await disputed();
    const doc = pdfOfSize(10_000);
    const file = await attached(creator, dispute._id, doc, 'ranged.pdf');
    const first = await download(editor, dispute._id, file._id, { range: 'bytes=0-9' });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-9/${doc.length}`);
    expect(first.bytes.equals(doc.subarray(0, 10))).toBe(true);
    const tail = await download(admin, dispute._id, file._id, { range: 'bytes=-16' });
    expect(tail.status).toBe(206);
    expect(tail.bytes.equals(doc.subarray(doc.length - 16))).toBe(true);
    const middle = await download(creator, dispute._id, file._id, { range: 'bytes=5000-' });
    expect(middle.status).toBe(206);
    expect(middle.bytes.equals(doc.subarray(5000))).toBe(true);
    expect(middle.headers.get('cache-control')).toBe('private, no-store');
    expect(middle.headers.get('content-disposition')).toMatch(/^attachment; /);
    const past = await download(editor, dispute._id, file._id, { range: `bytes=${doc.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${doc.length}`);
    // A stranger with a range is still told it does not exist.
    expect((await download(stranger, dispute._id, file._id, { range: 'bytes=0-9' })).status).toBe(404);
  });

  it('evidence that is a cited message or delivery has no file: its download is a 404', async () => {
    const order = await paidOrder(api, server, pair, { amount: 2000 });
    const cut = await deliver(api, editor, pair.roomId, order._id);
    const messageId = await chatMessage(api, editor, pair.roomId, 'The brief said horizontal.');
    const dispute = await openDispute(api, editor, order._id, {
      messageIds: [messageId],
      deliveryIds: [cut._id],
    });
    const message = dispute.evidence.find((e) => e.kind === 'message')!;
    const delivery = dispute.evidence.find((e) => e.kind === 'delivery')!;
    expect(message).toBeDefined();
    expect(delivery).toBeDefined();
    for (const ev of [message, delivery]) {
      for (const who of [creator, editor, admin]) {
        const got = await download(who, dispute._id, ev._id);
        expect(got.status).toBe(404);
        expect(got.headers.get('content-disposition')).toBeNull();
      }
    }
    // Nor are the cited message's or delivery's own ids a file of the dispute.
    expect((await download(admin, dispute._id, messageId)).status).toBe(404);
    expect((await download(admin, dispute._id, cut._id)).status).toBe(404);
  });

  it("another dispute's file cannot be had through one's own dispute, nor by id guessing", async () => {
    const victims = await disputed(creator);
    const secret = pdf('the victim’s bank statement');
    const theirFile = await attached(creator, victims._id, secret, 'statement.pdf');
    // The stranger pair has a dispute of their own, and asks for the victims' file under it.
    const own = await disputed(stranger, strangerPair);
    for (const who of [stranger, strangerEditor]) {
      expect((await download(who, own._id, theirFile._id)).status).toBe(404);
      expect((await download(who, victims._id, theirFile._id)).status).toBe(404);
    }
    // A side of the victims' dispute does not fetch it under an unrelated dispute either.
    expect((await download(creator, own._id, theirFile._id)).status).toBe(404);
    // Ids that are not evidence, or not ids at all: never a 500, never a file.
    expect((await download(creator, victims._id, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    for (const bad of ['..%2F..%2Fetc%2Fpasswd', 'not-a-uuid', `${theirFile._id}%00`]) {
      const got = await download(creator, victims._id, bad);
      expect([400, 404], bad).toContain(got.status);
      expect(got.bytes.includes(secret)).toBe(false);
    }
  });

  // ---------------------------------------------------------------------------------------------------
  // The cap under a race, and the order of the case file.

  it(`with ${DISPUTE_FILE_LIMITS.perSide - 1} attached, 6 parallel uploads of one side land exactly one`, async () => {
    const dispute = await disputed();
    for (let i = 0; i < DISPUTE_FILE_LIMITS.perSide - 1; i++) {
      await attached(editor, dispute._id, pdf(`page ${i}`), `page-${i}.pdf`);
    }
    const before = await storedFiles();
    const raced = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((i) => attach(editor, dispute._id, pdfOfSize(200_000 + i), `race-${i}.pdf`)),
    );
    const statuses = raced.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const r of raced.filter((x) => x.status === 409)) {
      expect(r.body.message).toBe(DISPUTE_FILE_MESSAGES.tooMany);
    }
    expect(await until(async () => (await storedFiles()).length === before.length + 1)).toBe(true);
    const now = await filesNow(dispute._id);
    expect(now.filter((f) => f.side === 'editor')).toHaveLength(DISPUTE_FILE_LIMITS.perSide);
    // The stored files are exactly those the dispute lists.
    expect((await storedFiles()).filter((f) => f.endsWith('.part'))).toEqual([]);
    // The full side is refused before its bytes are read; the other side is not.
    const more = await attach(editor, dispute._id, pdf('eleventh'));
    expect(more.status).toBe(409);
    expect(more.body.message).toBe(DISPUTE_FILE_MESSAGES.tooMany);
    await attached(creator, dispute._id, pdf('creator still may'));
  });

  it('cited messages and deliveries, then files, then the answer’s citations, are listed in the order they came', async () => {
    const order = await paidOrder(api, server, pair, { amount: 2000 });
    const cut = await deliver(api, editor, pair.roomId, order._id);
    const m1 = await chatMessage(api, creator, pair.roomId, 'Please make it vertical.');
    const m2 = await chatMessage(api, editor, pair.roomId, 'Horizontal, as agreed.');
    const dispute = await openDispute(api, creator, order._id, {
      messageIds: [m2, m1],
      deliveryIds: [cut._id],
    });
    const f1 = await attached(creator, dispute._id, pdf('one'), 'one.pdf');
    const f2 = await attached(editor, dispute._id, await makeImage({ width: 20, height: 20 }), 'two.jpg');
    const m3 = await chatMessage(api, editor, pair.roomId, 'See the offer text.');
    await disputeStep(api, editor, dispute._id, 'answer', {
      statement: 'The brief said horizontal; the vertical cut was asked for after delivery.',
      messageIds: [m3],
    });
    const f3 = await attached(creator, dispute._id, pdf('three'), 'three.pdf');

    for (const who of [creator, editor, admin]) {
      const seen = (await api.get(`/api/disputes/${dispute._id}`, { token: who.token })).body.data as Dispute;
      expect(
        seen.evidence.map((e) => [e.kind, e.side, e.messageId ?? e.deliveryId ?? e._id]),
        who.role,
      ).toEqual([
        ['message', 'creator', m1],
        ['message', 'creator', m2],
        ['delivery', 'creator', cut._id],
        ['file', 'creator', f1._id],
        ['file', 'editor', f2._id],
        ['message', 'editor', m3],
        ['file', 'creator', f3._id],
      ]);
    }
  });
});

/** CRC-32 of PNG chunks (ISO 3309). */
function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}
