import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberSupportTicket } from '@cutroom/contracts';
import { eq } from 'drizzle-orm';
import { supportTickets } from '../src/db/schema';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { openRoom, sendOffer } from './orders/fixtures';

/**
 * A member's support tickets (issue 25, item 18): a signed-in member's ticket is tied to their session's
 * account (never to a field of the form), carries a number (T-1042) and, optionally, one of their own
 * orders; /profile lists their tickets with the team's replies, page by page, and nobody else's.
 */
describe('support: a member’s own tickets', { timeout: 120_000 }, () => {
  let server: TestServer;
  let api: ApiClient;
  let admin: TestUser;
  let creator: TestUser;
  let other: TestUser;
  let editor: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
    admin = await createTestUser(server.db, 'admin');
    creator = await createTestUser(server.db, 'creator');
    other = await createTestUser(server.db, 'creator');
    editor = await createTestUser(server.db, 'editor');
  });
  afterAll(() => server?.close());

  const file = async (who: TestUser | null, body: Record<string, unknown> = {}) =>
    api.post(
      '/api/public/support',
      { name: 'Asha', email: 'typed@example.com', message: 'Where is my file?', ...body },
      who ? { token: who.token } : {},
    );
  const mine = async (who: TestUser, query = '') => {
    const res = await api.get(`/api/support/tickets${query}`, { token: who.token });
    expect(res.status).toBe(200);
    return res.body as { data: MemberSupportTicket[]; nextCursor: string | null };
  };

  it('ties a signed-in member’s ticket to the session’s account and address, with a number', async () => {
    const res = await file(creator, { userId: other.id, email: 'someone-else@example.com' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Ticket submitted successfully!');
    expect(res.body.data.reference).toMatch(/^T-\d+$/);
    const [row] = await server.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, res.body.data._id));
    expect(row!.userId).toBe(creator.id);
    // Replies about a member's orders go to the account's own address, not one typed into the form.
    expect(row!.email).toBe(creator.email);
    expect(`T-${row!.number}`).toBe(res.body.data.reference);

    const next = await file(creator);
    expect(Number(next.body.data.reference.slice(2))).toBe(row!.number + 1);

    const listed = await mine(creator);
    expect(listed.data.map((t) => t.reference)).toEqual([next.body.data.reference, res.body.data.reference]);
    expect(listed.data[1]).toMatchObject({ status: 'open', message: 'Where is my file?', order: null });
    expect((await mine(other)).data).toEqual([]);
  });

  it('files a visitor’s ticket with no owner and the address typed', async () => {
    const res = await file(null, { email: 'Visitor@Example.com' });
    expect(res.status).toBe(201);
    const [row] = await server.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, res.body.data._id));
    expect(row).toMatchObject({ userId: null, email: 'visitor@example.com' });
  });

  it('answers another member’s ticket, and a missing one, with 404; a visitor with 401', async () => {
    const res = await file(creator, { subject: 'Private' });
    const id = res.body.data._id as string;
    const own = await api.get(`/api/support/tickets/${id}`, { token: creator.token });
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ _id: id, subject: 'Private' });
    const theirs = await api.get(`/api/support/tickets/${id}`, { token: other.token });
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('Ticket not found');
    expect((await api.get('/api/support/tickets/not-a-uuid', { token: other.token })).status).toBe(404);
    expect((await api.get(`/api/support/tickets/${id}`)).status).toBe(401);
    expect((await api.get('/api/support/tickets')).status).toBe(401);
    // Another member's ticket id as a cursor shows nothing of theirs.
    expect((await mine(other, `?before=${id}`)).data).toEqual([]);
  });

  it('links one of the member’s own orders, and refuses anyone else’s', async () => {
    const roomId = await openRoom(api, creator, editor);
    const order = await sendOffer(api, editor, roomId, { title: 'Reel edit' });
    const linked = await file(creator, { orderId: order._id });
    expect(linked.status).toBe(201);
    const detail = await api.get(`/api/support/tickets/${linked.body.data._id}`, { token: creator.token });
    expect(detail.body.data.order).toEqual({
      _id: order._id,
      reference: order.reference,
      title: 'Reel edit',
    });
    // The order's editor is one of its members too.
    expect((await file(editor, { orderId: order._id, email: 'ed@example.com' })).status).toBe(201);

    const before = (await server.db.select().from(supportTickets)).length;
    const stolen = await file(other, { orderId: order._id });
    expect(stolen.status).toBe(404);
    expect(stolen.body.message).toBe('Order not found');
    const anonymous = await file(null, { orderId: order._id });
    expect(anonymous.status).toBe(400);
    expect(anonymous.body.message).toBe('Log in to link a ticket to one of your orders');
    expect((await file(creator, { orderId: 'CR-1' })).status).toBe(400);
    expect((await server.db.select().from(supportTickets)).length).toBe(before);

    const admin1 = await api.get(`/api/admin/support-tickets/${linked.body.data._id}`, {
      token: admin.token,
    });
    expect(admin1.body).toMatchObject({
      reference: linked.body.data.reference,
      account: { _id: creator.id, username: creator.username, role: 'creator' },
      order: { _id: order._id, reference: order.reference },
    });
  });

  it('shows the team’s replies to the member without the admin’s name, page by page', async () => {
    const member = await createTestUser(server.db, 'editor', { email: null });
    const ids: string[] = [];
    for (const subject of ['one', 'two', 'three']) {
      const res = await file(member, { subject, email: 'editor-contact@example.com' });
      expect(res.status).toBe(201);
      ids.push(res.body.data._id);
    }
    const reply = await api.post(
      `/api/admin/support-tickets/${ids[0]}/replies`,
      { message: 'Your file is on its way.', close: true },
      { token: admin.token },
    );
    expect(reply.status).toBe(201);

    const first = await mine(member, '?limit=2');
    expect(first.data.map((t) => t.subject)).toEqual(['three', 'two']);
    expect(first.nextCursor).toBe(ids[1]);
    const second = await mine(member, `?limit=2&before=${first.nextCursor}`);
    expect(second.data.map((t) => t.subject)).toEqual(['one']);
    expect(second.nextCursor).toBeNull();
    const answered = second.data[0]!;
    expect(answered).toMatchObject({ status: 'closed', replyCount: 1 });
    expect(answered.replies).toEqual([
      { _id: expect.any(String), message: 'Your file is on its way.', createdAt: expect.any(String) },
    ]);
    expect(JSON.stringify(answered)).not.toContain(admin.username);
    // An account without an address keeps the one typed, so the e-mailed reply has somewhere to go.
    const [row] = await server.db.select().from(supportTickets).where(eq(supportTickets.id, ids[0]!));
    expect(row!.email).toBe('editor-contact@example.com');
    const badCursor = await api.get('/api/support/tickets?before=nope', { token: member.token });
    expect(badCursor.status).toBe(400);
  });
});
