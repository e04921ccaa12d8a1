/** The family of the reconciliation page's queries: a run refreshes the last run and every filter's list. */
export const reconciliationKey = ['admin', 'reconciliation'] as const;
