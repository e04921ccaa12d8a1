/** Addresses of screens that several features link to. */

/** An order's page on the admin dashboard. */
export const orderPagePath = (orderId: string) => `/admin/dashboard/orders/${encodeURIComponent(orderId)}`;
