import type { ComponentType } from 'react';
import type { Order } from '@cutroom/contracts/orders';
import type { OrderSide } from './order-actions';

/**
 * What the disputes feature adds to the room's order cards (the chat hands it in, as it does the delivery
 * form): the form 'Open a dispute' opens, and the order's dispute read on its card with its own steps.
 */
export interface OrderDisputeParts {
  /** Mounted when it opens, so each dispute starts blank; closes itself once the dispute is opened. */
  OpenForm: ComponentType<{ order: Order; side: OrderSide; onOpenChange: (open: boolean) => void }>;
  /** The open dispute on the card (or the decided one); nothing when the order has none. */
  Notice: ComponentType<{ order: Order; side: OrderSide }>;
}
