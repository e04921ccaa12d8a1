/**
 * Disputes and chargebacks the payment gateway reported on a payment (Cashfree's DISPUTE_* webhooks), as
 * the admin's order page shows them. Not the resolution centre's disputes between creator and editor.
 */
export type GatewayDisputeOutcome = 'open' | 'won' | 'lost';

export const GATEWAY_DISPUTE_OUTCOME_LABELS: Record<GatewayDisputeOutcome, string> = {
  open: 'Open: the share is held',
  won: 'Won: the share is released',
  lost: 'Lost: the money went back to the customer',
};

export interface GatewayDispute {
  id: string;
  /** The gateway's dispute id. */
  cfDisputeId: string;
  /** DISPUTE, CHARGEBACK, RETRIEVAL, PRE_ARBITRATION, ARBITRATION. */
  type: string;
  /** The gateway's status, e.g. CHARGEBACK_UNDER_REVIEW. */
  status: string;
  outcome: GatewayDisputeOutcome;
  /** Rupees. */
  amount: number;
  reasonCode: string | null;
  reason: string | null;
  remarks: string | null;
  /** By when the gateway wants our evidence (ISO), while open. */
  respondBy: string | null;
  createdAt: string;
  resolvedAt: string | null;
}

/** `GET /api/admin/orders/:id/gateway-disputes`. */
export interface GatewayDisputeList {
  items: GatewayDispute[];
}
