/** The durable work of payouts (rows in `jobs`, see lib/jobs/README.md). */
export const PAYOUT_JOBS = {
  /** Tell the gateway the editor's share of a paid order (split after payment, held until it clears). */
  split: 'payout.split',
  /** The share cleared: make the held split eligible for settlement, or pay a missed one (a CREDIT). */
  release: 'payout.release',
  /** The clearing period of an order ended: its share becomes available. */
  clear: 'payout.clear',
  /** Take a refund's editor part back from the vendor balance at the gateway. */
  adjust: 'payout.adjust',
  /** Create or update the editor's vendor at the gateway. */
  vendor: 'payout.vendor',
  /** Read a vendor under review (or needing action) again: the fallback for a lost status webhook. */
  vendorWatch: 'payout.vendor-watch',
  /** The 24-hour hold after a change of payout details ends. */
  releaseHold: 'payout.release-hold',
} as const;

export const PAYOUT_JOB_ATTEMPTS = 8;
