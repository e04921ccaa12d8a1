/**
 * What a side's pending request leaves on the order once it is answered, lapses, or is overtaken by the
 * order moving on (delivered, completed, cancelled): every field of it cleared.
 */

/** A side's proposal to cancel the order. */
export const NO_CANCELLATION = {
  cancellationRequestedBy: null,
  cancellationReason: null,
  cancellationRequestedAt: null,
  cancellationRespondBy: null,
} as const;

/** The editor's request for more days. */
export const NO_EXTENSION = {
  extensionDays: null,
  extensionReason: null,
  extensionRequestedAt: null,
  extensionRespondBy: null,
} as const;

/** A side's proposal to complete the order for a different amount. */
export const NO_SETTLEMENT = {
  settlementProposedBy: null,
  settlementAmountPaise: null,
  settlementReason: null,
  settlementProposedAt: null,
  settlementRespondBy: null,
} as const;
