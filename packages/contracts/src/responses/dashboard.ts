import { z } from 'zod';
import { ORDER_STATUSES } from '../orders';

/** The window of the dashboard's chart: today (in India) and the days before it. */
export const DASHBOARD_DAYS = 30;

/** One day of the chart (an Indian calendar day, YYYY-MM-DD); amounts in rupees, as the API speaks. */
export const dashboardDaySchema = z.object({
  day: z.string(),
  /** What creators paid that day: successful payments (refunds are not taken off). */
  volume: z.number(),
  /** The commission booked on the orders paid that day. */
  commission: z.number(),
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

/** GET /api/admin/dashboard (issue 25): the admins' figures, computed by the server. */
export const adminDashboardSchema = z.object({
  /** Every order status, in ORDER_STATUSES order, with its count (0 included). */
  ordersByStatus: z.array(z.object({ status: z.enum(ORDER_STATUSES), count: z.number().int() })),
  /** DASHBOARD_DAYS days, oldest first, days without payments included as 0. */
  daily: z.array(dashboardDaySchema),
  /** The sums of `daily`. */
  totals: z.object({ volume: z.number(), commission: z.number() }),
  /** What waits for an admin. */
  attention: z.object({
    openFlags: z.number().int(),
    openTickets: z.number().int(),
    payoutFailures: z.number().int(),
    lateOrders: z.number().int(),
    /** Disputes with admins, waiting for a decision. */
    disputesToDecide: z.number().int(),
  }),
  generatedAt: z.string(),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
