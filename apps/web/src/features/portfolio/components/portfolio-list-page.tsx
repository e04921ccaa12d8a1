import { useEffect, useRef } from 'react';
import { Search } from 'lucide-react';
import { PORTFOLIO_MESSAGES } from '@cutroom/contracts/portfolio';
import { notify } from '../../../components/ui/notify';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { PageMeta } from '../../../components/seo/page-meta';
import { CATALOGUE_FORM_ID, CatalogueFilters } from './catalogue-filters';
import { NO_FILTERS, activeFilterCount, catalogueRequest } from '../utils/catalogue-params';
import { EditorCard } from './editor-card';
import { useEditorList } from '../api/get-editors';
import { useCatalogueParams } from '../hooks/use-catalogue-params';
import { useDebouncedDraft } from '../hooks/use-debounced-draft';

/**
 * /portfolio: every available editor, searchable by name or tag (SPEC.md §2), sorted and filtered by
 * price, tier and tags. The URL holds all of it, so a search can be shared and survives a reload.
 */
export default function PortfolioListPage() {
  const { applied, update } = useCatalogueParams();
  const search = useDebouncedDraft(applied.q, (q) => update({ q }));
  const searchBox = useRef<HTMLInputElement>(null);
  // The page arrives rendered by the server; what a visitor typed before the app took it over is in the
  // field but not in the app's state, which would otherwise ignore it. Picked up once, on taking over.
  const { setDraft } = search;
  useEffect(() => {
    const typed = searchBox.current?.value;
    if (typed && typed !== applied.q) setDraft(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the app takes the page over
  }, []);
  const query = applied.q;
  const request = catalogueRequest(applied);
  const list = useEditorList(query, request.ok ? request.filters : null);
  const waiting = search.pending || (list.isFetching && list.isPlaceholderData);
  const filterCount = activeFilterCount(applied);

  useEffect(() => {
    if (list.isError && query) notify.error(PORTFOLIO_MESSAGES.searchFailed);
  }, [list.isError, query]);

  const pages = list.data?.pages ?? [];
  const editors = pages.flatMap((p) => p.data);
  // Counts of an older request would describe a list that is not the one asked for. Counts of nobody
  // ("Available Editors 0") only repeat the empty state below, which says it in words and offers a way out.
  const counted = request.ok ? pages[0]?.summary : undefined;
  const summary = counted && counted.availableEditors > 0 ? counted : undefined;
  const clearAll = () => update({ ...NO_FILTERS, q: '' });
  const clearLabel =
    query && filterCount ? 'Clear search and filters' : query ? 'Clear search' : 'Clear filters';

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:py-14">
      <PageMeta
        title="Editor Portfolios"
        description="Browse verified video editors: tiers and prices in rupees, real samples, ratings and delivery times. Chat anonymously and pay securely."
        canonicalPath="/portfolio"
      />
      <header className="flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">Hire an editor</p>
          <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            Editor Portfolios
          </h1>
          <p className="mt-2 max-w-xl text-slate-600">
            Verified editors, clear prices per tier. Chat anonymously, pay securely, get your final video.
          </p>
        </div>
        <div className="w-full lg:w-96">
          <label htmlFor="editor-search" className="sr-only">
            Search editors
          </label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
              aria-hidden
            />
            <Input
              ref={searchBox}
              id="editor-search"
              // A field of the filter form below (as `q`), so Enter searches with the sort and filters kept.
              form={CATALOGUE_FORM_ID}
              name="q"
              type="search"
              value={search.draft}
              onChange={(e) => search.setDraft(e.target.value)}
              placeholder="Search editors by name or tags..."
              className="pl-9"
              autoComplete="off"
            />
          </div>
          <p className="mt-1 h-5 text-sm text-slate-500" aria-live="polite">
            {waiting ? 'Searching...' : ''}
          </p>
        </div>
      </header>

      <CatalogueFilters
        applied={applied}
        priceError={request.ok ? undefined : request.priceError}
        onChange={update}
        onClear={() => update(NO_FILTERS)}
      />

      {summary && (
        <dl className="mt-8 grid grid-cols-3 gap-3 sm:gap-4" aria-label="Summary">
          {[
            ['Available Editors', summary.availableEditors],
            ['Editors with Portfolios', summary.editorsWithPortfolios],
            ['Total Samples', summary.totalSamples],
          ].map(([label, value]) => (
            <div
              key={label}
              className="rounded-2xl border border-slate-200 bg-white p-4 text-center shadow-sm"
            >
              <dt className="text-xs font-medium text-slate-500 sm:text-sm">{label}</dt>
              <dd className="mt-1 text-2xl font-bold text-slate-900">
                {Number(value).toLocaleString('en-IN')}
              </dd>
            </div>
          ))}
        </dl>
      )}

      <div className="mt-8">
        {!request.ok ? (
          <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
            <p className="text-lg font-semibold text-slate-900">Check the price range</p>
            <p className="mt-1 text-sm text-slate-500">Fix the price range to see matching editors.</p>
            <Button
              variant="secondary"
              className="mt-4"
              onClick={() => update({ minPrice: '', maxPrice: '' })}
            >
              Clear price range
            </Button>
          </div>
        ) : list.isPending ? (
          <Spinner label="Loading editor portfolios..." />
        ) : list.isError && editors.length === 0 ? (
          <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
            <p className="font-medium text-red-800">{PORTFOLIO_MESSAGES.loadFailedInPage}</p>
            <Button variant="danger" className="mt-4" onClick={() => list.refetch()}>
              Try Again
            </Button>
          </div>
        ) : editors.length === 0 && (query || filterCount > 0) ? (
          <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
            {/* SPEC.md §2's empty state for a search; filters are ours, and say what narrowed the list. */}
            <p className="text-lg font-semibold text-slate-900">
              {filterCount > 0 ? 'No editors match these filters' : 'No Editors Available'}
            </p>
            <p className="mt-1 text-sm text-slate-500">
              {filterCount > 0
                ? 'Try another name or tag, a wider price range, or any tier.'
                : `No editor's name or tags match “${query}”. Try another name or tag.`}
            </p>
            <Button variant="secondary" className="mt-4" onClick={clearAll}>
              {clearLabel}
            </Button>
          </div>
        ) : editors.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
            <p className="text-lg font-semibold text-slate-900">No Editors Available</p>
            <p className="mt-1 text-sm text-slate-500">Please check back soon.</p>
          </div>
        ) : (
          <>
            <div className="grid gap-6 md:grid-cols-2">
              {editors.map((editor) => (
                <EditorCard key={editor._id} editor={editor} />
              ))}
            </div>
            {list.hasNextPage && (
              <div className="mt-8 text-center">
                <Button
                  variant="secondary"
                  onClick={() => list.fetchNextPage()}
                  disabled={list.isFetchingNextPage}
                >
                  {list.isFetchingNextPage ? 'Loading...' : 'Show more editors'}
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </div>
  );
}
