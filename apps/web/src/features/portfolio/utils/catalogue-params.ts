import {
  EDITOR_SORTS,
  TIER_TITLES,
  editorFiltersSchema,
  normalizeFilterTags,
  type EditorFilters,
  type EditorSort,
  type TierTitle,
} from '@cutroom/contracts/portfolio';

/**
 * What /portfolio is showing, exactly as its URL says it (`?q=&sort=&minPrice=&maxPrice=&tier=&tags=a,b`),
 * so a search can be shared and a reload restores it. Prices stay as typed: the URL keeps what the
 * person entered, and validation decides whether it is sent.
 */
export interface CatalogueParams {
  q: string;
  sort: EditorSort;
  minPrice: string;
  maxPrice: string;
  tier: TierTitle | '';
  tags: string[];
}

export const DEFAULT_SORT: EditorSort = 'recommended';

const isSort = (v: string | null): v is EditorSort => (EDITOR_SORTS as readonly string[]).includes(v ?? '');
const isTier = (v: string | null): v is TierTitle => (TIER_TITLES as readonly string[]).includes(v ?? '');

/**
 * Reads the URL; an unknown sort or tier is dropped rather than shown as an error (it came from a link).
 * `tags` may come more than once: the filter form, submitted without JavaScript, sends the tags already
 * in the filter and the ones typed in the box as two fields of that name.
 */
export function catalogueFromParams(params: URLSearchParams): CatalogueParams {
  const sort = params.get('sort');
  const tier = params.get('tier');
  return {
    q: params.get('q')?.trim() ?? '',
    sort: isSort(sort) ? sort : DEFAULT_SORT,
    minPrice: params.get('minPrice')?.trim() ?? '',
    maxPrice: params.get('maxPrice')?.trim() ?? '',
    tier: isTier(tier) ? tier : '',
    tags: normalizeFilterTags(params.getAll('tags').join(',')),
  };
}

/** What a filter form holds: its fields are named after the URL's parameters. */
export function catalogueFromForm(form: HTMLFormElement): CatalogueParams {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') params.append(name, value);
  return catalogueFromParams(params);
}

/** The URL for a state; defaults are left out so the plain list stays plain /portfolio. */
export function paramsFromCatalogue(c: CatalogueParams): URLSearchParams {
  const out = new URLSearchParams();
  if (c.q) out.set('q', c.q);
  if (c.sort !== DEFAULT_SORT) out.set('sort', c.sort);
  if (c.minPrice) out.set('minPrice', c.minPrice);
  if (c.maxPrice) out.set('maxPrice', c.maxPrice);
  if (c.tier) out.set('tier', c.tier);
  if (c.tags.length) out.set('tags', c.tags.join(','));
  return out;
}

export type CatalogueRequest = { ok: true; filters: EditorFilters } | { ok: false; priceError: string };

/** The filters to send, validated by the same schema the server uses; a bad price range is not sent. */
export function catalogueRequest(c: CatalogueParams): CatalogueRequest {
  const parsed = editorFiltersSchema.safeParse({
    sort: c.sort,
    minPrice: c.minPrice,
    maxPrice: c.maxPrice,
    tier: c.tier,
    tags: c.tags.join(','),
  });
  if (parsed.success) return { ok: true, filters: parsed.data };
  // Sort, tier and tags were already cleaned when read, so any issue left is about a price.
  return { ok: false, priceError: parsed.error.issues[0]?.message ?? 'Check the price range' };
}

/** How many filters narrow the list (the price range counts once, each tag once); sort is not a filter. */
export function activeFilterCount(c: CatalogueParams): number {
  return (c.minPrice || c.maxPrice ? 1 : 0) + (c.tier ? 1 : 0) + c.tags.length;
}

/** The change that removes every filter; the search and the sort order are kept. */
export const NO_FILTERS: Partial<CatalogueParams> = { minPrice: '', maxPrice: '', tier: '', tags: [] };
