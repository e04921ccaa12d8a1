import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { FileImage, FileVideo, Trash2, X } from 'lucide-react';
import { toast } from 'sonner';
import {
  PORTFOLIO_MESSAGES,
  mediaKindOf,
  oversizedFileNames,
  sizeLimitMessage,
  type Tier,
} from '@cutroom/contracts/portfolio';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SampleThumb, SampleVideo } from '../components/sample-media';
import { tierLabel } from '../utils/tier-label';
import { TagInput } from './tag-input';

export interface PendingFile {
  id: string;
  file: File;
  tags: string[];
}

const size = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** A local preview of an image about to be uploaded (the object URL is released with the row). */
function LocalPreview({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file.type.startsWith('image/')) return;
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  if (url)
    return <img src={url} alt={`Preview of ${file.name}`} className="size-14 rounded-lg object-cover" />;
  const Icon = file.type.startsWith('video/') ? FileVideo : FileImage;
  return (
    <span className="grid size-14 place-items-center rounded-lg bg-slate-100 text-slate-500">
      <Icon className="size-6" aria-hidden />
    </span>
  );
}

/** One tier on edit-editor: its samples (with delete), a file picker and the new files with their tags. */
export function TierSamples(props: {
  tier: Tier;
  editorName: string;
  pending: PendingFile[];
  onPendingChange: (next: PendingFile[]) => void;
  onDeleteSample: (sampleId: string, sampleUrl: string) => void;
  deletingId: string | null;
  disabled: boolean;
}) {
  const { tier } = props;
  const inputId = useId();

  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.target;
    const files = Array.from(input.files ?? []);
    const clear = () => {
      input.value = '';
    };
    const wrong = files.filter((f) => !mediaKindOf(f.type));
    if (wrong.length) {
      toast.error(`${PORTFOLIO_MESSAGES.wrongType}: ${wrong.map((f) => f.name).join(', ')}`);
      return clear();
    }
    const oversized = oversizedFileNames(files);
    if (oversized.length) {
      toast.error(sizeLimitMessage(oversized));
      return clear();
    }
    props.onPendingChange([
      ...props.pending,
      ...files.map((file) => ({ id: `${file.name}-${file.size}-${crypto.randomUUID()}`, file, tags: [] })),
    ]);
    clear();
  };

  return (
    <Card className="p-5 sm:p-6" aria-label={`${tierLabel(tier.title)} tier samples`} role="region">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-bold text-slate-900">{tierLabel(tier.title)}</h2>
        <div>
          <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
            Add {tierLabel(tier.title)} samples
          </label>
          <input
            id={inputId}
            type="file"
            multiple
            accept="image/*,video/*"
            onChange={onPick}
            disabled={props.disabled}
            className="mt-1 block w-full text-sm text-slate-600 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
          />
        </div>
      </div>

      {tier.samples.length === 0 ? (
        <p className="mt-4 text-sm text-slate-500">No samples in this tier yet.</p>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {tier.samples.map((sample) => (
            <li key={sample._id} className="overflow-hidden rounded-xl border border-slate-200">
              {sample.type.startsWith('video') ? (
                <SampleVideo sample={sample} editorName={props.editorName} className="aspect-video w-full" />
              ) : (
                <SampleThumb sample={sample} editorName={props.editorName} className="aspect-video w-full" />
              )}
              <div className="flex items-start justify-between gap-2 p-3">
                <div className="flex flex-wrap gap-1">
                  {sample.tags.length ? (
                    sample.tags.map((t) => <Badge key={t}>{t}</Badge>)
                  ) : (
                    <span className="text-xs text-slate-400">No tags</span>
                  )}
                </div>
                <Button
                  variant="danger"
                  size="sm"
                  aria-label={`Delete sample ${sample.tags.join(', ') || sample._id}`}
                  onClick={() => props.onDeleteSample(sample._id, sample.url)}
                  disabled={props.disabled || props.deletingId === sample._id}
                >
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      {props.pending.length > 0 && (
        <div className="mt-5 border-t border-slate-100 pt-4">
          <h3 className="text-sm font-semibold text-slate-900">New files</h3>
          <ul className="mt-3 space-y-3">
            {props.pending.map((p) => (
              <li
                key={p.id}
                className="flex flex-col gap-3 rounded-xl bg-slate-50 p-3 sm:flex-row sm:items-center"
              >
                <div className="flex min-w-0 items-center gap-3 sm:w-64">
                  <LocalPreview file={p.file} />
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium text-slate-800">{p.file.name}</p>
                    <p className="text-xs text-slate-500">{size(p.file.size)}</p>
                  </div>
                </div>
                <div className="flex-1">
                  <TagInput
                    label={`Tags for ${p.file.name}`}
                    tags={p.tags}
                    onChange={(tags) =>
                      props.onPendingChange(props.pending.map((q) => (q.id === p.id ? { ...q, tags } : q)))
                    }
                  />
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${p.file.name}`}
                  onClick={() => props.onPendingChange(props.pending.filter((q) => q.id !== p.id))}
                  disabled={props.disabled}
                >
                  <X className="size-4" aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}
