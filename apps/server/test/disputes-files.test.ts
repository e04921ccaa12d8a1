import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTACT_DETAILS_BLOCKED_MESSAGE,
  DISPUTE_FILE_LIMITS,
  DISPUTE_FILE_MESSAGES,
  type Dispute,
} from '@cutroom/contracts';
import { attachEvidence, downloadEvidence, evidenceFiles, storedEvidence } from './disputes/file-fixtures';
import { disputeStep, openDispute } from './disputes/fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { makeImage } from './helpers/media';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { acceptOffer, openRoom, payOrder, sendOffer } from './orders/fixtures';

/** A small PDF: its bytes are kept exactly (only images lose their metadata on the way in). */
const pdf = (text = 'the agreed script') =>
  Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj\n<<>>\nendobj\n%%EOF\n`);
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * Files as dispute evidence: each side attaches its own while the dispute is open; the two sides and
 * admins download the exact bytes; the type comes from the bytes, the name is cleaned and screened, each
 * side's count is capped (also when uploads race), and nothing is left in storage by a refused file.
 */
describe('files as dispute evidence', { timeout: 60_000 }, () => {
  let server: TestServer;
  let api: ApiClient;
  let creator: TestUser;
  let editor: TestUser;
  let admin: TestUser;
  let stranger: TestUser;
  let roomId: string;

  beforeAll(async () => {
    server = await startTestServer({ LOG_LEVEL: 'error' });
    api = apiClient(server.url);
    [creator, editor, admin, stranger] = await Promise.all([
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'editor'),
      createTestUser(server.db, 'admin'),
      createTestUser(server.db, 'creator'),
    ]);
    roomId = await openRoom(api, creator, editor);
  });
  afterAll(() => server?.close());

  async function disputed(): Promise<Dispute> {
    const offer = await sendOffer(api, editor, roomId, { amount: 2000 });
    await acceptOffer(api, creator, offer._id, true);
    const order = await payOrder(api, server, creator, offer._id);
    return openDispute(api, creator, order._id);
  }

  const attach = (who: TestUser, disputeId: string, bytes: Buffer, name?: string, type?: string) =>
    attachEvidence(api, who, disputeId, bytes, name, type);
  const download = (who: TestUser, disputeId: string, evidenceId: string) =>
    downloadEvidence(server, who, disputeId, evidenceId);
  const storedFiles = () => storedEvidence(server);
  const files = evidenceFiles;

  it('a side attaches a PDF: both sides and admins see it with its size and SHA-256 and download the exact bytes', async () => {
    const dispute = await disputed();
    expect(dispute.actions).toEqual(['withdraw', 'attach']);
    const bytes = pdf();
    const res = await attach(creator, dispute._id, bytes, 'agreed-script.pdf');
    expect(res.status).toBe(201);
    const [file] = files(res.body.data as Dispute);
    expect(file).toMatchObject({
      side: 'creator',
      kind: 'file',
      summary: 'agreed-script.pdf',
      messageId: null,
      deliveryId: null,
      file: { type: 'application/pdf', typeLabel: 'PDF', bytes: bytes.length, sha256: sha256(bytes) },
    });

    // The other side sees it in the dispute, and (as admins) downloads the very bytes.
    const seen = await api.get(`/api/disputes/${dispute._id}`, { token: editor.token });
    expect(files(seen.body.data)).toEqual([file]);
    for (const who of [creator, editor, admin]) {
      const got = await download(who, dispute._id, file!._id);
      expect(got.status).toBe(200);
      expect(got.bytes.equals(bytes)).toBe(true);
      expect(got.headers.get('content-type')).toBe('application/pdf');
      expect(got.headers.get('content-disposition')).toMatch(
        /^attachment; filename="cutroom-evidence-[0-9a-f]{8}\.pdf"$/,
      );
      expect(got.headers.get('x-content-type-options')).toBe('nosniff');
      expect(got.headers.get('cache-control')).toBe('private, no-store');
    }
    // Anyone else is told it does not exist.
    expect((await download(stranger, dispute._id, file!._id)).status).toBe(404);
    expect((await attach(stranger, dispute._id, pdf())).status).toBe(404);
    expect((await attach(admin, dispute._id, pdf())).status).toBe(403);
  });

  it('the type comes from the bytes: an HTML page named .png is refused and nothing is stored', async () => {
    const dispute = await disputed();
    const before = (await storedFiles()).length;
    const res = await attach(
      creator,
      dispute._id,
      Buffer.from('<html><script>alert(1)</script></html>'),
      'shot.png',
      'image/png',
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(DISPUTE_FILE_MESSAGES.wrongType);
    expect((await storedFiles()).length).toBe(before);
    // An image's private metadata goes, so its SHA-256 is of the bytes kept, which the download returns.
    const jpeg = await makeImage({ width: 64, height: 48 });
    const shot = await attach(creator, dispute._id, jpeg, 'screen.jpg', 'image/jpeg');
    expect(shot.status).toBe(201);
    const [file] = files(shot.body.data);
    expect(file!.file).toMatchObject({ type: 'image/jpeg', typeLabel: 'Image' });
    const got = await download(editor, dispute._id, file!._id);
    expect(sha256(got.bytes)).toBe(file!.file!.sha256);
    expect(got.bytes.length).toBe(file!.file!.bytes);
  });

  it('a file over the limit is refused with 413 and leaves nothing behind; a form without a file is refused', async () => {
    const dispute = await disputed();
    const before = (await storedFiles()).length;
    const big = Buffer.concat([pdf(), Buffer.alloc(DISPUTE_FILE_LIMITS.maxBytes)]);
    const res = await attach(editor, dispute._id, big, 'huge.pdf');
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(DISPUTE_FILE_MESSAGES.tooLarge('huge.pdf'));
    expect((await storedFiles()).length).toBe(before);

    const form = new FormData();
    form.append('note', 'no file here');
    const empty = await api.post(`/api/disputes/${dispute._id}/evidence`, form, { token: creator.token });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(DISPUTE_FILE_MESSAGES.noFile);
    const json = await api.post(
      `/api/disputes/${dispute._id}/evidence`,
      { file: 'x' },
      { token: creator.token },
    );
    expect(json.status).toBe(400);
    expect(json.body.message).toBe(DISPUTE_FILE_MESSAGES.notMultipart);
    expect(
      files((await api.get(`/api/disputes/${dispute._id}`, { token: creator.token })).body.data),
    ).toEqual([]);
  });

  it('the name is what a person reads: path, invisible and control characters dropped; contact details refused', async () => {
    const dispute = await disputed();
    const res = await attach(editor, dispute._id, pdf(), '..\\..\\C:/tmp/re\u202Eport\u200B\u0007 final.pdf');
    expect(res.status).toBe(201);
    expect(files(res.body.data)[0]!.summary).toBe('report final.pdf');

    const before = (await storedFiles()).length;
    const refused = await attach(editor, dispute._id, pdf(), 'call me on 9876543210.pdf');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(CONTACT_DETAILS_BLOCKED_MESSAGE);
    expect((await storedFiles()).length).toBe(before);
    expect(
      files((await api.get(`/api/disputes/${dispute._id}`, { token: editor.token })).body.data),
    ).toHaveLength(1);
  });

  it(`each side attaches at most ${DISPUTE_FILE_LIMITS.perSide} files, also when the last uploads race`, async () => {
    const dispute = await disputed();
    for (let i = 0; i < DISPUTE_FILE_LIMITS.perSide - 2; i++) {
      expect((await attach(creator, dispute._id, pdf(`page ${i}`), `page-${i}.pdf`)).status).toBe(201);
    }
    const before = (await storedFiles()).length;
    const raced = await Promise.all(
      [0, 1, 2, 3].map((i) => attach(creator, dispute._id, pdf(`race ${i}`), `race-${i}.pdf`)),
    );
    expect(raced.map((r) => r.status).sort()).toEqual([201, 201, 409, 409]);
    expect(
      raced.filter((r) => r.status === 409).every((r) => r.body.message === DISPUTE_FILE_MESSAGES.tooMany),
    ).toBe(true);
    // The refused uploads' bytes were removed again.
    expect((await storedFiles()).length).toBe(before + 2);
    const now = await api.get(`/api/disputes/${dispute._id}`, { token: admin.token });
    expect(files(now.body.data).filter((e) => e.side === 'creator')).toHaveLength(
      DISPUTE_FILE_LIMITS.perSide,
    );
    // The other side's own allowance is untouched.
    expect((await attach(editor, dispute._id, pdf())).status).toBe(201);
  });

  it('once the dispute is closed no file is attached, and those attached stay in the case file', async () => {
    const dispute = await disputed();
    const first = await attach(creator, dispute._id, pdf());
    const [file] = files(first.body.data);
    const withdrawn = await disputeStep(api, creator, dispute._id, 'withdraw');
    expect(withdrawn.actions).toEqual([]);
    const late = await attach(editor, dispute._id, pdf());
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(DISPUTE_FILE_MESSAGES.closed);
    expect((await download(admin, dispute._id, file!._id)).status).toBe(200);
    // Asked for under another dispute, the file is not found.
    const other = await disputed();
    expect((await download(admin, other._id, file!._id)).status).toBe(404);
  });
});
