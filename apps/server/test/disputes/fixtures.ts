import { eq } from 'drizzle-orm';
import type { AdminDisputeRow, Dispute } from '@cutroom/contracts';
import { disputes, jobs, orderEarnings, orders } from '../../src/db/schema';
import { DISPUTE_JOBS } from '../../src/modules/disputes/job-kinds';
import { DisputeService } from '../../src/modules/disputes/service';
import { notifier } from '../../src/modules/notifications';
import { orderKernel } from '../../src/modules/orders/context';
import type { ApiClient, ApiReply } from '../helpers/http';
import type { TestServer } from '../helpers/server';
import type { TestUser } from '../helpers/users';

/**
 * Helpers of the disputes-*.test.ts files: disputes opened and moved with the API as the two sides and
 * admins would; the response-deadline job run through the same service the job runner calls; direct
 * writes only fast-forward a clock (a deadline, a dispute window, a clearing date).
 */

export const STATEMENT = 'The brief asked for a vertical cut and this one is horizontal.';
export const ANSWER = 'The brief said horizontal; the vertical cut was asked for after delivery.';
export const NOTE = 'Read both statements and the cited delivery.';

export interface OpenBody {
  reason?: string;
  statement?: string;
  messageIds?: string[];
  deliveryIds?: string[];
}

const must = (what: string, res: ApiReply, ok: number[] = [200]) => {
  if (!ok.includes(res.status)) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as Dispute;
};

/** POST /api/orders/{id}/dispute that must succeed (201). */
export async function openDispute(
  api: ApiClient,
  who: TestUser,
  orderId: string,
  body: OpenBody = {},
): Promise<Dispute> {
  const res = await api.post(
    `/api/orders/${orderId}/dispute`,
    { reason: 'not_as_described', statement: STATEMENT, ...body },
    { token: who.token },
  );
  return must('open dispute', res, [201]);
}

/** POST /api/disputes/{id}/{answer|escalate|withdraw} that must succeed. */
export async function disputeStep(
  api: ApiClient,
  who: TestUser,
  id: string,
  step: 'answer' | 'escalate' | 'withdraw',
  body: object = step === 'answer' ? { statement: ANSWER } : {},
): Promise<Dispute> {
  return must(step, await api.post(`/api/disputes/${id}/${step}`, body, { token: who.token }));
}

/** POST /api/admin/disputes/{id}/decide that must succeed. */
export async function decide(
  api: ApiClient,
  admin: TestUser,
  id: string,
  decision: string,
  amount?: number,
  note = NOTE,
): Promise<Dispute> {
  const body = { decision, note, ...(amount === undefined ? {} : { amount }) };
  return must('decide', await api.post(`/api/admin/disputes/${id}/decide`, body, { token: admin.token }));
}

/** GET /api/disputes/{id} as `who`. */
export async function disputeAs(api: ApiClient, who: TestUser, id: string): Promise<Dispute> {
  return must('dispute', await api.get(`/api/disputes/${id}`, { token: who.token }));
}

/** GET /api/admin/disputes/{id}: the case file. */
export async function caseFile(api: ApiClient, admin: TestUser, id: string): Promise<AdminDisputeRow> {
  return must('case file', await api.get(`/api/admin/disputes/${id}`, { token: admin.token })) as never;
}

/** A chat message of `who` in the room, as the page posts it; its id. */
export async function chatMessage(api: ApiClient, who: TestUser, roomId: string, content: string) {
  const res = await api.post(
    '/api/chat/message',
    { chatRoomId: roomId, content, clientId: `c-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    { token: who.token },
  );
  if (res.status !== 200 && res.status !== 201)
    throw new Error(`message: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data._id as string;
}

export async function disputeRow(server: TestServer, id: string) {
  const [row] = await server.db.select().from(disputes).where(eq(disputes.id, id));
  return row!;
}

export async function orderRow(server: TestServer, id: string) {
  const [row] = await server.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

export async function earningsRow(server: TestServer, orderId: string) {
  const [row] = await server.db.select().from(orderEarnings).where(eq(orderEarnings.orderId, orderId));
  return row ?? null;
}

/** Fast-forwards the dispute's response deadline into the past. */
export const pastRespondBy = (server: TestServer, id: string) =>
  server.db
    .update(disputes)
    .set({ respondBy: new Date(Date.now() - 60_000) })
    .where(eq(disputes.id, id));

/** Fast-forwards a completed order's dispute window into the past. */
export const pastDisputeWindow = (server: TestServer, orderId: string) =>
  server.db
    .update(orders)
    .set({ disputableUntil: new Date(Date.now() - 60_000) })
    .where(eq(orders.id, orderId));

/**
 * The handler of the durable `dispute.response-deadline` job: the same service method the job runner
 * calls (plugin.ts), over the server's own orders kernel, database, sockets and notifier.
 */
export function deadlineJob(server: TestServer): (disputeId: string) => Promise<void> {
  const service = new DisputeService({
    k: orderKernel(server.app),
    db: server.app.db,
    io: server.app.io,
    notifier: notifier(server.app),
    config: server.app.config,
  });
  return (id) => service.responseDeadline(id);
}

/** The response-deadline jobs written for a dispute, oldest first. */
export async function deadlineJobsOf(server: TestServer, disputeId: string) {
  const rows = await server.db.select().from(jobs).where(eq(jobs.kind, DISPUTE_JOBS.responseDeadline));
  return rows
    .filter((j) => j.payload.disputeId === disputeId)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** The editor's public track record, as the catalogue's editor page serves it. */
export async function trackRecordOf(api: ApiClient, editor: TestUser) {
  const res = await api.get(`/api/users/editors/${editor.id}`);
  if (res.status !== 200) throw new Error(`editor: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.trackRecord as { disputesLost: number; completedOrders: number };
}
