import type { OrderFile, OrderFilesReply } from '@cutroom/contracts';
import type { ApiClient } from './helpers/http';

/** tus Upload-Metadata: comma-separated `key base64(value)` pairs. */
export const tusMetadata = (meta: Record<string, string>) =>
  Object.entries(meta)
    .map(([k, v]) => `${k} ${Buffer.from(v, 'utf8').toString('base64')}`)
    .join(',');

/** A tus client speaking the protocol by hand, to test every header the server reads and answers. */
export function tusClient(baseUrl: string, token: string) {
  const auth = { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };
  const call = async (method: string, path: string, headers: Record<string, string>, body?: Buffer) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...auth, ...headers },
      body: body ? new Uint8Array(body) : undefined,
    });
    return { status: res.status, headers: res.headers, text: await res.text() };
  };
  return {
    create: (meta: Record<string, string>, length: number | null, extra: Record<string, string> = {}) =>
      call('POST', '/api/uploads', {
        'upload-metadata': tusMetadata(meta),
        ...(length === null ? {} : { 'upload-length': String(length) }),
        ...extra,
      }),
    head: (location: string) => call('HEAD', location, {}),
    patch: (location: string, offset: number, bytes: Buffer, extra: Record<string, string> = {}) =>
      call(
        'PATCH',
        location,
        { 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset), ...extra },
        bytes,
      ),
    terminate: (location: string) => call('DELETE', location, {}),
  };
}
export type TusClient = ReturnType<typeof tusClient>;

/** Creates an upload and sends all of `bytes`; returns where it lives. */
export async function uploadWhole(
  tus: TusClient,
  meta: Record<string, string>,
  bytes: Buffer,
): Promise<string> {
  const created = await tus.create(meta, bytes.length);
  if (created.status !== 201) throw new Error(`create: ${created.status} ${created.text}`);
  const location = created.headers.get('location')!;
  const sent = await tus.patch(location, 0, bytes);
  if (sent.status !== 204) throw new Error(`patch: ${sent.status} ${sent.text}`);
  return location;
}

export async function filesOf(api: ApiClient, token: string, orderId: string): Promise<OrderFilesReply> {
  const reply = await api.get(`/api/orders/${orderId}/files`, { token });
  if (reply.status !== 200) throw new Error(`files: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

/** Waits until the file named `name` has been checked (ready or rejected). */
export async function checkedFile(
  api: ApiClient,
  token: string,
  orderId: string,
  name: string,
  timeoutMs = 20_000,
): Promise<OrderFile> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const file = (await filesOf(api, token, orderId)).data.find((f) => f.name === name);
    if (file && (file.status === 'ready' || file.status === 'rejected')) return file;
    if (Date.now() > until) throw new Error(`file ${name} still ${file?.status ?? 'missing'}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
