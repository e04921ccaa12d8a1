import { GatewayError } from './types';

// Easy Split's refusals as Cashfree documents them, for the simulator: a simulator kinder than the real
// gateway would hide exactly the bugs these rules exist for (a split sent too early or too late, a split
// after a refund, an on-demand transfer below the minimum).

export const refuse = (message: string, code = 'api_request_failed') =>
  new GatewayError(502, message, true, code, 400);

export interface SplitTiming {
  /** Cashfree asks merchants to wait this long after a payment before splitting it. */
  waitMs: number;
  /** The order split delay (T+1 by default): no split after this long. */
  windowMs: number;
}

/** Refuses a split Cashfree would refuse, given what the payment simulator knows of the order. */
export function checkSplitTiming(
  facts: { paidAt: Date | null; refunded: boolean } | null,
  timing: SplitTiming,
  now = Date.now(),
): void {
  if (!facts) return;
  if (facts.refunded) throw refuse('Refund already exists, cannot create split');
  if (!facts.paidAt) return;
  const since = now - facts.paidAt.getTime();
  if (since < timing.waitMs) {
    throw refuse('Split can be created only 2 minutes after the payment is successful. Retry later');
  }
  if (since > timing.windowMs) throw refuse('Settlement eligibility time passed');
}

/** Cashfree's least vendor balance for an on-demand transfer. */
export const ON_DEMAND_MINIMUM_PAISE = 100_000;

/** The answers of "Set Vendor Settlement Eligibility Date for Orders", as its response codes list them. */
export function checkRelease(
  movement: { settled: boolean; eligibleAt: Date } | null,
  eligibleAt: Date,
  now = Date.now(),
): void {
  if (!movement) throw refuse('Order ID does not exist.');
  if (movement.settled) throw refuse('Order has already been settled.');
  if (eligibleAt.getTime() < now)
    throw refuse('Eligibility time specified is in the past. Specify a new time.');
  if (eligibleAt.getTime() > movement.eligibleAt.getTime()) {
    throw refuse('Settlement eligibility cannot be beyond the deferred date. Provide an earlier date.');
  }
}
