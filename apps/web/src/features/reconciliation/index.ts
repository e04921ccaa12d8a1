// The reconciliation feature (issue 24): the admins' Reconciliation page, reached by the route table
// through routes.ts and from the admin menu by its address. No other feature uses its code.
export {};
