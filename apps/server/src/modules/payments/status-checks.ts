import type { GatewayPayment } from './gateway/types';

/** What the gateway said about an order when asked: its attempts, oldest first, and the order's status. */
export interface GatewayView {
  attempts: GatewayPayment[];
  /** null when the gateway does not know the order. */
  orderStatus: string | null;
}

/** Recent status checks by order, so reads within PAYMENT_STATUS_CACHE_SECONDS share one gateway call. */
export type StatusChecks = Map<string, { at: number; done: Promise<GatewayView | null> }>;
