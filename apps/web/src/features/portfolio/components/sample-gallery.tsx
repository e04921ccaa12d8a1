import { useState } from 'react';
import type { Sample, Tier, TierTitle } from '@cutroom/contracts/portfolio';
import { Badge } from '../../../components/ui/badge';
import { Modal } from '../../../components/ui/modal';
import { cn } from '../../../lib/cn';
import { SampleThumb, SampleVideo, sampleAlt } from './sample-media';
import { tierLabel } from '../utils/tier-label';

type Filter = 'all' | TierTitle;

/** Every sample of an editor, filterable by tier: images open large, videos play in place. */
export function SampleGallery({ tiers, editorName }: { tiers: Tier[]; editorName: string }) {
  const [filter, setFilter] = useState<Filter>('all');
  const [opened, setOpened] = useState<Sample | null>(null);
  const withSamples = tiers.filter((t) => t.samples.length > 0);
  const shown = withSamples
    .filter((t) => filter === 'all' || t.title === filter)
    .flatMap((t) => t.samples.map((s) => ({ sample: s, tier: t.title })));

  if (withSamples.length === 0) {
    return <p className="rounded-2xl bg-white p-6 text-center text-slate-500 shadow-sm">No samples yet.</p>;
  }

  return (
    <div>
      {withSamples.length > 1 && (
        <div role="group" aria-label="Show samples of" className="mb-4 flex flex-wrap gap-2">
          {(['all', ...withSamples.map((t) => t.title)] as Filter[]).map((f) => (
            <button
              key={f}
              type="button"
              aria-pressed={filter === f}
              onClick={() => setFilter(f)}
              className={cn(
                'rounded-full px-3 py-1 text-sm font-medium ring-1',
                filter === f
                  ? 'bg-brand-600 text-white ring-brand-600'
                  : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
              )}
            >
              {f === 'all' ? 'All' : tierLabel(f)}
            </button>
          ))}
        </div>
      )}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map(({ sample, tier }) => (
          <li
            key={sample._id}
            className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
          >
            {sample.type.startsWith('video') ? (
              <SampleVideo sample={sample} editorName={editorName} className="aspect-video w-full" />
            ) : (
              <button
                type="button"
                onClick={() => setOpened(sample)}
                className="block w-full"
                aria-label={`Open ${sampleAlt(sample, editorName)}`}
              >
                <SampleThumb sample={sample} editorName={editorName} className="aspect-video w-full" />
              </button>
            )}
            <div className="flex flex-wrap items-center gap-1.5 p-3">
              <Badge tone="brand">{tierLabel(tier)}</Badge>
              {sample.tags.map((tag) => (
                <Badge key={tag}>{tag}</Badge>
              ))}
            </div>
          </li>
        ))}
      </ul>
      <Modal
        open={opened !== null}
        onOpenChange={(open) => !open && setOpened(null)}
        title={opened?.tags.length ? opened.tags.join(', ') : 'Sample'}
      >
        {opened && (
          <img
            src={opened.url}
            alt={sampleAlt(opened, editorName)}
            className="max-h-[70vh] w-full rounded-lg object-contain"
          />
        )}
      </Modal>
    </div>
  );
}
