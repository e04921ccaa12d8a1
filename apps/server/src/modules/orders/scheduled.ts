import { eq } from 'drizzle-orm';
import { payments } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { PermanentJobError, type JobRunner } from '../../lib/jobs';
import { GatewayError } from '../payments';
import { createRefund } from '../payments';
import { cancellationTimedOut } from './cancellation-timeout';
import { extensionLapsed } from './extension';
import { settlementLapsed } from './settlement';
import { ORDER_JOBS, type RefundJobPayload } from './job-kinds';
import type { OrderKernel } from './kernel';
import { expireOffer } from './offers';
import { tierPaymentLapsed } from './tier-lapse';
import { recordEvent } from './transitions';
import { autoComplete, markLate, warnAutoComplete } from './deadlines';

const quick = { timeoutMs: 15_000, maxAttempts: 10, backoff: { baseMs: 2_000, maxMs: 5 * 60_000 } };

/**
 * Every deadline of an order is a durable job: written with the change that sets it, run once across
 * instances (SKIP LOCKED claims), and harmless if it finds the order has moved on (each handler re-checks
 * the state it acts on inside a conditional UPDATE).
 */
export function defineOrderJobs(jobs: JobRunner, k: OrderKernel): void {
  jobs.define<{ orderId: string }>(ORDER_JOBS.expireOffer, {
    ...quick,
    handler: (p) => expireOffer(k, p.orderId),
  });
  jobs.define<{ orderId: string; at: string }>(ORDER_JOBS.autoCompleteWarning, {
    ...quick,
    handler: (p) => warnAutoComplete(k, p.orderId, p.at),
  });
  jobs.define<{ orderId: string }>(ORDER_JOBS.autoComplete, {
    ...quick,
    handler: (p) => autoComplete(k, p.orderId),
  });
  jobs.define<{ orderId: string }>(ORDER_JOBS.markLate, { ...quick, handler: (p) => markLate(k, p.orderId) });
  jobs.define<{ orderId: string; requestedAt: string }>(ORDER_JOBS.cancellationTimeout, {
    ...quick,
    handler: (p) => cancellationTimedOut(k, p.orderId, p.requestedAt),
  });
  jobs.define<{ orderId: string; requestedAt: string }>(ORDER_JOBS.extensionLapse, {
    ...quick,
    handler: (p) => extensionLapsed(k, p.orderId, p.requestedAt),
  });
  jobs.define<{ orderId: string; proposedAt: string }>(ORDER_JOBS.settlementLapse, {
    ...quick,
    handler: (p) => settlementLapsed(k, p.orderId, p.proposedAt),
  });
  jobs.define<{ orderId: string }>(ORDER_JOBS.tierPaymentLapse, {
    ...quick,
    handler: (p) => tierPaymentLapsed(k, p.orderId),
  });
  jobs.define<RefundJobPayload>(ORDER_JOBS.refund, {
    timeoutMs: 60_000,
    maxAttempts: 8,
    backoff: { baseMs: 10_000, maxMs: 30 * 60_000 },
    handler: (p) => refundRemaining(k, p),
    onFailed: async (job) => {
      const p = job.payload as RefundJobPayload;
      await recordEvent(k.db, p.orderId, {
        type: 'refund_failed',
        actor: 'system',
        data: { error: job.lastError ?? 'unknown', paymentId: p.paymentId },
      });
    },
  });
}

/**
 * Refunds what remains of a payment above `keepPaise` (all of it by default), through the payments
 * module's refund path (one lock, no excess). The amount is worked out there, with the payment locked,
 * on every attempt: a retry after a refund that went through refunds nothing more, and two runs at once
 * (a duplicate job, a claim taken again after a lost lease) refund what lies above the kept amount once.
 */
async function refundRemaining(k: OrderKernel, p: RefundJobPayload): Promise<void> {
  const [payment] = await k.db.select().from(payments).where(eq(payments.id, p.paymentId));
  if (!payment || payment.status !== 'SUCCESS') return;
  const keep = p.keepPaise ?? 0;
  if ((await k.remainingPaise(k.db, p.paymentId)) - keep <= 0) return;
  try {
    await createRefund(k.deps.payments(), null, payment.orderId, {
      keepPaise: keep,
      refundNote: p.note.slice(0, 100),
    });
  } catch (err) {
    if (err instanceof GatewayError) {
      // A refusal will not change on retry; an unknown outcome stays PENDING and is rechecked by payments.
      if (err.definitive) throw new PermanentJobError(err.message);
      return;
    }
    // Someone refunded it meanwhile: nothing remains.
    if (err instanceof HttpError && err.statusCode === 409) return;
    throw err;
  }
}
