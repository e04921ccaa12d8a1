import type { deliveries } from '../../db/schema';

/** A delivery as stored. */
export type DeliveryRow = typeof deliveries.$inferSelect;
