/**
 * Orders: the agreement between one creator and one editor that binds what is made (a tier or a custom
 * offer), its price, its delivery time, the revisions included, the payment and the release of the final
 * file. Not to be confused with the payment gateway's order: a payment's `orderId` (SPEC.md §3) is the
 * gateway's; an order of ours is `_id` plus a human `reference` such as `CR-10482`.
 */

export * from './statuses';
export * from './terms';
export * from './messages';
export * from './inputs';
export * from './shapes';
export * from './rules';
export * from './money-words';
