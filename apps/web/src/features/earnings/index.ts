// The earnings feature: an editor's earnings and payout details, the admin's payouts. Nothing here is used
// by another feature; the route table reaches the screens through routes.ts.
export {};
