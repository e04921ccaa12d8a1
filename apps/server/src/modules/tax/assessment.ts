import { and, eq, sql } from 'drizzle-orm';
import { financialYearOf } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { editorTaxProfiles, orderEarnings, orderTaxAssessments } from '../../db/schema';
import { assessOrder, type Assessment, type EditorTaxFacts, type TdsReason } from './assess';
import { loadTaxRates } from './rates';

export type AssessmentRow = typeof orderTaxAssessments.$inferSelect;

export interface OrderToAssess {
  orderId: string;
  editorId: string;
  grossPaise: number;
  /** The platform's fee, GST included (PLATFORM_FEE_PERCENT of the gross). */
  feePaise: number;
  /** When the share is credited: the payment. */
  at: Date;
  platformStateCode: string;
}

/**
 * The taxes on an order's share, worked out once when it is credited and frozen with the facts they
 * rest on. Idempotent: a second call returns the first answer. Serialised per editor, so two orders paid
 * at once both see each other in the year's gross (the ₹5 lakh TDS limit).
 */
export async function assessOrderTaxes(tx: Db, order: OrderToAssess): Promise<Assessment> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tax:${order.editorId}`}))`);
  const [done] = await tx
    .select()
    .from(orderTaxAssessments)
    .where(eq(orderTaxAssessments.orderId, order.orderId));
  if (done) return assessmentOf(done);

  const financialYear = financialYearOf(order.at);
  const [profile] = await tx
    .select()
    .from(editorTaxProfiles)
    .where(eq(editorTaxProfiles.editorId, order.editorId));
  const editor: EditorTaxFacts | null = profile
    ? {
        entityType: profile.entityType,
        stateCode: profile.stateCode,
        hasPan: profile.panMasked !== null,
        hasAadhaar: profile.aadhaarMasked !== null,
        registered: profile.gstinMasked !== null,
      }
    : null;
  // The year's gross so far, less what was refunded of it (order_earnings keeps refunds per order).
  const [before] = await tx
    .select({
      paise: sql<number>`coalesce(sum(${orderTaxAssessments.grossPaise} - coalesce(${orderEarnings.refundedPaise}, 0)), 0)::bigint`,
    })
    .from(orderTaxAssessments)
    .leftJoin(orderEarnings, eq(orderEarnings.orderId, orderTaxAssessments.orderId))
    .where(
      and(
        eq(orderTaxAssessments.editorId, order.editorId),
        eq(orderTaxAssessments.financialYear, financialYear),
      ),
    );
  const assessment = assessOrder(
    {
      grossPaise: order.grossPaise,
      feePaise: order.feePaise,
      at: order.at,
      platformStateCode: order.platformStateCode,
      editor,
      fyGrossBeforePaise: Number(before?.paise ?? 0),
    },
    await loadTaxRates(tx),
  );
  await tx.insert(orderTaxAssessments).values({
    orderId: order.orderId,
    editorId: order.editorId,
    assessedAt: order.at,
    financialYear,
    grossPaise: order.grossPaise,
    commissionPaise: assessment.commissionPaise,
    platformStateCode: order.platformStateCode,
    editorStateCode: editor?.stateCode ?? order.platformStateCode,
    intraState: assessment.intraState,
    registered: editor?.registered ?? false,
    gstRatePpm: assessment.gst.ratePpm,
    gstCgstPaise: assessment.gst.cgstPaise,
    gstSgstPaise: assessment.gst.sgstPaise,
    gstIgstPaise: assessment.gst.igstPaise,
    tcsRatePpm: assessment.tcs.ratePpm,
    tcsCgstPaise: assessment.tcs.cgstPaise,
    tcsSgstPaise: assessment.tcs.sgstPaise,
    tcsIgstPaise: assessment.tcs.igstPaise,
    tdsRatePpm: assessment.tds.ratePpm,
    tdsPaise: assessment.tds.totalPaise,
    tdsReason: assessment.tds.reason,
    tdsSection: assessment.tds.section,
  });
  return assessment;
}

/** A stored assessment as the rules gave it. */
export function assessmentOf(r: AssessmentRow): Assessment {
  const gstTotal = r.gstCgstPaise + r.gstSgstPaise + r.gstIgstPaise;
  const tcsTotal = r.tcsCgstPaise + r.tcsSgstPaise + r.tcsIgstPaise;
  return {
    commissionPaise: r.commissionPaise,
    intraState: r.intraState,
    gst: {
      cgstPaise: r.gstCgstPaise,
      sgstPaise: r.gstSgstPaise,
      igstPaise: r.gstIgstPaise,
      totalPaise: gstTotal,
      ratePpm: r.gstRatePpm,
    },
    tcs: {
      cgstPaise: r.tcsCgstPaise,
      sgstPaise: r.tcsSgstPaise,
      igstPaise: r.tcsIgstPaise,
      totalPaise: tcsTotal,
      ratePpm: r.tcsRatePpm,
    },
    tds: {
      totalPaise: r.tdsPaise,
      ratePpm: r.tdsRatePpm,
      reason: r.tdsReason as TdsReason,
      section: r.tdsSection,
    },
    sharePaise: r.grossPaise - r.commissionPaise - gstTotal - tcsTotal - r.tdsPaise,
  };
}
