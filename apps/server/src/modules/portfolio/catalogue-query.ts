import { and, sql, type SQL } from 'drizzle-orm';
import { searchWords, type EditorFilters, type PageQuery, type TierTitle } from '@cutroom/contracts';
import { users } from '../../db/schema';
import { containsPattern } from './shape';

export const liveEditor = sql`${users.role} = 'editor' and ${users.deletedAt} is null`;

const TIER_PRICE: Record<TierTitle, SQL> = {
  basic: sql`${users.priceBasic}`,
  intermediate: sql`${users.priceIntermediate}`,
  pro: sql`${users.pricePro}`,
};

/** What the public list is asked for: the words of a search (maybe none), the filters and the page. */
export interface CatalogueRequest {
  query: string;
  filters: EditorFilters;
  page: PageQuery;
}

/** A price within the filter's range (either end optional). */
const inRange = (price: SQL, min?: number, max?: number): SQL =>
  and(
    sql`${price} is not null`,
    min !== undefined ? sql`${price} >= ${min}` : undefined,
    max !== undefined ? sql`${price} <= ${max}` : undefined,
  )!;

/**
 * Which live editors match: every word of the search in the name or tags (LIKE on search_text, through its
 * trigram index), the tier (priced), a starting price in range (of that tier, or of any tier), and every
 * chosen tag exactly (the GIN index on catalogue_tags).
 */
export function catalogueWhere({ query, filters }: Pick<CatalogueRequest, 'query' | 'filters'>): SQL {
  const { tier, minPrice, maxPrice, tags } = filters;
  const priced = minPrice !== undefined || maxPrice !== undefined;
  const price = tier
    ? priced
      ? inRange(TIER_PRICE[tier], minPrice, maxPrice)
      : sql`${TIER_PRICE[tier]} is not null`
    : priced
      ? sql`(${sql.join(
          Object.values(TIER_PRICE).map((p) => inRange(p, minPrice, maxPrice)),
          sql` or `,
        )})`
      : undefined;
  return and(
    liveEditor,
    ...searchWords(query).map((w) => sql`${users.searchText} like ${containsPattern(w)}`),
    price,
    tags.length
      ? sql`${users.catalogueTags} @> ${sql`array[${sql.join(
          tags.map((t) => sql`${t}`),
          sql`, `,
        )}]::text[]`}`
      : undefined,
  )!;
}

/**
 * The order of each sort, newest first among equals (which is the whole order while nobody has reviews
 * or orders). Each matches one of users' partial indexes, so an unfiltered page is an index walk.
 */
export function catalogueOrder(filters: EditorFilters, prefix = ''): SQL {
  const col = (name: string) => sql.raw(`${prefix}${name}`);
  const newest = sql`${col('created_at')} desc, ${col('id')} desc`;
  switch (filters.sort) {
    case 'rating':
      return sql`${col('rating_score')} desc nulls last, ${newest}`;
    case 'price':
      return filters.tier
        ? sql`${col(`price_${filters.tier}`)} asc nulls last, ${newest}`
        : sql`${col('price_from')} asc nulls last, ${newest}`;
    case 'fastest':
      return sql`${col('fastest_days')} asc nulls last, ${newest}`;
    default:
      return sql`${col('recommended_score')} desc, ${newest}`;
  }
}

const offset = (page: PageQuery) => (page.page - 1) * page.limit;

/** The page of matching editors' ids, in the sort's order. */
export const cataloguePageQuery = (request: CatalogueRequest): SQL => sql`
  select ${users.id} as id from ${users} where ${catalogueWhere(request)}
  order by ${catalogueOrder(request.filters)} limit ${request.page.limit} offset ${offset(request.page)}`;

/** SPEC.md §2's three counts over every match, from the users row (no join). */
export const catalogueCountsQuery = (request: Pick<CatalogueRequest, 'query' | 'filters'>): SQL => sql`
  select count(*) as available, count(*) filter (where ${users.hasTiers}) as with_portfolios,
    coalesce(sum(${users.sampleCount}), 0) as total_samples
  from ${users} where ${catalogueWhere(request)}`;

/**
 * A word search's page and its counts in one statement, over one pass of the matches, with the trigram
 * index; exported so a test can EXPLAIN the real statement. The matches are fenced in a materialized CTE:
 * otherwise, with ORDER BY and a LIMIT, the planner walks a sort index filtering every editor (it cannot
 * estimate a LIKE '%…%' well), which is fast for a word that matches often and seconds for a rare one.
 * The counts come first as one row, so a page past the end still answers them.
 */
export const catalogueSearchQuery = (request: CatalogueRequest): SQL => sql`
  with matches as materialized (
    select ${users.id} as id, ${users.createdAt} as created_at, ${users.hasTiers} as has_tiers,
      ${users.sampleCount} as sample_count, ${users.recommendedScore} as recommended_score,
      ${users.ratingScore} as rating_score, ${users.priceFrom} as price_from,
      ${users.priceBasic} as price_basic, ${users.priceIntermediate} as price_intermediate,
      ${users.pricePro} as price_pro, ${users.fastestDays} as fastest_days
    from ${users} where ${catalogueWhere(request)}
  ), counts as (
    select count(*) as available, count(*) filter (where has_tiers) as with_portfolios,
      coalesce(sum(sample_count), 0) as total_samples
    from matches
  ), page as (
    select * from matches order by ${catalogueOrder(request.filters)}
    limit ${request.page.limit} offset ${offset(request.page)}
  )
  select counts.*, page.id from counts left join page on true
  order by ${catalogueOrder(request.filters, 'page.')}`;

/** A bare query: a search only when it has words. */
export const hasWords = (query: string) => searchWords(query).length > 0;
