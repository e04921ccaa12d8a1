import type { Delivery, Order, TierTitle } from '@cutroom/contracts';
import { eventually } from './fakes/payment-fixtures';
import type { ApiClient } from './helpers/http';
import type { TestUser } from './helpers/users';

export interface SendOptions {
  file: Buffer;
  name?: string;
  /** What the browser claims; the server reads the bytes instead. */
  type?: string;
  note?: string;
  /** The order the delivery is for. */
  orderId?: string;
  /** Obsolete field (deliveries name an order now); sent only to check it is not enough. */
  tier?: string;
}

/** POST /api/chat/{roomId}/deliveries as the page sends it (multipart: note, orderId, then the file). */
export function sendDelivery(api: ApiClient, who: TestUser, roomId: string, opts: SendOptions) {
  const form = new FormData();
  if (opts.note !== undefined) form.append('note', opts.note);
  if (opts.tier !== undefined) form.append('tier', opts.tier);
  if (opts.orderId !== undefined) form.append('orderId', opts.orderId);
  form.append(
    'file',
    new Blob([new Uint8Array(opts.file)], { type: opts.type ?? 'video/mp4' }),
    opts.name ?? 'cut.mp4',
  );
  return api.post(`/api/chat/${roomId}/deliveries`, form, { token: who.token });
}

export async function openRoom(api: ApiClient, creator: TestUser, editor: TestUser): Promise<string> {
  const res = await api.post('/api/chat/initiate', { editorId: editor.id }, { token: creator.token });
  if (res.status !== 200 && res.status !== 201)
    throw new Error(`initiate: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.roomId;
}

export async function listDeliveries(api: ApiClient, who: TestUser, roomId: string): Promise<Delivery[]> {
  const res = await api.get(`/api/chat/${roomId}/deliveries`, { token: who.token });
  if (res.status !== 200) throw new Error(`list: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** The delivery once its preview job has settled (ready or failed), as `who` sees it. */
export async function settledDelivery(
  api: ApiClient,
  who: TestUser,
  roomId: string,
  id: string,
  ms = 30_000,
): Promise<Delivery> {
  return eventually(async () => {
    const found = (await listDeliveries(api, who, roomId)).find((d) => d._id === id);
    return found && found.preview.status !== 'processing' ? found : null;
  }, ms);
}

/** The chat's system lines of a room, oldest first. */
export async function systemLines(api: ApiClient, who: TestUser, roomId: string): Promise<string[]> {
  const res = await api.get(`/api/chat/${roomId}/messages?limit=100`, { token: who.token });
  return (res.body.data as { kind: string; content: string }[])
    .filter((m) => m.kind === 'system')
    .map((m) => m.content);
}

/** Raw bytes of a response (downloads, previews). */
export async function bytesOf(url: string, init: RequestInit = {}) {
  const res = await fetch(url, { redirect: 'manual', ...init });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

export interface OrderFields {
  title: string;
  amount: number;
  deliveryDays: number;
  revisions: number;
  tier: TierTitle | null;
  /** Accept to pay first (the order then waits for payment) rather than on approval (work starts at once). */
  payNow: boolean;
}

/**
 * An order between the room's pair that deliveries can be sent for: the editor's offer (defaults: ₹999,
 * 3 days, 2 revisions, no tier), accepted by the creator to pay on approval, so it is `in_progress`.
 */
export async function openOrder(
  api: ApiClient,
  creator: TestUser,
  editor: TestUser,
  roomId: string,
  fields: Partial<OrderFields> = {},
): Promise<Order> {
  const { payNow = false, ...offer } = fields;
  const sent = await api.post(
    `/api/chat/${roomId}/offers`,
    { title: 'Edit for the channel', amount: 999, deliveryDays: 3, revisions: 2, ...offer },
    { token: editor.token },
  );
  if (sent.status !== 201) throw new Error(`offer: ${sent.status} ${JSON.stringify(sent.body)}`);
  const accepted = await api.post(
    `/api/orders/${sent.body.data._id}/accept`,
    { payNow },
    { token: creator.token },
  );
  if (accepted.status !== 200) throw new Error(`accept: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  return accepted.body.data;
}
