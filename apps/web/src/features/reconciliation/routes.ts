/**
 * The feature's screens for the route table (app/router.tsx), each loaded on demand: a chunk of its own.
 * Kept apart from index.ts: the route table is in the app's first chunk, which carries everything it
 * imports statically, and index.ts re-exports code that only other screens need.
 */
export const reconciliationScreens = {
  adminReconciliation: () => import('./components/reconciliation-page'),
};
