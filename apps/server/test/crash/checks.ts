import { and, eq, inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { paiseFromRupees } from '@cutroom/contracts';
import type { Db } from '../../src/db/client';
import { orderEarnings, payments, payoutAccounts, payoutLedger, refunds } from '../../src/db/schema';
import { editorBalances } from '../../src/modules/payouts/ledger';
import type { FakeCashfree } from '../fakes/cashfree';
import { expectLedgerBalanced } from '../payouts/fixtures';
import type { TestServer } from '../helpers/server';
import type { CaseOrder } from './flows';

const EDITOR_ACCOUNTS = ['editor_pending', 'editor_available', 'editor_paid_out'];

/**
 * After a crash and the recovery: our books and the gateway's agree, and nothing happened twice.
 * - every refund we hold exists at the gateway exactly once, under its refund_id, with our amount and status,
 *   and the gateway holds no refund we do not (`refunds` of them in all);
 * - the order's share is split at the gateway exactly once, for the amount we recorded as sent;
 * - the editor's ledger (a recount of its lines, and the running balances the pages read) equals the
 *   gateway's balance for the editor's vendor (unsettled + settled);
 * - the whole ledger balances.
 */
export async function expectBooksMatchGateway(
  db: Db,
  fake: FakeCashfree,
  o: CaseOrder,
  expected: { refunds: number; split: 'done' | 'none' },
): Promise<void> {
  const [payment] = await db.select().from(payments).where(eq(payments.orderId, o.gatewayOrderId));
  expect(payment?.status).toBe('SUCCESS');
  const ours = await db.select().from(refunds).where(eq(refunds.paymentId, payment!.id));
  const theirs = fake.refundsOf(o.gatewayOrderId);
  expect(ours).toHaveLength(expected.refunds);
  expect(theirs).toHaveLength(expected.refunds);
  for (const refund of ours) {
    const same = theirs.filter((r) => r.refund_id === refund.refundId);
    expect(same, `refund ${refund.refundId} at the gateway`).toHaveLength(1);
    expect(paiseFromRupees(same[0]!.refund_amount)).toBe(refund.amountPaise);
    expect(refund.status).toBe(same[0]!.refund_status);
    // The part carried back from the editor's vendor is the one we reserved.
    const carried = (same[0]!.refund_splits ?? []) as { amount: number }[];
    expect(carried.reduce((s, c) => s + paiseFromRupees(c.amount), 0)).toBe(refund.vendorSplitPaise ?? 0);
  }

  const [earnings] = await db.select().from(orderEarnings).where(eq(orderEarnings.orderId, o.orderId));
  const [account] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.editorId, o.editor.id));
  const shares = (fake.split.splits.get(o.gatewayOrderId)?.shares ?? []).filter(
    (s) => s.vendor_id === account!.vendorId,
  );
  if (expected.split === 'done') {
    expect(earnings!.splitState).toBe('done');
    expect(shares, 'the split at the gateway').toHaveLength(1);
    expect(shares[0]!.amountPaise).toBe(earnings!.splitPaise);
  } else {
    expect(shares).toHaveLength(0);
  }

  const [recount] = await db
    .select({ total: sql<string>`coalesce(sum(${payoutLedger.amountPaise}), 0)` })
    .from(payoutLedger)
    .where(and(eq(payoutLedger.editorId, o.editor.id), inArray(payoutLedger.account, EDITOR_ACCOUNTS)));
  const balances = await editorBalances(db, o.editor.id);
  const vendor = fake.split.vendors.get(account!.vendorId)!;
  const atGateway = vendor.unsettledPaise + vendor.settledPaise;
  expect(Number(recount!.total), 'the ledger recount against the gateway').toBe(atGateway);
  expect(balances.pending + balances.available + balances.paidOut).toBe(atGateway);
  expect(earnings!.sharePaise - earnings!.editorRefundedPaise).toBe(atGateway);
  await expectLedgerBalanced({ db } as TestServer);
}
