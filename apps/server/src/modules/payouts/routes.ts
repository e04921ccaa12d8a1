import { holdForDispute, releaseDisputeHold } from './dispute-hold';
import { applyGatewayDispute } from './gateway-dispute';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PAYOUT_MESSAGES,
  adminPayoutsPageSchema,
  adminPayoutsQuerySchema,
  adminSettlementsPageSchema,
  earningsPageSchema,
  earningsSummarySchema,
  orderMoneyQuerySchema,
  orderMoneySchema,
  orderParamsSchema,
  errorReplies,
  messageReplySchema,
  payoutDetailsSavedReplySchema,
  payoutDetailsInputSchema,
  payoutExportQuerySchema,
  payoutFailureParamsSchema,
  payoutFailuresReplySchema,
} from '@cutroom/contracts';
import { payoutAccounts } from '../../db/schema';
import { runAfterCommit, type AfterCommit } from '../../events';
import { streamOrCut } from '../../lib/http/stream-or-cut';
import { requireRole, requireUser } from '../../plugins/current-user';
import { payoutsContext } from './context';
import { closeOrderEarnings, recordOrderPaid, type EarningsAnnouncer } from './earnings';
import { planRefundSplit, recordRefund } from './refund-earnings';
import { definePayoutJobs } from './job-handlers';
import { reconcileSplits } from './reconcile';
import { adminPayouts, adminSettlements, payoutFailures } from './admin-queries';
import { earningsPage, earningsSummary } from './editor-queries';
import { ledgerCsv } from './ledger-csv';
import { orderMoney } from './order-money';
import { retryPayoutFailure } from './retry';
import { loadPayoutKey } from './sealed-details';
import { applySettlement } from './settlements';
import { savePayoutDetails } from './vendors';
import { applyVendorStatusEvent } from './vendor-status';

const cursorQuery = z.object({ cursor: z.string().max(200).optional() });
// What each route answers (besides the error handler's `{ message }` on a 4xx).
const summary = { 200: earningsSummarySchema, ...errorReplies };
const earningsRows = { 200: earningsPageSchema, ...errorReplies };
const detailsSaved = { 200: payoutDetailsSavedReplySchema, ...errorReplies };
const payoutsPage = { 200: adminPayoutsPageSchema, ...errorReplies };
const settlementsPage = { 200: adminSettlementsPageSchema, ...errorReplies };
const failures = { 200: payoutFailuresReplySchema, ...errorReplies };
const retried = { 200: messageReplySchema, ...errorReplies };
const money = { 200: orderMoneySchema, ...errorReplies };

/**
 * Editor earnings and payouts through Easy Split (issue 16): the ledger follows payments, refunds and
 * orders through in-transaction hooks; the gateway is told by durable jobs; settlements arrive as webhooks.
 */
export const payoutRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const ctx = payoutsContext(app, loadPayoutKey(app.config));
  const hooks = app.payoutPorts;

  // The ledger follows orders and refunds in their own transactions: a paid order always has its lines.
  const by = { by: 'payouts' };
  const announce: EarningsAnnouncer = {
    booked: (tx, event) => app.events.emitInTransaction(tx, 'earnings.booked', event),
    refundBooked: (tx, event) => app.events.emitInTransaction(tx, 'earnings.refund_booked', event),
  };
  const afterAll = (work: AfterCommit[]) => (work.length ? () => runAfterCommit(work, app.log) : undefined);
  app.events.onInTransaction(
    'order.paid',
    async (tx, { order, payment }) =>
      afterAll(await recordOrderPaid(tx, ctx.terms, announce, order, payment)),
    by,
  );
  app.events.onInTransaction('order.closed', (tx, { order }) => closeOrderEarnings(tx, order), by);
  app.events.onInTransaction(
    'refund.succeeded',
    async (tx, event) => afterAll(await recordRefund(tx, announce, event)),
    by,
  );
  app.events.onInTransaction('order.dispute_opened', (tx, { order }) => holdForDispute(tx, order.id), by);
  app.events.onInTransaction('order.dispute_closed', (tx, { order }) => releaseDisputeHold(tx, order.id), by);
  app.events.onInTransaction(
    'gateway_dispute.moved',
    async (tx, event) => afterAll(await applyGatewayDispute(tx, event, announce)),
    by,
  );
  hooks.planRefundSplitsWith((tx, payment, refundPaise) =>
    planRefundSplit(tx, payment, refundPaise, async (editorId) => {
      const [row] = await tx
        .select({ vendorId: payoutAccounts.vendorId })
        .from(payoutAccounts)
        .where(and(eq(payoutAccounts.editorId, editorId), eq(payoutAccounts.vendorState, 'active')));
      return row?.vendorId ?? null;
    }),
  );
  hooks.reconcilePayoutsWith((runId) => reconcileSplits(ctx, runId));
  hooks.findVendorsWith(async (editorId) => {
    const [row] = await ctx.db
      .select({ vendorId: payoutAccounts.vendorId })
      .from(payoutAccounts)
      .where(eq(payoutAccounts.editorId, editorId));
    return row?.vendorId ?? null;
  });
  hooks.handleVendorSettlementsWith((event) => applySettlement(ctx, event));
  hooks.handleVendorStatusWith((event) => applyVendorStatusEvent(ctx, event));
  definePayoutJobs(app, ctx);

  const editorOnly = requireRole('editor');
  const adminOnly = requireRole('admin');

  app.get('/earnings', { onRequest: editorOnly, schema: { response: summary } }, async (request) =>
    earningsSummary(ctx, request.user!.id),
  );

  app.get(
    '/earnings/orders',
    { onRequest: editorOnly, schema: { querystring: cursorQuery, response: earningsRows } },
    async (request) => earningsPage(ctx, request.user!.id, request.query.cursor),
  );

  app.put(
    '/earnings/payout-details',
    { onRequest: editorOnly, schema: { body: payoutDetailsInputSchema, response: detailsSaved } },
    async (request) => {
      const payoutAccount = await savePayoutDetails(ctx, request.user!.id, request.body);
      // Only a change holds payouts; the first entry has nothing to hold.
      const message = payoutAccount.heldUntil ? PAYOUT_MESSAGES.saved : PAYOUT_MESSAGES.firstSaved;
      return { payoutAccount, message };
    },
  );

  // Where an order's money goes, for the confirmations before Approve, a refund and a cancellation.
  app.get(
    '/orders/:id/money',
    {
      onRequest: requireUser,
      schema: { params: orderParamsSchema, querystring: orderMoneyQuerySchema, response: money },
    },
    async (request) =>
      orderMoney(ctx.db, request.user!, request.params.id, ctx.terms.feePercent, request.query.refund),
  );

  app.get(
    '/admin/payouts',
    { onRequest: adminOnly, schema: { querystring: adminPayoutsQuerySchema, response: payoutsPage } },
    async (request) => adminPayouts(ctx, request.query),
  );

  app.get(
    '/admin/payouts/settlements',
    { onRequest: adminOnly, schema: { querystring: cursorQuery, response: settlementsPage } },
    async (request) => adminSettlements(ctx.db, request.query.cursor),
  );

  app.get('/admin/payouts/failures', { onRequest: adminOnly, schema: { response: failures } }, async () => ({
    items: await payoutFailures(ctx.db),
  }));

  app.post(
    '/admin/payouts/failures/:kind/:id/retry',
    { onRequest: adminOnly, schema: { params: payoutFailureParamsSchema, response: retried } },
    async (request) => retryPayoutFailure(ctx, request.params.kind, request.params.id),
  );

  app.get(
    '/admin/payouts/export',
    { onRequest: adminOnly, schema: { querystring: payoutExportQuerySchema } },
    async (request, reply) => {
      const { from, to } = request.query;
      // Read first: a failure here is a plain error reply, before any CSV header is set or sent.
      const lines = await ledgerCsv(ctx.db, from, to);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="cutroom-payouts-${from}-to-${to}.csv"`)
        .header('cache-control', 'no-store');
      return reply.send(streamOrCut(reply, lines));
    },
  );
};
