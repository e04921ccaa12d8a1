import { useId, useState } from 'react';
import { SlidersHorizontal } from 'lucide-react';
import {
  EDITOR_SORTS,
  EDITOR_SORT_LABELS,
  TIER_TITLES,
  type EditorSort,
  type TierTitle,
} from '@cutroom/contracts/portfolio';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { activeFilterCount, type CatalogueParams } from '../utils/catalogue-params';
import { PriceRangeFilter } from './price-range-filter';
import { TagChips, TagFilterInput } from './tag-filter';
import { tierLabel } from '../utils/tier-label';

const selectClass =
  'block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none';

/**
 * Sort and filters above the editor list. On a wide screen they sit in one row; on a phone or tablet only
 * Sort and a 'Filters' button show, so the list stays above the fold, and the button opens the rest.
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

  return (
    <section aria-label="Sort and filter editors" className="mt-8 space-y-3">
      <div className="flex flex-wrap items-end gap-3 lg:flex-nowrap lg:items-start">
        <div className="min-w-0 flex-1 space-y-1.5 lg:w-52 lg:flex-none">
          <label htmlFor={`${ids}-sort`} className="block text-sm font-medium text-slate-700">
            Sort by
          </label>
          <select
            id={`${ids}-sort`}
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

        <Button
          variant="secondary"
          className="lg:hidden"
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
      </div>

      {count > 0 && (
        <div className="flex flex-wrap items-center gap-2">
          <TagChips tags={applied.tags} onChange={(tags) => onChange({ tags })} />
          <Button variant="ghost" size="sm" onClick={onClear}>
            Clear filters
          </Button>
        </div>
      )}
    </section>
  );
}
