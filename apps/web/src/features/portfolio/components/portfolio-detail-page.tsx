import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ArrowLeft, Check } from 'lucide-react';
import { PORTFOLIO_MESSAGES } from '@cutroom/contracts/portfolio';
import { notify } from '../../../components/ui/notify';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api';
import { StartChatButton } from './start-chat-button';
import { EditorReviews, RatingLine } from '../../reviews';
import { PageMeta } from '../../../components/seo/page-meta';
import { EditorAvatar } from './editor-avatar';
import { editorPageMeta } from '../utils/editor-meta';
import { useEditor } from '../api/get-editor';
import { SampleGallery } from './sample-gallery';
import { TierCard } from './tier-card';
import { TrackRecordPanel } from './track-record-panel';
import { VerifiedBadge } from './verified-badge';

/**
 * /portfolio/{editorId}: who the editor is and their record, tiers with prices and Pay Now per tier, the
 * sample gallery, and what creators said.
 */
export default function PortfolioDetailPage() {
  const { editorId } = useParams();
  const navigate = useNavigate();
  const editor = useEditor(editorId);
  const gone = editor.error instanceof ApiError && editor.error.status === 404;

  useEffect(() => {
    if (!gone) return;
    notify.error(PORTFOLIO_MESSAGES.editorUnavailable);
    navigate('/portfolio', { replace: true });
  }, [gone, navigate]);

  if (editor.isPending || gone) return <Spinner label="Loading portfolio..." />;
  if (editor.isError) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
          <p className="font-medium text-red-800">Failed to load this portfolio. Please try again.</p>
          <Button variant="danger" className="mt-4" onClick={() => editor.refetch()}>
            Try Again
          </Button>
        </div>
      </div>
    );
  }

  const { _id, username, portfolio, photoUrl, verified, rating } = editor.data;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
      <PageMeta {...editorPageMeta(editor.data, `/portfolio/${_id}`)} />
      <Link
        to="/portfolio"
        className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft className="size-4" aria-hidden /> All editors
      </Link>

      <header className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 items-center gap-4">
          <EditorAvatar name={username} src={photoUrl} className="size-20 text-3xl sm:size-24" />
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <h1 className="min-w-0 text-3xl font-extrabold tracking-tight break-words text-slate-900">
                {username}
              </h1>
              {verified && <VerifiedBadge />}
            </div>
            <p className="text-slate-500">Professional Video Editor</p>
            {rating && <RatingLine average={rating.average} count={rating.count} className="mt-1" />}
          </div>
        </div>
        <StartChatButton editorId={_id} className="sm:w-auto" />
      </header>

      <TrackRecordPanel editor={editor.data} />

      {portfolio.whatsIncluded.length > 0 && (
        <section className="mt-8" aria-labelledby="included-heading">
          <h2 id="included-heading" className="text-lg font-bold text-slate-900">
            What&apos;s Included
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {portfolio.whatsIncluded.map((item) => (
              <li
                key={item}
                className="flex items-center gap-1.5 rounded-full bg-white px-3 py-1 text-sm text-slate-700 ring-1 ring-slate-200"
              >
                <Check className="size-4 text-emerald-600" aria-hidden /> {item}
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="mt-10" aria-labelledby="tiers-heading">
        <h2 id="tiers-heading" className="text-lg font-bold text-slate-900">
          Editing Tiers
        </h2>
        {portfolio.tiers.length === 0 ? (
          <p className="mt-3 rounded-2xl bg-white p-6 text-slate-600 shadow-sm">
            Portfolio not available yet
          </p>
        ) : (
          <div className="mt-4 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
            {portfolio.tiers.map((tier) => (
              <TierCard key={tier.title} editorId={_id} editorName={username} tier={tier} />
            ))}
          </div>
        )}
      </section>

      <EditorReviews editorId={_id} editorName={username} />

      <section className="mt-10" aria-labelledby="samples-heading">
        <h2 id="samples-heading" className="mb-4 text-lg font-bold text-slate-900">
          Samples
        </h2>
        <SampleGallery tiers={portfolio.tiers} editorName={username} />
      </section>
    </div>
  );
}
