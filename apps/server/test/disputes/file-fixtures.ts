import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Dispute } from '@cutroom/contracts';
import type { ApiClient } from '../helpers/http';
import type { TestServer } from '../helpers/server';
import type { TestUser } from '../helpers/users';

/** Helpers of the disputes-files*.test.ts files: files attached and downloaded as the page does. */

/** POST /api/disputes/{id}/evidence as the page sends a file (multipart, one `file` part). */
export function attachEvidence(
  api: ApiClient,
  who: TestUser | null,
  disputeId: string,
  bytes: Buffer,
  name = 'brief.pdf',
  type = 'application/pdf',
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return api.post(`/api/disputes/${disputeId}/evidence`, form, who ? { token: who.token } : {});
}

/** GET …/evidence/{evidenceId}/file: the status, headers and the bytes as sent. */
export async function downloadEvidence(
  server: TestServer,
  who: TestUser,
  disputeId: string,
  evidenceId: string,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${server.url}/api/disputes/${disputeId}/evidence/${evidenceId}/file`, {
    headers: { authorization: `Bearer ${who.token}`, ...headers },
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** Every entry of the server's evidence folder on local disk, partial writes (`.part`) included. */
export const storedEvidence = (server: TestServer): Promise<string[]> =>
  readdir(path.join(server.config.DATA_DIR, 'media', 'private', 'disputes', 'evidence')).catch(() => []);

/** The files among a dispute's evidence. */
export const evidenceFiles = (d: Dispute) => d.evidence.filter((e) => e.kind === 'file');
