import { Link } from 'react-router';
import { Check } from 'lucide-react';
import type { Editor } from '@cutroom/contracts/portfolio';
import { formatReelCount, formatTierPrice } from '@cutroom/contracts/price';
import { buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { StartChatButton } from './start-chat-button';
import { RatingLine } from '../../reviews';
import { EditorAvatar } from './editor-avatar';
import { SampleThumb } from './sample-media';
import { tierLabel, tierTermsText } from '../utils/tier-label';
import { priceAndSpeedParts, trackRecordParts } from '../utils/track-record';
import { VerifiedBadge } from './verified-badge';

/**
 * One editor on /portfolio (SPEC.md §2): who they are and why to trust them (photo, badge, rating, track
 * record), what they include, their tiers and prices, and how to reach them.
 */
export function EditorCard({ editor }: { editor: Editor }) {
  const { tiers, whatsIncluded } = editor.portfolio;
  const previews = tiers.flatMap((t) => t.samples).slice(0, 3);
  const headingId = `editor-${editor._id}`;
  const record = trackRecordParts(editor.trackRecord);
  const offer = priceAndSpeedParts(editor.startingPrice, editor.fastestDays);

  return (
    <Card className="flex flex-col overflow-hidden" aria-labelledby={headingId} role="article">
      <div className="space-y-3 border-b border-slate-100 p-5">
        <div className="flex items-center gap-4">
          <EditorAvatar name={editor.username} src={editor.photoThumbUrl} className="size-12 text-lg" />
          <div className="min-w-0">
            <div className="flex min-w-0 items-center gap-2">
              <h2 id={headingId} className="min-w-0 truncate text-lg font-bold text-slate-900">
                {editor.username}
              </h2>
              {editor.verified && <VerifiedBadge className="shrink-0" />}
            </div>
            <p className="text-sm text-slate-500">Professional Video Editor</p>
            {editor.rating && (
              <RatingLine average={editor.rating.average} count={editor.rating.count} className="mt-0.5" />
            )}
          </div>
        </div>
        {(record.length > 0 || offer.length > 0) && (
          <div className="space-y-0.5 text-sm">
            {record.length > 0 && <p className="text-slate-600">{record.join(' · ')}</p>}
            {offer.length > 0 && <p className="font-semibold text-slate-900">{offer.join(' · ')}</p>}
          </div>
        )}
      </div>

      {tiers.length === 0 ? (
        <div className="flex flex-1 flex-col justify-between gap-4 p-5">
          <p className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-600">
            Portfolio not available yet
          </p>
          <StartChatButton editorId={editor._id} className="w-full" />
        </div>
      ) : (
        <div className="flex flex-1 flex-col gap-5 p-5">
          {previews.length > 0 && (
            <div className="grid grid-cols-3 gap-2">
              {previews.map((s) => (
                <SampleThumb
                  key={s._id}
                  sample={s}
                  editorName={editor.username}
                  className="aspect-video w-full rounded-lg"
                />
              ))}
            </div>
          )}
          <section>
            <h3 className="text-sm font-semibold text-slate-900">What&apos;s Included</h3>
            {whatsIncluded.length ? (
              <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1.5">
                {whatsIncluded.map((item) => (
                  <li key={item} className="flex items-center gap-1.5 text-sm text-slate-600">
                    <Check className="size-4 text-emerald-600" aria-hidden />
                    {item}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-sm text-slate-500">Ask the editor in chat.</p>
            )}
          </section>
          <section>
            <h3 className="text-sm font-semibold text-slate-900">Editing Tiers</h3>
            <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
              {tiers.map((tier) => (
                <li key={tier.title} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                  <span className="min-w-0">
                    <span className="font-medium text-slate-800">
                      {tierLabel(tier.title)}
                      {formatReelCount(tier.pricing) && (
                        <span className="ml-2 font-normal text-slate-500">
                          {formatReelCount(tier.pricing)}
                        </span>
                      )}
                    </span>
                    {tierTermsText(tier) && (
                      <span className="block text-xs text-slate-500" data-testid="tier-terms">
                        {tierTermsText(tier)}
                      </span>
                    )}
                  </span>
                  <span className="shrink-0 font-semibold text-slate-900">
                    {formatTierPrice(tier.pricing)}
                  </span>
                </li>
              ))}
            </ul>
          </section>
          <div className="mt-auto grid gap-2 sm:grid-cols-2">
            <Link to={`/portfolio/${editor._id}`} className={buttonClass('primary')}>
              View Portfolio
            </Link>
            <StartChatButton editorId={editor._id} className="w-full" />
          </div>
        </div>
      )}
    </Card>
  );
}
