import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { editorPortfolios, orders, payments, portfolioSamples, refunds, users } from '../../db/schema';

/** A tier's starting price from the stored structure, null when unset (0): contracts' primaryPrice. */
const tierPrice = (title: string): SQL => sql`(
  select case when (tier->'pricing'->0->>'priceMin')::numeric > 0
    then (tier->'pricing'->0->>'priceMin')::numeric::int end
  from ${editorPortfolios} p, jsonb_array_elements(p.tiers) tier
  where p.editor_id = ${users.id} and tier->>'title' = ${title} limit 1)`;

/**
 * What the public list reads from an editor's users row rather than joining for it: search_text =
 * lower(username + every tag), the exact tags, sample_count, has_tiers, each tier's starting price, the
 * lowest of them and the shortest delivery time a priced tier states (its deliveryDays). Called after every change to any of them (one editor) and by bulk loads (every
 * editor), so search, filters, sorts and the counts of SPEC.md §2 read one table.
 */
export async function refreshCatalogueFields(db: Db, editorId?: string): Promise<void> {
  await db.execute(sql`
    update ${users} set
      search_text = lower(${users.username} || coalesce((
        select ' ' || string_agg(distinct lower(tag), ' ' order by lower(tag))
        from ${portfolioSamples} s, jsonb_array_elements_text(s.tags) as tag
        where s.editor_id = ${users.id}
      ), '')),
      catalogue_tags = coalesce((
        select array_agg(distinct lower(tag) order by lower(tag))
        from ${portfolioSamples} s, jsonb_array_elements_text(s.tags) as tag
        where s.editor_id = ${users.id}
      ), '{}'::text[]),
      sample_count = (select count(*) from ${portfolioSamples} s where s.editor_id = ${users.id}),
      has_tiers = coalesce((
        select jsonb_array_length(p.tiers) > 0 from ${editorPortfolios} p where p.editor_id = ${users.id}
      ), false),
      price_basic = ${tierPrice('basic')},
      price_intermediate = ${tierPrice('intermediate')},
      price_pro = ${tierPrice('pro')},
      price_from = (
        select min((tier->'pricing'->0->>'priceMin')::numeric::int)
        from ${editorPortfolios} p, jsonb_array_elements(p.tiers) tier
        where p.editor_id = ${users.id} and (tier->'pricing'->0->>'priceMin')::numeric > 0),
      fastest_days = (
        select min((tier->>'deliveryDays')::int)
        from ${editorPortfolios} p, jsonb_array_elements(p.tiers) tier
        where p.editor_id = ${users.id} and (tier->'pricing'->0->>'priceMin')::numeric > 0
          and jsonb_typeof(tier->'deliveryDays') = 'number')
    where ${editorId ? sql`${users.id} = ${editorId}` : sql`${users.role} = 'editor'`}`);
}

/**
 * The 'Recommended' order, from what the row already holds: the rating (pulled toward the prior while
 * reviews are few; none counts as neutral), how many orders were completed (with diminishing weight), the
 * share delivered on time, and the verified badge. An editor with none of these scores 0, so new editors
 * keep the list's newest-first order among themselves.
 */
const RECOMMENDED_SCORE = sql`
  (case when rating_count > 0 then rating_score - 3.5 else 0 end)
  + ln(1 + completed_orders) * 0.5
  + (case when completed_orders > 0 then on_time_orders::float8 / completed_orders - 0.8 else 0 end)
  + (case when verified_at is not null then 0.5 else 0 end)`;

/** The rating every editor starts from, and how many reviews it weighs as (a Bayesian average). */
export const RATING_PRIOR = { mean: 4, weight: 3 } as const;

/** Re-reads the editor's sort keys after a change to their reviews, orders or badge (every editor: bulk loads). */
export async function rescoreEditor(db: Db, editorId?: string): Promise<void> {
  const which = editorId ? sql`${users.id} = ${editorId}` : sql`${users.role} = 'editor'`;
  await db.execute(sql`
    update ${users} set
      rating_score = case when rating_count > 0
        then (rating_sum + ${RATING_PRIOR.mean * RATING_PRIOR.weight})::float8 / (rating_count + ${RATING_PRIOR.weight}) end
    where ${which}`);
  await db.execute(sql`update ${users} set recommended_score = ${RECOMMENDED_SCORE} where ${which}`);
}

/**
 * Paid work, as SQL on an order row `o`: its one payment succeeded and confirmed refunds did not take all
 * of it back (the rule that releases final files). Unpaid approvals are no track record.
 */
const PAID_WORK = sql`exists (select 1 from ${payments} p where p.id = o.payment_id and p.status = 'SUCCESS'
  and coalesce((select sum(r.amount_paise) from ${refunds} r
    where r.payment_id = p.id and r.status = 'SUCCESS' and r.origin <> 'duplicate_payment'), 0) < o.price_paise)`;

/**
 * The editor's completed, paid orders and how many were never marked late, counted from their orders
 * (indexed by editor), then the sort keys. Called in the transaction that completes or cancels one of
 * their orders, that pays one, or that confirms a full refund of one.
 */
export async function refreshTrackRecord(db: Db, editorId: string): Promise<void> {
  await db.execute(sql`
    update ${users} set
      completed_orders = (select count(*) from ${orders} o
        where o.editor_id = ${users.id} and o.status = 'completed' and ${PAID_WORK}),
      on_time_orders = (select count(*) from ${orders} o
        where o.editor_id = ${users.id} and o.status = 'completed' and o.late_at is null and ${PAID_WORK}),
      disputes_lost = (select count(*) from ${orders} o
        where o.editor_id = ${users.id} and o.dispute_lost_at is not null)
    where ${users.id} = ${editorId}`);
  await rescoreEditor(db, editorId);
}
