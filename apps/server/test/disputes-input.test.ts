import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPUTE_MESSAGES, type AdminDisputeRow } from '@cutroom/contracts';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { adminDetail, openRoom, type OrderDetail } from './orders/fixtures';
import { paidOrder, type Pair } from './orders/settlement-fixtures';
import { ANSWER, NOTE, STATEMENT, caseFile, disputeStep, openDispute } from './disputes/fixtures';

const NUL_REFUSED = 'Text must not contain NUL characters';
const A_UUID = '3f2b8c1e-8f7a-4d6b-9c2e-1a2b3c4d5e6f';

/**
 * Hostile input to the dispute routes (issue 26): every one is refused with a 400 (413 for a body too
 * large) and a message a person can read, naming the field; the order, its timeline and the dispute are
 * unchanged. What is accepted is read as a person meant it (a statement with invisible characters taken
 * out and trimmed).
 */
describe('disputes: hostile input', { timeout: 120_000 }, () => {
  let server: TestServer;
  let api: ApiClient;
  let admin: TestUser;
  let p: Pair;

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
    const [creator, editor] = await Promise.all([
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'editor'),
    ]);
    admin = await createTestUser(server.db, 'admin');
    p = { creator, editor, roomId: await openRoom(api, creator, editor) };
  });
  afterAll(() => server?.close());

  /** Any POST with its body sent exactly as given. */
  async function raw(who: TestUser, path: string, body: string | undefined, type = 'application/json') {
    const headers: Record<string, string> = { authorization: `Bearer ${who.token}` };
    if (body !== undefined) headers['content-type'] = type;
    const res = await fetch(`${server.url}${path}`, { method: 'POST', headers, body });
    const text = await res.text();
    let parsed: { message?: string } | string = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, message: typeof parsed === 'string' ? parsed : parsed?.message };
  }
  interface Snapshot {
    order: OrderDetail;
    dispute: AdminDisputeRow | null;
  }
  const snapshot = async (orderId: string, disputeId?: string): Promise<Snapshot> => ({
    order: await adminDetail(api, admin, orderId),
    dispute: disputeId ? await caseFile(api, admin, disputeId) : null,
  });
  function unchanged(before: Snapshot, after: Snapshot) {
    expect(after.order.data).toEqual(before.order.data);
    expect(after.order.events).toHaveLength(before.order.events.length);
    expect(after.dispute).toEqual(before.dispute);
  }
  const ids = (n: number) => Array.from({ length: n }, () => randomUUID());

  /** Opening refusals: [name, body as sent, status, message]. */
  const OPEN_CASES: [string, string | undefined, number, string][] = [
    ['no body', undefined, 400, 'Choose a reason'],
    ['an empty object', '{}', 400, 'Choose a reason'],
    ['JSON null', 'null', 400, 'Choose a reason'],
    ['a JSON array', '[1]', 400, ''],
    ['broken JSON', '{"reason": "quality", "stat', 400, ''],
    ['an unknown reason', JSON.stringify({ reason: 'fraud', statement: STATEMENT }), 400, 'Choose a reason'],
    [
      'a reason in capitals',
      JSON.stringify({ reason: 'QUALITY', statement: STATEMENT }),
      400,
      'Choose a reason',
    ],
    ['a reason as a number', JSON.stringify({ reason: 1, statement: STATEMENT }), 400, 'Choose a reason'],
    [
      'a reason as a list',
      JSON.stringify({ reason: ['quality'], statement: STATEMENT }),
      400,
      'Choose a reason',
    ],
    ['no statement', JSON.stringify({ reason: 'quality' }), 400, 'Statement is required'],
    [
      'a statement as a number',
      JSON.stringify({ reason: 'quality', statement: 12345 }),
      400,
      'Statement is required',
    ],
    [
      'a statement too short',
      JSON.stringify({ reason: 'quality', statement: 'Not good' }),
      400,
      'Statement must be at least 20 characters',
    ],
    [
      'a statement long only with invisible characters',
      JSON.stringify({ reason: 'quality', statement: `Not good${'\u200b'.repeat(30)}` }),
      400,
      'Statement must be at least 20 characters',
    ],
    [
      'a statement of spaces and invisible characters',
      JSON.stringify({ reason: 'quality', statement: ` \u2060\ufeff${' '.repeat(40)}\u200e ` }),
      400,
      'Statement must be at least 20 characters',
    ],
    [
      'a statement over 4000 characters',
      JSON.stringify({ reason: 'quality', statement: 'x'.repeat(4001) }),
      400,
      'Statement must be at most 4000 characters',
    ],
    [
      'NUL in the statement',
      JSON.stringify({ reason: 'quality', statement: `${STATEMENT}\u0000` }),
      400,
      NUL_REFUSED,
    ],
    ['NUL in a key', `{"reason":"quality","statement":"${STATEMENT}","x\\u0000":1}`, 400, NUL_REFUSED],
    [
      'a lone high surrogate',
      `{"reason":"quality","statement":"${STATEMENT} \\ud83d"}`,
      400,
      'Statement contains an invalid character',
    ],
    [
      'a lone low surrogate',
      `{"reason":"quality","statement":"\\ude00${STATEMENT}"}`,
      400,
      'Statement contains an invalid character',
    ],
    [
      'message ids as a string',
      JSON.stringify({ reason: 'quality', statement: STATEMENT, messageIds: A_UUID }),
      400,
      'Cited messages must be a list of ids',
    ],
    [
      'message ids as null',
      JSON.stringify({ reason: 'quality', statement: STATEMENT, messageIds: null }),
      400,
      'Cited messages must be a list of ids',
    ],
    [
      'a message id that is not an id',
      JSON.stringify({ reason: 'quality', statement: STATEMENT, messageIds: ["1' or '1'='1"] }),
      400,
      'Each cited message must be an id',
    ],
    [
      'a delivery id as an object',
      JSON.stringify({ reason: 'quality', statement: STATEMENT, deliveryIds: [{ id: A_UUID }] }),
      400,
      'Each cited delivery must be an id',
    ],
    [
      '21 messages',
      JSON.stringify({ reason: 'quality', statement: STATEMENT, messageIds: ids(21) }),
      400,
      'At most 20 messages can be cited',
    ],
    [
      '21 deliveries',
      JSON.stringify({ reason: 'quality', statement: STATEMENT, deliveryIds: ids(21) }),
      400,
      'At most 20 deliveries can be cited',
    ],
    [
      'a hundred thousand ids',
      JSON.stringify({ reason: 'quality', statement: STATEMENT, messageIds: Array(100_000).fill(A_UUID) }),
      413,
      '',
    ],
    [
      'twenty thousand ids (under the body limit)',
      JSON.stringify({ reason: 'quality', statement: STATEMENT, deliveryIds: Array(20_000).fill(A_UUID) }),
      400,
      'At most 20 deliveries can be cited',
    ],
    [
      'three megabytes',
      JSON.stringify({ reason: 'quality', statement: 'x'.repeat(3 * 1024 * 1024) }),
      413,
      '',
    ],
  ];

  it('refuses every hostile opening with a readable 400/413; nothing is opened', async () => {
    const order = await paidOrder(api, server, p);
    const before = await snapshot(order._id);
    const path = `/api/orders/${order._id}/dispute`;
    for (const [name, body, status, message] of OPEN_CASES) {
      const res = await raw(p.creator, path, body);
      expect({ name, status: res.status }).toEqual({ name, status });
      expect(typeof res.message, name).toBe('string');
      expect(res.message!.length, name).toBeGreaterThan(3);
      if (message) expect({ name, message: res.message }).toEqual({ name, message });
    }
    const form = await raw(p.creator, path, 'reason=quality', 'application/x-www-form-urlencoded');
    expect(form.status).toBe(415);
    unchanged(before, await snapshot(order._id));
    const list = await api.get(`/api/orders/${order._id}/disputes`, { token: p.creator.token });
    expect(list.body.data).toEqual([]);
  });

  it('refuses ids that are not ids in every path with a 4xx, never a 500', async () => {
    const order = await paidOrder(api, server, p);
    const bad = ['not-a-uuid', '1%27%20or%20%271%27=%271', '%00', 'x'.repeat(300), `${A_UUID}x`];
    for (const id of bad) {
      const requests = [
        api.post(
          `/api/orders/${id}/dispute`,
          { reason: 'quality', statement: STATEMENT },
          { token: p.creator.token },
        ),
        api.get(`/api/orders/${id}/disputes`, { token: p.creator.token }),
        api.get(`/api/disputes/${id}`, { token: p.creator.token }),
        api.post(`/api/disputes/${id}/answer`, { statement: ANSWER }, { token: p.editor.token }),
        api.post(`/api/disputes/${id}/escalate`, {}, { token: p.editor.token }),
        api.post(`/api/disputes/${id}/withdraw`, {}, { token: p.creator.token }),
        api.get(`/api/admin/disputes/${id}`, { token: admin.token }),
        api.post(
          `/api/admin/disputes/${id}/decide`,
          { decision: 'release', note: NOTE },
          { token: admin.token },
        ),
      ];
      for (const res of await Promise.all(requests)) {
        expect({ id, status: res.status }).toEqual({ id, status: expect.any(Number) });
        // 400 (not an id), 404 (no such thing) or 414 (longer than any id: refused before routing).
        expect([400, 404, 414], `${id}: ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
        expect(typeof res.body?.message).toBe('string');
      }
    }
    // A well-formed id of nothing: 404, for sides and admins alike.
    for (const [who, path] of [
      [p.creator, `/api/disputes/${A_UUID}`],
      [admin, `/api/admin/disputes/${A_UUID}`],
    ] as const) {
      const res = await api.get(path, { token: who.token });
      expect([res.status, res.body.message]).toEqual([404, DISPUTE_MESSAGES.notFound]);
    }
    const decide = await api.post(
      `/api/admin/disputes/${A_UUID}/decide`,
      { decision: 'release', note: NOTE },
      { token: admin.token },
    );
    expect([decide.status, decide.body.message]).toEqual([404, DISPUTE_MESSAGES.notFound]);
    expect((await adminDetail(api, admin, order._id)).data.disputeId).toBeNull();
  });

  it('reads a statement as a person meant it: invisible characters out, trimmed; unknown fields ignored', async () => {
    const order = await paidOrder(api, server, p);
    const res = await api.post(
      `/api/orders/${order._id}/dispute`,
      {
        reason: 'other',
        statement: `  \u200bThe cut\u2060 is not what we agreed on \u202e at all.\ufeff  `,
        openedBy: 'editor',
        status: 'decided',
        respondBy: '2000-01-01T00:00:00Z',
      },
      { token: p.creator.token },
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      statement: 'The cut is not what we agreed on  at all.',
      openedBy: 'creator',
      status: 'awaiting_response',
      reason: 'other',
    });
    expect(new Date(res.body.data.respondBy).getTime()).toBeGreaterThan(Date.now());
  });

  it('refuses hostile answers; the dispute keeps waiting for one', async () => {
    const order = await paidOrder(api, server, p);
    const d = await openDispute(api, p.creator, order._id);
    const before = await snapshot(order._id, d._id);
    const path = `/api/disputes/${d._id}/answer`;
    const cases: [string, string | undefined, number, string][] = [
      ['no body', undefined, 400, 'Statement is required'],
      ['too short', JSON.stringify({ statement: 'No.' }), 400, 'Statement must be at least 20 characters'],
      ['NUL', JSON.stringify({ statement: `${ANSWER}\u0000` }), 400, NUL_REFUSED],
      [
        'a lone surrogate',
        `{"statement":"${ANSWER}\\udbff"}`,
        400,
        'Statement contains an invalid character',
      ],
      [
        '21 deliveries',
        JSON.stringify({ statement: ANSWER, deliveryIds: ids(21) }),
        400,
        'At most 20 deliveries can be cited',
      ],
      ['three megabytes', JSON.stringify({ statement: 'y'.repeat(3 * 1024 * 1024) }), 413, ''],
    ];
    for (const [name, body, status, message] of cases) {
      const res = await raw(p.editor, path, body);
      expect({ name, status: res.status }).toEqual({ name, status });
      if (message) expect({ name, message: res.message }).toEqual({ name, message });
    }
    unchanged(before, await snapshot(order._id, d._id));
  });

  it('refuses hostile decisions; the dispute stays with admins and no money moves', async () => {
    const order = await paidOrder(api, server, p);
    const d = await openDispute(api, p.creator, order._id);
    await disputeStep(api, p.editor, d._id, 'answer');
    await disputeStep(api, p.editor, d._id, 'escalate');
    const before = await snapshot(order._id, d._id);
    const path = `/api/admin/disputes/${d._id}/decide`;
    const needsAmount = 'A partial refund needs an amount, and only a partial refund takes one';
    const cases: [string, unknown, string][] = [
      ['no decision', { note: NOTE }, 'Choose a decision'],
      ['an unknown decision', { decision: 'refund_everything', note: NOTE }, 'Choose a decision'],
      ['a decision as a list', { decision: ['release'], note: NOTE }, 'Choose a decision'],
      ['a partial refund without an amount', { decision: 'partial_refund', note: NOTE }, needsAmount],
      ['a release with an amount', { decision: 'release', amount: 100, note: NOTE }, needsAmount],
      ['a full refund with an amount', { decision: 'full_refund', amount: 100, note: NOTE }, needsAmount],
      ['an amount of 0', { decision: 'partial_refund', amount: 0, note: NOTE }, 'Amount must be at least 1'],
      [
        'a negative amount',
        { decision: 'partial_refund', amount: -500, note: NOTE },
        'Amount must be at least 1',
      ],
      [
        'paise',
        { decision: 'partial_refund', amount: 12.5, note: NOTE },
        'Amount must be a whole number of rupees',
      ],
      [
        'an unsafe integer',
        { decision: 'partial_refund', amount: 1e20, note: NOTE },
        'Amount must be a whole number of rupees',
      ],
      [
        'an amount beyond any price',
        { decision: 'partial_refund', amount: 1e15, note: NOTE },
        'Amount must be at most 1000000',
      ],
      [
        'an amount as text',
        { decision: 'partial_refund', amount: '2500', note: NOTE },
        'Amount must be a number',
      ],
      [
        'an amount as true',
        { decision: 'partial_refund', amount: true, note: NOTE },
        'Amount must be a number',
      ],
      [
        'an amount in a list',
        { decision: 'partial_refund', amount: [2500], note: NOTE },
        'Amount must be a number',
      ],
      ['no note', { decision: 'release' }, 'Note is required'],
      ['a short note', { decision: 'release', note: 'Fine.' }, 'Note must be at least 10 characters'],
      [
        'a note over 2000',
        { decision: 'release', note: 'n'.repeat(2001) },
        'Note must be at most 2000 characters',
      ],
      ['NUL in the note', { decision: 'release', note: `${NOTE}\u0000` }, NUL_REFUSED],
    ];
    for (const [name, body, message] of cases) {
      const res = await api.post(path, body, { token: admin.token });
      expect({ name, status: res.status, message: res.body?.message }).toEqual({
        name,
        status: 400,
        message,
      });
    }
    const surrogate = await raw(admin, path, `{"decision":"release","note":"${NOTE}\\ud800"}`);
    expect([surrogate.status, surrogate.message]).toEqual([400, 'Note contains an invalid character']);
    const huge = await raw(
      admin,
      path,
      JSON.stringify({ decision: 'release', note: 'z'.repeat(3 * 1024 * 1024) }),
    );
    expect(huge.status).toBe(413);
    // Whole rupees beyond anything paid: the rules' refusal, not the schema's.
    const tooMuch = await api.post(
      path,
      { decision: 'partial_refund', amount: 1_000_000, note: NOTE },
      { token: admin.token },
    );
    expect([tooMuch.status, tooMuch.body.message]).toEqual([409, DISPUTE_MESSAGES.refundTooLarge('₹6,999')]);
    unchanged(before, await snapshot(order._id, d._id));
  });

  it('refuses a hostile queue query with a 400; the queue pages within its limits', async () => {
    const cases = [
      'status=bogus',
      'status=',
      'page=0',
      'page=-1',
      'page=abc',
      'page=10001',
      'limit=0',
      'limit=1000',
      'limit=1.5',
    ];
    for (const q of cases) {
      const res = await api.get(`/api/admin/disputes?${q}`, { token: admin.token });
      expect({ q, status: res.status }).toEqual({ q, status: 400 });
      expect(typeof res.body.message).toBe('string');
    }
    const nul = await api.get('/api/admin/disputes?status=open%00', { token: admin.token });
    expect(nul.status).toBe(400);
    const ok = await api.get('/api/admin/disputes?status=closed&page=3&limit=2', { token: admin.token });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ page: 3, limit: 2 });
  });
});
