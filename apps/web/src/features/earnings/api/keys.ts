/** The family of the editor's earnings queries. */
export const earningsKey = ['earnings'] as const;

/** The family of the admin's payouts queries: a retry may move balances, settlements and failures. */
export const adminPayoutsKey = ['admin', 'payouts'] as const;
