import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { payments } from '../../src/db/schema';
import type { Db } from '../../src/db/client';
import type { ApiClient } from '../helpers/http';
import type { TestServer } from '../helpers/server';
import type { TestUser } from '../helpers/users';
import { eventually } from '../fakes/payment-fixtures';
import { acceptOffer, deliver, openRoom, payOrder, sendOffer, step } from '../orders/fixtures';
import { ledgerTotals, recountLedger } from '../../src/modules/payouts/ledger';

export const BANK = {
  method: 'bank',
  accountHolder: 'Ravi Kumar',
  phone: '9876543210',
  accountNumber: '123456789012',
  ifsc: 'HDFC0001234',
} as const;

/** Saves payout details and waits until the gateway's vendor is active. */
export async function activePayoutAccount(api: ApiClient, editor: TestUser, details: object = BANK) {
  const saved = await api.put('/api/earnings/payout-details', details, { token: editor.token });
  expect(saved.status).toBe(200);
  return eventually(async () => {
    const res = await api.get('/api/earnings', { token: editor.token });
    return res.body.payoutAccount?.vendorState === 'active' ? res.body : null;
  });
}

/** An order of `amount` rupees paid now, delivered and approved: completed and paid. */
export async function completedPaidOrder(
  api: ApiClient,
  server: TestServer,
  creator: TestUser,
  editor: TestUser,
  amount: number,
): Promise<{ orderId: string; roomId: string; gatewayOrderId: string }> {
  const roomId = await openRoom(api, creator, editor);
  const offer = await sendOffer(api, editor, roomId, { amount, revisions: 1, deliveryDays: 3 });
  await acceptOffer(api, creator, offer._id, true);
  await payOrder(api, server, creator, offer._id);
  const delivery = await deliver(api, editor, roomId, offer._id);
  const approved = await api.post(`/api/deliveries/${delivery._id}/approve`, undefined, {
    token: creator.token,
  });
  expect(approved.status).toBe(200);
  const [payment] = await server.db
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(and(eq(payments.cutroomOrderId, offer._id), eq(payments.status, 'SUCCESS')));
  return { orderId: offer._id, roomId, gatewayOrderId: payment!.orderId };
}

export { step };

/**
 * The whole ledger balances: what creators paid less refunds equals the editors' net shares, the
 * commission and the taxes withheld (GST on the commission, TCS, TDS); and the
 * running totals the pages read equal a recount of every line.
 */
export async function expectLedgerBalanced(server: TestServer) {
  // One snapshot for both reads: the server's own jobs (clearing, settling) may commit between two
  // separate reads and move a share from pending to available in one and not the other.
  const [t, recount] = await server.db.transaction(
    async (tx) => [await ledgerTotals(tx as unknown as Db), await recountLedger(tx as unknown as Db)],
    { isolationLevel: 'repeatable read' },
  );
  expect(t).toEqual(recount);
  const shares = t.editor_pending + t.editor_available + t.editor_paid_out;
  const withheld = t.gst_on_commission + t.tcs_payable + t.tds_payable;
  expect(t.customer + shares + t.platform_commission + withheld).toBe(0);
  return t;
}
