import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { AlertTriangle, ArrowLeft, Upload } from 'lucide-react';
import { toast } from 'sonner';
import {
  MEDIA_METADATA_NOTE,
  PORTFOLIO_MESSAGES,
  sampleFileField,
  sampleTagsField,
  type TierTitle,
} from '@cutroom/contracts/portfolio';
import { notify } from '../../../components/ui/notify';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { useDeleteSample } from '../api/delete-sample';
import { useUploadSamples } from '../api/upload-samples';
import { AdminEditorPhoto } from './editor-photo';
import { useAdminEditor } from '../api/get-admin-editor';
import { adminEditorsKey, editorsKey } from '../api/keys';
import { RenameEditor } from './rename-editor';
import { TierSamples, type PendingFile } from './tier-samples';
import { UploadOverlay } from './upload-overlay';
import { VerifiedSwitch } from './verified-switch';

type Pending = Partial<Record<TierTitle, PendingFile[]>>;

/** The multipart form of SPEC.md §7: `{tier}_{index}` per file, its tags in `{tier}_sample_{index}_tags`. */
function buildForm(pending: Pending): FormData {
  const form = new FormData();
  for (const [tier, files] of Object.entries(pending) as [TierTitle, PendingFile[]][]) {
    files.forEach((p, index) => {
      form.append(sampleTagsField(tier, index), JSON.stringify(p.tags));
      form.append(sampleFileField(tier, index), p.file, p.file.name);
    });
  }
  return form;
}

/** edit-editor/{editorId}: rename, photo and verified badge, samples per tier (upload with tags, delete). */
/** How long the finished upload's full bar stays before the overlay closes. */
const UPLOAD_DONE_MS = 400;

export default function EditEditorPage() {
  const { editorId } = useParams();
  const queryClient = useQueryClient();
  const editor = useAdminEditor(editorId);
  const [pending, setPending] = useState<Pending>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);

  useEffect(() => {
    if (editor.isError) notify.error(PORTFOLIO_MESSAGES.fetchEditorFailed);
  }, [editor.isError]);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: adminEditorsKey });
    void queryClient.invalidateQueries({ queryKey: editorsKey });
  };

  const upload = useUploadSamples(editorId, () => buildForm(pending), setProgress, {
    onMutate: () => setProgress(0),
    onSuccess: () => {
      toast.success(PORTFOLIO_MESSAGES.uploaded);
      setPending({});
      refresh();
      // The last progress event and the reply can arrive in one render: show the full bar for a moment
      // so the upload is seen to finish, then close.
      setProgress(1);
      window.setTimeout(() => setProgress(null), UPLOAD_DONE_MS);
    },
    onError: (err) => {
      toast.error(PORTFOLIO_MESSAGES.uploadFailed, { description: errorMessage(err, '') || undefined });
      setProgress(null);
    },
  });

  const remove = useDeleteSample(editorId, {
    onMutate: (v) => setDeletingId(v.sampleId),
    onSuccess: () => {
      toast.success(PORTFOLIO_MESSAGES.sampleDeleted);
      refresh();
    },
    onError: () => toast.error(PORTFOLIO_MESSAGES.sampleDeleteFailed),
    onSettled: () => setDeletingId(null),
  });

  if (editor.isPending) return <Spinner label="Loading editor..." />;
  if (editor.isError) {
    return (
      <Card role="alert" className="p-6 text-center">
        <p className="font-medium text-red-700">{PORTFOLIO_MESSAGES.fetchEditorFailed}</p>
        <Link to="/admin/dashboard/all-editors" className={`${buttonClass('secondary')} mt-4`}>
          Back to All Editors
        </Link>
      </Card>
    );
  }

  const { _id, username, email, portfolio, photoUrl, verified } = editor.data;
  const pendingCount = Object.values(pending).reduce((n, files) => n + (files?.length ?? 0), 0);

  return (
    <div className="space-y-6">
      <div>
        <Link
          to="/admin/dashboard/all-editors"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900"
        >
          <ArrowLeft className="size-4" aria-hidden /> All Editors
        </Link>
        <div className="mt-2">
          <RenameEditor key={username} editorId={_id} username={username} />
          <p className="text-sm text-slate-500">
            {email ? `${email} · ` : ''}
            <Link to={`/portfolio/${_id}`} className="font-medium text-brand-700 hover:underline">
              View public portfolio
            </Link>
          </p>
        </div>
      </div>

      <Card className="flex flex-col gap-6 p-4 sm:p-5 md:flex-row md:items-start md:justify-between">
        <AdminEditorPhoto key={_id} editorId={_id} username={username} photoUrl={photoUrl} />
        <div className="min-w-0 md:max-w-sm">
          <h2 className="text-base font-semibold text-slate-900">Trust badge</h2>
          <div className="mt-3">
            <VerifiedSwitch editorId={_id} verified={verified ?? false} />
          </div>
        </div>
      </Card>

      {portfolio.tiers.length === 0 ? (
        <div
          role="alert"
          className="flex gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-5 text-amber-900"
        >
          <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden />
          <div>
            <p className="font-medium">{PORTFOLIO_MESSAGES.noTiers}</p>
            <Link
              to={`/admin/dashboard/edit-structure/${_id}`}
              className={`${buttonClass('secondary', 'sm')} mt-3`}
            >
              Edit Structure
            </Link>
          </div>
        </div>
      ) : (
        <>
          <p className="text-sm text-slate-500">{MEDIA_METADATA_NOTE}</p>
          {portfolio.tiers.map((tier) => (
            <TierSamples
              key={tier.title}
              tier={tier}
              editorName={username}
              pending={pending[tier.title] ?? []}
              onPendingChange={(next) => setPending((p) => ({ ...p, [tier.title]: next }))}
              onDeleteSample={(sampleId, sampleUrl) =>
                remove.mutate({ sampleId, sampleUrl, tier: tier.title })
              }
              deletingId={deletingId}
              disabled={upload.isPending}
            />
          ))}
          <div className="flex flex-wrap items-center justify-end gap-3">
            <p className="text-sm text-slate-500">
              {pendingCount
                ? `${pendingCount} new file${pendingCount === 1 ? '' : 's'} ready`
                : 'Choose files above'}
            </p>
            <Button onClick={() => upload.mutate()} disabled={pendingCount === 0 || upload.isPending}>
              <Upload className="size-4" aria-hidden /> Upload New Samples
            </Button>
          </div>
        </>
      )}
      {progress !== null && <UploadOverlay fraction={progress} />}
    </div>
  );
}
