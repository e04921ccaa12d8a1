import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { orderEarnings, orderTaxAssessments, orders, payments, users } from '../../db/schema';
import { loadSealingKey } from '../../lib/sealing';
import { taxIdentityOf } from '../tax';
import { documentBySource, issueDocument } from './issue';
import {
  commissionPaper,
  gstPartsOf,
  receiptPaper,
  type EditorParty,
  type OrderFacts,
  type PlatformConfig,
} from './paper';

/** The source keys of the paper: one document per fact, whatever repeats. */
const source = {
  receipt: (paymentId: string) => `receipt:${paymentId}`,
  refundNote: (refundId: string) => `receipt-credit:${refundId}`,
  invoice: (orderId: string) => `commission:${orderId}`,
  commissionNote: (refundId: string) => `commission-credit:${refundId}`,
};

/** The editor as the commission paper addresses them, and how the order's GST was split. */
async function commissionParty(tx: Db, key: Buffer, orderId: string, editorId: string, fallbackName: string) {
  const [assessment] = await tx
    .select()
    .from(orderTaxAssessments)
    .where(eq(orderTaxAssessments.orderId, orderId));
  if (!assessment) return null;
  const identity = await taxIdentityOf(tx, key, editorId);
  const editor: EditorParty = {
    legalName: identity?.legalName ?? fallbackName,
    stateCode: assessment.editorStateCode,
    gstin: identity?.gstin ?? null,
  };
  return { editor, assessment };
}

async function orderFacts(
  tx: Db,
  orderId: string,
  paymentId: string | null,
): Promise<OrderFacts & { creatorId: string; editorId: string }> {
  const [row] = await tx
    .select({
      number: orders.number,
      title: orders.title,
      creatorId: orders.creatorId,
      editorId: orders.editorId,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  const names = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(users.id, row!.creatorId))
    .union(
      tx.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, row!.editorId)),
    );
  const nameOf = (id: string) => names.find((n) => n.id === id)?.username ?? 'Cutroom member';
  const [payment] = paymentId
    ? await tx.select({ orderId: payments.orderId }).from(payments).where(eq(payments.id, paymentId))
    : [];
  return {
    ...row!,
    creatorName: nameOf(row!.creatorId),
    editorName: nameOf(row!.editorId),
    gatewayOrderId: payment?.orderId ?? null,
  };
}

/**
 * The paper follows the money (issue 27), in the transaction that moved it: a receipt when an order's
 * payment is booked, a credit note for each refund, the platform's tax invoice for its commission when
 * the order completes, and a credit note when a later refund gives commission back.
 */
export function issuePaperOnEvents(app: FastifyInstance): void {
  const platform: PlatformConfig = app.config;
  const key = loadSealingKey(app.config);
  const by = { by: 'invoices' };

  const invoiceCommission = async (tx: Db, orderId: string) => {
    const [earnings] = await tx.select().from(orderEarnings).where(eq(orderEarnings.orderId, orderId));
    if (!earnings) return;
    const gstRefunded = earnings.gstRefundedPaise;
    const commissionRefunded =
      earnings.refundedPaise -
      earnings.editorRefundedPaise -
      gstRefunded -
      earnings.tcsRefundedPaise -
      earnings.tdsRefundedPaise;
    const commission = earnings.commissionPaise - commissionRefunded;
    const gst = earnings.gstPaise - gstRefunded;
    if (commission + gst <= 0) return;
    const facts = await orderFacts(tx, orderId, earnings.paymentId);
    const party = await commissionParty(tx, key, orderId, facts.editorId, facts.editorName);
    if (!party) return;
    const { editor, assessment } = party;
    const parts = gstPartsOf(gst, assessment.intraState, assessment.gstRatePpm);
    await issueDocument(tx, {
      kind: 'commission_invoice',
      orderId,
      partyId: facts.editorId,
      sourceKey: source.invoice(orderId),
      refersTo: null,
      taxablePaise: commission,
      taxPaise: gst,
      content: (number, issuedAt) =>
        commissionPaper(
          platform,
          { kind: 'commission_invoice', number, issuedAt, refersTo: null },
          facts,
          editor,
          commission,
          parts,
        ),
    });
  };

  app.events.onInTransaction(
    'earnings.booked',
    async (tx, { order, paymentId, grossPaise }) => {
      const facts = await orderFacts(tx, order.id, paymentId);
      await issueDocument(tx, {
        kind: 'receipt',
        orderId: order.id,
        partyId: facts.creatorId,
        sourceKey: source.receipt(paymentId),
        refersTo: null,
        taxablePaise: grossPaise,
        taxPaise: 0,
        content: (number, issuedAt) =>
          receiptPaper(platform, { kind: 'receipt', number, issuedAt, refersTo: null }, facts, grossPaise),
      });
      // Approved before it was paid: the order completed first, so its invoice comes with the payment.
      if (order.status === 'completed') await invoiceCommission(tx, order.id);
    },
    by,
  );

  app.events.onInTransaction(
    'order.closed',
    async (tx, { order }) => {
      if (order.status === 'completed') await invoiceCommission(tx, order.id);
    },
    by,
  );

  app.events.onInTransaction(
    'earnings.refund_booked',
    async (tx, refund) => {
      const [earnings] = await tx
        .select()
        .from(orderEarnings)
        .where(eq(orderEarnings.orderId, refund.orderId));
      if (!earnings) return;
      const facts = await orderFacts(tx, refund.orderId, earnings.paymentId);
      const receipt = await documentBySource(tx, source.receipt(earnings.paymentId));
      await issueDocument(tx, {
        kind: 'receipt_credit_note',
        orderId: refund.orderId,
        partyId: facts.creatorId,
        sourceKey: source.refundNote(refund.refundId),
        refersTo: receipt,
        taxablePaise: refund.refundPaise,
        taxPaise: 0,
        content: (number, issuedAt) =>
          receiptPaper(
            platform,
            { kind: 'receipt_credit_note', number, issuedAt, refersTo: receipt },
            facts,
            refund.refundPaise,
          ),
      });
      // Commission given back after the invoice: a credit note against it. Before it, the invoice
      // itself is for what is left.
      const invoice = await documentBySource(tx, source.invoice(refund.orderId));
      if (!invoice || refund.commissionPaise + refund.gstPaise <= 0) return;
      const party = await commissionParty(tx, key, refund.orderId, facts.editorId, facts.editorName);
      if (!party) return;
      const { editor, assessment } = party;
      const parts = gstPartsOf(refund.gstPaise, assessment.intraState, assessment.gstRatePpm);
      await issueDocument(tx, {
        kind: 'commission_credit_note',
        orderId: refund.orderId,
        partyId: facts.editorId,
        sourceKey: source.commissionNote(refund.refundId),
        refersTo: invoice,
        taxablePaise: refund.commissionPaise,
        taxPaise: refund.gstPaise,
        content: (number, issuedAt) =>
          commissionPaper(
            platform,
            { kind: 'commission_credit_note', number, issuedAt, refersTo: invoice },
            facts,
            editor,
            refund.commissionPaise,
            parts,
          ),
      });
    },
    by,
  );
}
