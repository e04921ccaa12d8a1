import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES, type Order } from '@cutroom/contracts';
import { formatLineTime } from '../src/modules/orders/shape';
import { systemLines } from './delivery-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { adminDetail, openRoom, step, type OrderDetail } from './orders/fixtures';
import { paidDelivered, type Pair } from './orders/settlement-fixtures';

/**
 * Hostile input to POST /api/orders/{id}/settlement: every one is refused with a 400 (413 for a body too
 * large) naming the field, and the order and its timeline are unchanged; what is accepted is read as a
 * person meant it (whole rupees; a reason with invisible characters taken out).
 */
describe('settling for a different amount: hostile input', { timeout: 90_000 }, () => {
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

  /** Any request with its body sent exactly as given. */
  async function raw(path: string, body: string | undefined, contentType = 'application/json') {
    const headers: Record<string, string> = { authorization: `Bearer ${p.creator.token}` };
    if (body !== undefined) headers['content-type'] = contentType;
    const res = await fetch(`${server.url}${path}`, { method: 'POST', headers, body });
    const text = await res.text();
    let parsed: { message?: string } | string = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, message: typeof parsed === 'string' ? parsed : parsed.message };
  }

  const unchanged = (before: OrderDetail, after: OrderDetail) => {
    expect(after.data).toEqual(before.data);
    expect(after.events).toHaveLength(before.events.length);
  };

  it('refuses amounts that are not whole rupees from 1 to the price limit, or not numbers at all', async () => {
    const { order } = await paidDelivered(api, server, p);
    const before = await adminDetail(api, admin, order._id);
    const cases: [unknown, string][] = [
      [0, 'Amount must be at least 1'],
      [-1, 'Amount must be at least 1'],
      [1.5, 'Amount must be a whole number'],
      [3999.99, 'Amount must be a whole number'],
      [1e12, 'Amount must be at most 1000000'],
      ['lots', 'Amount must be a number'],
      ['4,000', 'Amount must be a number'],
      ['0x10', 'Amount must be a number'],
      ['1e3', 'Amount must be a number'],
      [true, 'Amount must be a number'],
      [[4000], 'Amount must be a number'],
      [{ value: 4000 }, 'Amount must be a number'],
      [null, 'Amount must be a number'],
      [undefined, 'Amount must be a number'],
    ];
    for (const [amount, message] of cases) {
      const res = await api.post(
        `/api/orders/${order._id}/settlement`,
        { amount, reason: 'Only the intro' },
        { token: p.creator.token },
      );
      expect({ amount, status: res.status, message: res.body?.message }).toEqual({
        amount,
        status: 400,
        message,
      });
    }
    // Within the limit but not below what was paid: the rules', not the schema's, refusal.
    const tooMuch = await api.post(
      `/api/orders/${order._id}/settlement`,
      { amount: 1_000_000 },
      { token: p.creator.token },
    );
    expect([tooMuch.status, tooMuch.body.message]).toEqual([
      409,
      ORDER_MESSAGES.settlementTooLarge('₹6,999'),
    ]);
    unchanged(before, await adminDetail(api, admin, order._id));
  });

  it('refuses a missing, empty, non-object, non-JSON or oversized body', async () => {
    const { order } = await paidDelivered(api, server, p);
    const path = `/api/orders/${order._id}/settlement`;
    const before = await adminDetail(api, admin, order._id);
    const cases: [string, string | undefined, string | undefined, number][] = [
      ['no body', undefined, undefined, 400],
      ['an empty object', '{}', 'application/json', 400],
      ['a JSON string', '"4000"', 'application/json', 400],
      ['a JSON array', '[4000]', 'application/json', 400],
      ['JSON null', 'null', 'application/json', 400],
      ['broken JSON', '{"amount": 40', 'application/json', 400],
      ['a form', 'amount=4000', 'application/x-www-form-urlencoded', 415],
      ['text (Fastify reads it as a string)', 'amount 4000', 'text/plain', 400],
      [
        'two megabytes',
        JSON.stringify({ amount: 4000, reason: 'x'.repeat(2 * 1024 * 1024) }),
        'application/json',
        413,
      ],
    ];
    for (const [name, body, type, status] of cases) {
      const res = await raw(path, body, type);
      expect({ name, status: res.status }).toEqual({ name, status });
      expect(typeof res.message, name).toBe('string');
      expect(res.message!.length, name).toBeGreaterThan(3);
    }
    expect((await raw(path, undefined)).message).toBe('Amount must be a number');
    expect((await raw(path, '{}')).message).toBe('Amount must be a number');
    unchanged(before, await adminDetail(api, admin, order._id));
  });

  it('refuses a reason with NUL, half a character, a non-string or over 500 characters', async () => {
    const { order } = await paidDelivered(api, server, p);
    const path = `/api/orders/${order._id}/settlement`;
    const before = await adminDetail(api, admin, order._id);
    const cases: [string, string, string][] = [
      [
        'NUL',
        JSON.stringify({ amount: 4000, reason: 'Only\u0000 the intro' }),
        'Text must not contain NUL characters',
      ],
      [
        'a lone high surrogate',
        '{"amount":4000,"reason":"Only \\ud83d the intro"}',
        'Reason contains an invalid character',
      ],
      ['a lone low surrogate', '{"amount":4000,"reason":"\\ude00"}', 'Reason contains an invalid character'],
      [
        'too long',
        JSON.stringify({ amount: 4000, reason: 'x'.repeat(501) }),
        'Reason must be at most 500 characters',
      ],
      [
        'too long once trimmed of nothing',
        JSON.stringify({ amount: 4000, reason: `${'y'.repeat(501)}\u200b` }),
        'Reason must be at most 500 characters',
      ],
    ];
    for (const [name, body, message] of cases) {
      const res = await raw(path, body);
      expect({ name, status: res.status, message: res.message }).toEqual({ name, status: 400, message });
    }
    const notText = await raw(path, JSON.stringify({ amount: 4000, reason: 42 }));
    expect(notText.status).toBe(400);
    unchanged(before, await adminDetail(api, admin, order._id));
  });

  it('reads "4000" as ₹4,000, drops invisible characters from the reason, and treats an invisible-only reason as none', async () => {
    const first = await paidDelivered(api, server, p);
    const proposed: Order = await step(api, p.creator, `/api/orders/${first.order._id}/settlement`, {
      amount: ' 4000 ',
      reason: '  Only\u200b the intro\u2060 is usable \u202e ',
    });
    expect(proposed.settlement).toMatchObject({ amount: 4000, reason: 'Only the intro is usable' });
    const event = (await adminDetail(api, admin, first.order._id)).events.find(
      (e) => e.type === 'settlement_proposed',
    );
    expect(event?.note).toBe('Only the intro is usable');
    expect(event?.summary).toBe('Proposed completing at ₹4,000 of ₹6,999 paid');

    const second = await paidDelivered(api, server, p);
    const bare: Order = await step(api, p.editor, `/api/orders/${second.order._id}/settlement`, {
      amount: 5000,
      reason: '\u200b\u200e\u2060 \ufeff',
    });
    expect(bare.settlement).toMatchObject({ amount: 5000, reason: '' });
    expect(await systemLines(api, p.creator, p.roomId)).toContain(
      `The editor proposed completing order ${second.order.reference} at ₹5,000 of the ₹6,999 paid. Accepted, ₹1,999 goes back to the creator and the final file is released. If the creator does not answer by ${formatLineTime(bare.settlement!.respondBy)}, nothing changes.`,
    );
    const event2 = (await adminDetail(api, admin, second.order._id)).events.find(
      (e) => e.type === 'settlement_proposed',
    );
    expect(event2?.note).toBeNull();
  });
});
