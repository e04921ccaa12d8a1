import { useState, type FormEvent } from 'react';
import { Search, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { STATUS_OPTIONS, type AllOrdersFilters, type StatusFilter } from './filters';

const selectClass =
  'block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none';

/**
 * The All Orders filter bar. Status and Late apply at once; the search applies on Enter or Search, so
 * typing a reference does not fire a request per key.
 */
export function OrderFilters({
  filters,
  onChange,
}: {
  filters: AllOrdersFilters;
  onChange: (next: AllOrdersFilters) => void;
}) {
  const change = (patch: Partial<AllOrdersFilters>) => onChange({ ...filters, ...patch, page: 1 });

  return (
    <div className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
      <div className="grid gap-3 md:grid-cols-[minmax(0,14rem)_minmax(0,1fr)] md:items-end">
        <div className="space-y-1.5">
          <label htmlFor="orders-status" className="block text-sm font-medium text-slate-700">
            Status
          </label>
          <select
            id="orders-status"
            className={selectClass}
            value={filters.status ?? ''}
            onChange={(e) => change({ status: (e.target.value || undefined) as StatusFilter | undefined })}
          >
            <option value="">All statuses</option>
            {STATUS_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        {/* Keyed by the applied search so Back or a link that changes it refills the box. */}
        <SearchForm key={filters.q ?? ''} applied={filters.q ?? ''} onSearch={(q) => change({ q })} />
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-700">
          <input
            type="checkbox"
            className="size-4 rounded border-slate-300 accent-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500"
            checked={filters.late === true}
            onChange={(e) => change({ late: e.target.checked || undefined })}
          />
          Late only
        </label>
        {filters.creatorId && (
          <FilterChip
            label={`Creator: ${filters.creatorName ?? filters.creatorId}`}
            onRemove={() => change({ creatorId: undefined, creatorName: undefined })}
          />
        )}
        {filters.editorId && (
          <FilterChip
            label={`Editor: ${filters.editorName ?? filters.editorId}`}
            onRemove={() => change({ editorId: undefined, editorName: undefined })}
          />
        )}
      </div>
    </div>
  );
}

function FilterChip({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <span className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-1 pl-3 text-sm font-medium text-brand-700">
      <span className="truncate">{label}</span>
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove filter ${label}`}
        className="rounded-full p-1 hover:bg-brand-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
      >
        <X className="size-3.5" aria-hidden />
      </button>
    </span>
  );
}

function SearchForm({ applied, onSearch }: { applied: string; onSearch: (q: string | undefined) => void }) {
  const [q, setQ] = useState(applied);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(q.trim() || undefined);
  };
  return (
    <form role="search" onSubmit={submit} className="space-y-1.5">
      <label htmlFor="orders-q" className="block text-sm font-medium text-slate-700">
        Reference or username
      </label>
      <div className="flex gap-2">
        <Input
          id="orders-q"
          type="search"
          placeholder="CR-10482 or a username"
          maxLength={100}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          className="min-w-0 flex-1"
        />
        <Button type="submit" variant="secondary">
          <Search className="size-4" aria-hidden /> Search
        </Button>
      </div>
    </form>
  );
}
