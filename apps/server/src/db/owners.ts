/**
 * One owner per table: only the owning module inserts, updates or deletes a table's rows. Another module
 * that needs a change calls the owner's face (modules/<owner>/index.ts) or reacts to its domain events
 * (src/events). test/architecture/table-owners.test.ts reads every non-test file of every module and
 * fails on a write of a table the module does not own, naming the file and the table.
 *
 * `kernel`: written only by the kernel (lib/jobs), which every module uses through `app.jobs`.
 */
export const TABLE_OWNERS = {
  // auth: accounts and sessions.
  users: 'auth',
  sessions: 'auth',
  otps: 'auth',
  pending_registrations: 'auth',
  known_devices: 'auth',
  // notifications
  notifications: 'notifications',
  notification_settings: 'notifications',
  // portfolio
  editor_portfolios: 'portfolio',
  portfolio_samples: 'portfolio',
  // chat
  chat_rooms: 'chat',
  chat_messages: 'chat',
  chat_digests: 'chat',
  // payments, and the payment simulator's own books (modules/payments/gateway/simulator-tables.ts)
  payments: 'payments',
  refunds: 'payments',
  processed_gateway_events: 'payments',
  reconciliation_runs: 'payments',
  reconciliation_findings: 'payments',
  gateway_disputes: 'payments',
  sim_vendors: 'payments',
  sim_vendor_movements: 'payments',
  sim_settlements: 'payments',
  // tax: profiles, rates and each order's assessment
  tax_rates: 'tax',
  editor_tax_profiles: 'tax',
  order_tax_assessments: 'tax',
  // invoices: receipts, tax invoices, credit notes and their series
  document_series: 'invoices',
  tax_documents: 'invoices',
  // orders
  orders: 'orders',
  order_events: 'orders',
  // files: an order's footage and uploads
  order_files: 'files',
  // reviews
  reviews: 'reviews',
  review_moderation_events: 'reviews',
  editor_ratings: 'reviews',
  // moderation
  moderation_flags: 'moderation',
  contact_refusals: 'moderation',
  // support
  support_tickets: 'support',
  support_ticket_replies: 'support',
  // delivery
  deliveries: 'delivery',
  // payouts
  payout_accounts: 'payouts',
  order_earnings: 'payouts',
  payout_ledger: 'payouts',
  payout_balances: 'payouts',
  payout_settlements: 'payouts',
  payout_adjustments: 'payouts',
  // disputes
  disputes: 'disputes',
  dispute_evidence: 'disputes',
  // the kernel's durable jobs (lib/jobs)
  jobs: 'kernel',
} as const;

export type TableName = keyof typeof TABLE_OWNERS;

/**
 * Columns of another module's table that a module keeps, and only that module updates (the table's
 * owner included; a new row may start them at a default). Each is a read model of what the module
 * owns, kept on the users row so the public catalogue sorts, filters and counts over one table with no
 * join (db/schema/users.ts; docs/performance.md):
 * - portfolio: the editor's catalogue fields, rebuilt from its portfolios and samples
 *   (catalogue-fields.ts refreshCatalogueFields), from orders closing (refreshTrackRecord on
 *   `order.closed`) and from the rating (rescoreEditor); the verified badge and the profile photo, which
 *   portfolio grants and stores.
 * - reviews: the count and sum of an editor's visible reviews (aggregates.ts countReview).
 * They stay on users rather than move to tables of their own: the catalogue's partial indexes
 * (users_editor_*_idx) cover them together with the account's role and deleted_at.
 */
export const COLUMN_OWNERS: Partial<Record<TableName, Record<string, readonly string[]>>> = {
  users: {
    portfolio: [
      'search_text',
      'sample_count',
      'has_tiers',
      'catalogue_tags',
      'price_basic',
      'price_intermediate',
      'price_pro',
      'price_from',
      'fastest_days',
      'rating_score',
      'completed_orders',
      'on_time_orders',
      'disputes_lost',
      'recommended_score',
      'verified_at',
      'photo_key',
      'photo_thumb_key',
    ],
    reviews: ['rating_count', 'rating_sum'],
  },
};
