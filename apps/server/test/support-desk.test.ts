import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSupportTicket } from '@cutroom/contracts';
import { supportTickets } from '../src/db/schema';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { rawHeader, startMailbox, type Mailbox } from './helpers/mailbox';

/** Polls until `check` returns something truthy. */
async function eventually<T>(check: () => Promise<T | null | undefined | false>, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const unique = () => randomUUID().slice(0, 8);

/**
 * The support desk (issue 17): tickets are open or closed; an admin replies from the Support Tickets page,
 * the reply is stored and e-mailed to the ticket's address (a durable job, so an SMTP outage delays it
 * without losing or doubling it); admins close and reopen tickets, one at a time; the list filters by
 * status. Every route is the admins' alone and refuses hostile input without storing or sending anything.
 */
describe('support desk', { timeout: 120_000 }, () => {
  let server: TestServer;
  let api: ApiClient;
  let mailbox: Mailbox;
  let admin: TestUser;
  let admin2: TestUser;

  beforeAll(async () => {
    mailbox = await startMailbox();
    server = await startTestServer({
      SMTP_URL: mailbox.url,
      NOTIFY_MAIL_RETRY_SECONDS: '1',
      SUPPORT_EMAIL: 'help@cutroom.example',
      COMPANY_NAME: 'Cutroom',
    });
    api = apiClient(server.url);
    admin = await createTestUser(server.db, 'admin');
    admin2 = await createTestUser(server.db, 'admin');
  });
  afterAll(async () => {
    await server?.close();
    await mailbox?.close();
  });

  /** A visitor's ticket through the public form; returns its id and address. */
  async function ticket(fields: { subject?: string; message?: string; name?: string } = {}) {
    const email = `visitor-${unique()}@example.com`;
    const res = await api.post('/api/public/support', {
      name: fields.name ?? 'Asha Verma',
      email,
      subject: fields.subject ?? 'Invoice missing',
      message: fields.message ?? 'I paid for the pro tier but got no invoice.\nOrder CR-1042.',
    });
    expect(res.status).toBe(201);
    return { id: res.body.data._id as string, email };
  }
  const base = (id: string) => `/api/admin/support-tickets/${id}`;
  const getTicket = async (id: string): Promise<AdminSupportTicket> => {
    const res = await api.get(base(id), { token: admin.token });
    expect(res.status).toBe(200);
    return res.body;
  };
  const list = async (query = ''): Promise<AdminSupportTicket[]> => {
    const res = await api.get(`/api/admin/support-tickets${query}`, { token: admin.token });
    expect(res.status).toBe(200);
    return res.body;
  };

  it('opens new tickets and lists them with their status, newest first', async () => {
    const a = await ticket();
    const b = await ticket();
    const all = await list('?limit=100');
    const ids = all.map((t) => t._id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect(all.find((t) => t._id === a.id)).toMatchObject({
      status: 'open',
      closedAt: null,
      closedBy: null,
      replyCount: 0,
      replies: [],
      email: a.email,
    });
  });

  it('stores a reply (who, when, text) and e-mails it to the ticket’s address', async () => {
    const t = await ticket({ subject: 'Invoice missing' });
    const text = 'Hello Asha,\n\nYour invoice is on its way. Sorry for the wait!';
    const before = Date.now();
    const res = await api.post(`${base(t.id)}/replies`, { message: `  ${text}  ` }, { token: admin.token });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Reply sent');
    expect(res.body.data.status).toBe('open');
    const [reply] = res.body.data.replies;
    expect(reply).toMatchObject({ message: text, author: { _id: admin.id, username: admin.username } });
    expect(new Date(reply.createdAt).getTime()).toBeGreaterThanOrEqual(before - 1000);

    const [mail] = await mailbox.waitFor(t.email, 1);
    expect(mail!.to).toEqual([t.email]);
    expect(mail!.mail.subject).toBe('Re: Invoice missing');
    expect(mail!.mail.text).toContain('Hi Asha Verma,');
    expect(mail!.mail.text).toContain('Your invoice is on its way. Sorry for the wait!');
    // What they wrote, quoted below the answer.
    expect(mail!.mail.text).toContain('> I paid for the pro tier but got no invoice.\n> Order CR-1042.');
    expect(mail!.mail.html).toContain('Your invoice is on its way.');
    // Answers go to the support inbox, not to the no-reply sender.
    expect(rawHeader(mail!, 'Reply-To')).toBe('help@cutroom.example');

    // Stamped as sent, and listed with the ticket.
    const sent = await eventually(async () => {
      const now = await getTicket(t.id);
      return now.replies[0]?.mail.status === 'sent' ? now : null;
    });
    expect(sent.replies[0]!.mail.sentAt).not.toBeNull();
    expect(sent.replyCount).toBe(1);
    const listed = (await list('?limit=100')).find((x) => x._id === t.id)!;
    expect(listed.replies.map((r) => r.message)).toEqual([text]);
    // Once only.
    await new Promise((r) => setTimeout(r, 1500));
    expect(mailbox.to(t.email)).toHaveLength(1);
  });

  it('keeps a reply through an SMTP outage and mails it once when the server is back', async () => {
    const t = await ticket();
    mailbox.down();
    try {
      const res = await api.post(
        `${base(t.id)}/replies`,
        { message: 'We are on it.' },
        { token: admin.token },
      );
      expect(res.status).toBe(201);
      expect(res.body.data.replies[0].mail.status).toBe('sending');
      await new Promise((r) => setTimeout(r, 2500));
      expect(mailbox.to(t.email)).toHaveLength(0);
      expect((await getTicket(t.id)).replies[0]!.mail.status).toBe('sending');
    } finally {
      mailbox.up();
    }
    await mailbox.waitFor(t.email, 1, 30_000);
    await eventually(async () => (await getTicket(t.id)).replies[0]!.mail.status === 'sent', 10_000);
    await new Promise((r) => setTimeout(r, 1500));
    expect(mailbox.to(t.email)).toHaveLength(1);
  });

  it('keeps the visitor’s subject one line in the mail header and their words plain text in the HTML', async () => {
    const t = await ticket({
      subject: 'Billing\r\nBcc: attacker@example.com',
      message: '<img src=x onerror=alert(1)> where is my refund?',
    });
    const res = await api.post(
      `${base(t.id)}/replies`,
      { message: 'Refund sent <b>today</b> \u{1F468}\u200D\u{1F469}\u200D\u{1F467}' },
      { token: admin.token },
    );
    expect(res.status).toBe(201);
    // Kept as typed: the zero-width joiners inside the emoji are part of it.
    expect(res.body.data.replies[0].message).toBe(
      'Refund sent <b>today</b> \u{1F468}\u200D\u{1F469}\u200D\u{1F467}',
    );
    const [mail] = await mailbox.waitFor(t.email, 1);
    expect(mail!.to).toEqual([t.email]);
    expect(mailbox.to('attacker@example.com')).toHaveLength(0);
    expect(rawHeader(mail!, 'Bcc')).toBeUndefined();
    expect(mail!.mail.subject).toBe('Re: Billing Bcc: attacker@example.com');
    expect(mail!.mail.html).not.toContain('<img src=x');
    expect(mail!.mail.html).not.toContain('<b>today</b>');
    expect(mail!.mail.html).toContain('&lt;b&gt;today&lt;/b&gt;');
  });

  it('closes and reopens a ticket, saying so when it already is', async () => {
    const t = await ticket();
    const closed = await api.patch(base(t.id), { status: 'closed' }, { token: admin.token });
    expect(closed.status).toBe(200);
    expect(closed.body.message).toBe('Ticket closed');
    expect(closed.body.data).toMatchObject({
      status: 'closed',
      closedBy: { _id: admin.id, username: admin.username },
    });
    expect(closed.body.data.closedAt).toEqual(expect.any(String));

    const again = await api.patch(base(t.id), { status: 'closed' }, { token: admin.token });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This ticket is already closed');

    const reopened = await api.patch(base(t.id), { status: 'open' }, { token: admin.token });
    expect(reopened.status).toBe(200);
    expect(reopened.body.message).toBe('Ticket reopened');
    expect(reopened.body.data).toMatchObject({ status: 'open', closedAt: null, closedBy: null });
    const reopenAgain = await api.patch(base(t.id), { status: 'open' }, { token: admin.token });
    expect(reopenAgain.status).toBe(409);
    expect(reopenAgain.body.message).toBe('This ticket is already open');
  });

  it('replies and closes in one step; a reply to a closed ticket still goes and leaves it closed', async () => {
    const t = await ticket();
    const res = await api.post(
      `${base(t.id)}/replies`,
      { message: 'Sorted, closing this.', close: true },
      { token: admin.token },
    );
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Reply sent and ticket closed');
    expect(res.body.data).toMatchObject({ status: 'closed', closedBy: { _id: admin.id }, replyCount: 1 });

    const late = await api.post(
      `${base(t.id)}/replies`,
      { message: 'One more thing.', close: true },
      { token: admin2.token },
    );
    expect(late.status).toBe(201);
    expect(late.body.message).toBe('Reply sent');
    // The first closer stays the closer.
    expect(late.body.data).toMatchObject({ status: 'closed', closedBy: { _id: admin.id }, replyCount: 2 });
    expect(late.body.data.replies.map((r: { author: { _id: string } }) => r.author._id)).toEqual([
      admin.id,
      admin2.id,
    ]);
    await mailbox.waitFor(t.email, 2);
  });

  it('filters by status (open, closed, all) and keeps the unfiltered list SPEC’s array of every ticket', async () => {
    const open = await ticket();
    const closed = await ticket();
    await api.patch(base(closed.id), { status: 'closed' }, { token: admin.token });
    const ids = (ts: AdminSupportTicket[]) => ts.map((t) => t._id);

    const openList = await list('?status=open&limit=100');
    expect(ids(openList)).toContain(open.id);
    expect(ids(openList)).not.toContain(closed.id);
    expect(openList.every((t) => t.status === 'open')).toBe(true);

    const closedList = await list('?status=closed&limit=100');
    expect(ids(closedList)).toContain(closed.id);
    expect(ids(closedList)).not.toContain(open.id);
    expect(closedList.every((t) => t.status === 'closed')).toBe(true);

    for (const q of ['?status=all&limit=100', '?limit=100']) {
      const all = await list(q);
      expect(Array.isArray(all)).toBe(true);
      expect(ids(all)).toEqual(expect.arrayContaining([open.id, closed.id]));
      // Newest first.
      const times = all.map((t) => t.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
    }

    const bad = await api.get('/api/admin/support-tickets?status=pending', { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Status must be open, closed or all');
  });

  it('pages by (createdAt, id): tickets filed in the same instant are neither skipped nor repeated', async () => {
    const at = new Date('2020-01-01T00:00:00.000Z');
    const rows = await server.db
      .insert(supportTickets)
      .values(
        [1, 2, 3].map((n) => ({
          name: `Same instant ${n}`,
          email: `same-${n}@example.com`,
          message: 'hi',
          createdAt: at,
        })),
      )
      .returning({ id: supportTickets.id });
    const seen: string[] = [];
    let cursor = `before=${encodeURIComponent('2020-01-01T00:00:00.001Z')}`;
    for (let i = 0; i < 5; i++) {
      const page = await list(`?limit=1&${cursor}`);
      if (page.length === 0 || page[0]!.createdAt !== at.toISOString()) break;
      seen.push(page[0]!._id);
      cursor = `before=${encodeURIComponent(page[0]!.createdAt)}&beforeId=${page[0]!._id}`;
    }
    expect(seen).toEqual(
      rows
        .map((r) => r.id)
        .sort()
        .reverse(),
    );
    const badCursor = await api.get('/api/admin/support-tickets?beforeId=nope', { token: admin.token });
    expect(badCursor.status).toBe(400);
  });

  it('lists the 20 newest replies of a ticket; the ticket itself has them all', async () => {
    const t = await ticket();
    for (let i = 1; i <= 21; i++) {
      const res = await api.post(`${base(t.id)}/replies`, { message: `Reply ${i}` }, { token: admin.token });
      expect(res.status).toBe(201);
    }
    const listed = (await list('?limit=100')).find((x) => x._id === t.id)!;
    expect(listed.replyCount).toBe(21);
    expect(listed.replies.map((r) => r.message)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Reply ${i + 2}`),
    );
    const whole = await getTicket(t.id);
    expect(whole.replies).toHaveLength(21);
    expect(whole.replies[0]!.message).toBe('Reply 1');
    await mailbox.waitFor(t.email, 21, 30_000);
  });

  it('lets exactly one of two admins closing a ticket at once close it', async () => {
    for (let round = 0; round < 3; round++) {
      const t = await ticket();
      const [a, b] = await Promise.all([
        api.patch(base(t.id), { status: 'closed' }, { token: admin.token }),
        api.patch(base(t.id), { status: 'closed' }, { token: admin2.token }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const winner = a.status === 200 ? admin : admin2;
      const loser = a.status === 200 ? b : a;
      expect(loser.body.message).toBe('This ticket is already closed');
      const now = await getTicket(t.id);
      expect(now).toMatchObject({ status: 'closed', closedBy: { _id: winner.id } });
    }
  });

  it('answers 404 for a ticket that does not exist', async () => {
    for (const id of [randomUUID(), 'nope', '1%20or%201=1']) {
      const replies = await Promise.all([
        api.get(base(id), { token: admin.token }),
        api.patch(base(id), { status: 'closed' }, { token: admin.token }),
        api.post(`${base(id)}/replies`, { message: 'Hello?' }, { token: admin.token }),
      ]);
      for (const r of replies) {
        expect(r.status).toBe(404);
        expect(r.body.message).toBe('Ticket not found');
      }
    }
  });

  it('keeps every desk route to admins, before reading the body or the query', async () => {
    const t = await ticket();
    const creator = await createTestUser(server.db, 'creator');
    const editor = await createTestUser(server.db, 'editor');
    const huge = { message: 'x'.repeat(1024 * 1024) };
    const calls = (token?: string) => [
      api.get(base(t.id), { token }),
      api.get('/api/admin/support-tickets?status=bogus', { token }),
      api.patch(base(t.id), { status: 'closed' }, { token }),
      api.post(`${base(t.id)}/replies`, { message: 'I am an admin, honest' }, { token }),
      api.post(`${base(t.id)}/replies`, huge, { token }),
      api.patch(base('nope'), { status: 'bogus' }, { token }),
    ];
    for (const [token, status] of [
      [undefined, 401],
      [creator.token, 403],
      [editor.token, 403],
    ] as const) {
      const replies = await Promise.all(calls(token));
      expect(replies.map((r) => r.status)).toEqual(replies.map(() => status));
    }
    const now = await getTicket(t.id);
    expect(now).toMatchObject({ status: 'open', replyCount: 0 });
    expect(mailbox.to(t.email)).toHaveLength(0);
  });

  it('refuses hostile input with 400 or 413, storing and sending nothing', async () => {
    const t = await ticket();
    const cases: [unknown, number, string][] = [
      [{ message: 'hi\u0000there' }, 400, 'Text must not contain NUL characters'],
      [{ message: '\u200B\u200C\u2060\uFEFF' }, 400, 'Reply is required'],
      [{ message: ' \u200B \n\t \u200D ' }, 400, 'Reply is required'],
      [{ message: '   ' }, 400, 'Reply is required'],
      [{}, 400, 'Reply is required'],
      [{ message: 42 }, 400, 'Reply is required'],
      [{ message: 'ring \u0007 bell' }, 400, 'Reply must not contain control characters'],
      [{ message: 'a'.repeat(5001) }, 400, 'Reply must be at most 5000 characters'],
      [{ message: 'ok', close: 'yes' }, 400, 'close must be true or false'],
      [{ message: 'x'.repeat(1024 * 1024) }, 413, 'The request is too large'],
    ];
    for (const [body, status, message] of cases) {
      const res = await api.post(`${base(t.id)}/replies`, body, { token: admin.token });
      expect({ body: JSON.stringify(body).slice(0, 60), status: res.status }).toEqual({
        body: JSON.stringify(body).slice(0, 60),
        status,
      });
      expect(res.body.message).toContain(message);
    }
    for (const [body, status, message] of [
      [{ status: 'pending' }, 400, 'Status must be open or closed'],
      [{}, 400, 'Status must be open or closed'],
      [{ status: 'closed\u0000' }, 400, 'Text must not contain NUL characters'],
      [{ status: 'closed', pad: 'x'.repeat(1024 * 1024) }, 413, 'The request is too large'],
    ] as const) {
      const res = await api.patch(base(t.id), body, { token: admin.token });
      expect(res.status).toBe(status);
      expect(res.body.message).toContain(message);
    }
    const broken = await fetch(`${server.url}${base(t.id)}/replies`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      body: '{"message": "unterminated',
    });
    expect(broken.status).toBe(400);

    // 5000 characters exactly is a reply.
    const longest = await api.post(
      `${base(t.id)}/replies`,
      { message: 'b'.repeat(5000) },
      { token: admin.token },
    );
    expect(longest.status).toBe(201);
    const now = await getTicket(t.id);
    expect(now).toMatchObject({ status: 'open', replyCount: 1 });
    await mailbox.waitFor(t.email, 1);
    await new Promise((r) => setTimeout(r, 1000));
    expect(mailbox.to(t.email)).toHaveLength(1);
  });
});
