import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { SlidersHorizontal } from 'lucide-react';
import {
  EDITOR_SORTS,
  EDITOR_SORT_LABELS,
  TIER_TITLES,
  type EditorSort,
  type TierTitle,
} from '@cutroom/contracts/portfolio';
import { Button, buttonClass } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import {
  NO_FILTERS,
  activeFilterCount,
  catalogueFromForm,
  paramsFromCatalogue,
  type CatalogueParams,
} from '../utils/catalogue-params';
import { PriceRangeFilter } from './price-range-filter';
import { TagChips, TagFilterInput } from './tag-filter';
import { tierLabel } from '../utils/tier-label';

/** The filter form; the search box above the list belongs to it as well (its `form` attribute). */
export const CATALOGUE_FORM_ID = 'catalogue-filters';

/** What the visitor may have chosen before the app took a server-rendered page over (the search has its own). */
const PICKED_UP = ['sort', 'minPrice', 'maxPrice', 'tier'] as const;

const selectClass =
  'block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none';

/**
 * Sort and filters above the editor list. On a wide screen they sit in one row; on a phone or tablet only
 * Sort and a 'Filters' button show, so the list stays above the fold, and the button opens the rest.
 *
 * They are a real GET form to /portfolio whose fields are named after the URL's parameters: before the
 * app has taken the server-rendered page over, or without JavaScript, Apply (or Enter) loads the filtered
 * list from the server. Once the app runs, every change applies at once, Apply is gone and a submit only
 * applies the typed boxes without waiting for the pause.
 */
export function CatalogueFilters({
  applied,
  priceError,
  onChange,
  onClear,
}: {
  applied: CatalogueParams;
  priceError?: string;
  onChange: (patch: Partial<CatalogueParams>) => void;
  onClear: () => void;
}) {
  const ids = useId();
  const count = activeFilterCount(applied);
  // Opened at first when the URL carries a bad price range, so its error is in view on a phone too.
  const [open, setOpen] = useState(Boolean(priceError));
  const panelId = `${ids}-panel`;
  const form = useRef<HTMLFormElement>(null);

  // The page arrives rendered by the server: a sort, tier or price chosen before the app took it over is
  // in the form but not in the URL, and the app would show the list unsorted (then, at its next render,
  // put the fields back). Picked up once, on taking over, in one change of the URL.
  useEffect(() => {
    if (!form.current) return;
    const typed = catalogueFromForm(form.current);
    const changed = PICKED_UP.filter((key) => typed[key] !== applied[key]);
    if (changed.length) {
      onChange(Object.fromEntries(changed.map((key) => [key, typed[key]])) as Partial<CatalogueParams>);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the app takes the page over
  }, []);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const typed = catalogueFromForm(e.currentTarget);
    onChange({ q: typed.q, minPrice: typed.minPrice, maxPrice: typed.maxPrice });
  };
  // Without JavaScript the Clear filters button cannot work: a link to the same list without filters does.
  const cleared = paramsFromCatalogue({ ...applied, ...NO_FILTERS }).toString();

  return (
    <form
      ref={form}
      id={CATALOGUE_FORM_ID}
      method="get"
      action="/portfolio"
      onSubmit={submit}
      aria-label="Sort and filter editors"
      className="mt-8 space-y-3"
    >
      <div className="flex flex-wrap items-end gap-3 lg:flex-nowrap lg:items-start">
        <div className="min-w-0 flex-1 space-y-1.5 lg:w-52 lg:flex-none">
          <label htmlFor={`${ids}-sort`} className="block text-sm font-medium text-slate-700">
            Sort by
          </label>
          <select
            id={`${ids}-sort`}
            name="sort"
            className={selectClass}
            value={applied.sort}
            onChange={(e) => onChange({ sort: e.target.value as EditorSort })}
          >
            {EDITOR_SORTS.map((s) => (
              <option key={s} value={s}>
                {EDITOR_SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>

        {/* Opens the panel only once the app runs; without JavaScript the panel shows open instead. */}
        <Button
          variant="secondary"
          className="lg:hidden noscript:hidden"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          <SlidersHorizontal className="size-4" aria-hidden />
          Filters{' '}
          {count > 0 && (
            <span className="grid min-w-5 place-items-center rounded-full bg-brand-600 px-1.5 text-xs text-white">
              {count} <span className="sr-only">active</span>
            </span>
          )}
        </Button>

        <div
          id={panelId}
          className={cn(
            'w-full flex-col gap-3 lg:flex lg:w-auto lg:flex-1 lg:flex-row lg:items-start',
            open ? 'flex' : 'hidden',
            'noscript:flex',
          )}
        >
          <PriceRangeFilter
            minPrice={applied.minPrice}
            maxPrice={applied.maxPrice}
            error={priceError}
            onMinChange={(minPrice) => onChange({ minPrice })}
            onMaxChange={(maxPrice) => onChange({ maxPrice })}
          />
          <div className="min-w-0 space-y-1.5 lg:w-40">
            <label htmlFor={`${ids}-tier`} className="block text-sm font-medium text-slate-700">
              Tier
            </label>
            <select
              id={`${ids}-tier`}
              name="tier"
              className={selectClass}
              value={applied.tier}
              onChange={(e) => onChange({ tier: e.target.value as TierTitle | '' })}
            >
              <option value="">Any tier</option>
              {TIER_TITLES.map((t) => (
                <option key={t} value={t}>
                  {tierLabel(t)}
                </option>
              ))}
            </select>
          </div>
          <TagFilterInput tags={applied.tags} onChange={(tags) => onChange({ tags })} />
        </div>

        {/* Without JavaScript, and on a wide screen until the app has taken the page over. On a phone the
            app picks a sort made meanwhile up (an Apply there squeezed Sort, and only sort is in view). */}
        <Button type="submit" className="in-data-ready:hidden max-lg:not-noscript:hidden lg:mt-[1.625rem]">
          Apply
        </Button>
      </div>

      {count > 0 && (
        <div className="flex flex-wrap items-center gap-2">
          <TagChips tags={applied.tags} onChange={(tags) => onChange({ tags })} />
          <Button variant="ghost" size="sm" className="noscript:hidden" onClick={onClear}>
            Clear filters
          </Button>
          <a
            href={cleared ? `/portfolio?${cleared}` : '/portfolio'}
            className={cn(buttonClass('ghost', 'sm'), 'not-noscript:hidden')}
          >
            Clear filters
          </a>
        </div>
      )}
    </form>
  );
}
