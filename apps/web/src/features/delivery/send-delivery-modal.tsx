import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from 'sonner';
import { CONTACT_DETAILS_BLOCKED_MESSAGE, findContactDetails } from '@cutroom/contracts/contact-details';
import { DELIVERY_MESSAGES, DELIVERY_NOTE_MAX, DELIVERY_TEXTS } from '@cutroom/contracts/delivery';
import {
  mediaKindOf,
  oversizedFileNames,
  sizeLimitMessage,
  type TierTitle,
} from '@cutroom/contracts/portfolio';
import { formatTierPrice } from '@cutroom/contracts/price';
import { Button } from '../../components/ui/button';
import { Field, Textarea } from '../../components/ui/input';
import { Modal } from '../../components/ui/modal';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useEditor } from '../portfolio/hooks';
import { sendDelivery } from './api';
import { useStoreDelivery } from './use-deliveries';

const tierLabel = (t: TierTitle) => t.charAt(0).toUpperCase() + t.slice(1);

/** 'Send delivery' for the room's editor: a video or image (the sample rules), a note and the tier. */
export function SendDeliveryModal(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  roomId: string;
  editorId: string;
}) {
  const { open, onOpenChange, roomId } = props;
  const store = useStoreDelivery(roomId);
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState('');
  const [tier, setTier] = useState<TierTitle | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  // The tiers the editor offers (an admin sets them up); the creator pays the chosen tier's price.
  const editor = useEditor(props.editorId);
  const tiers = editor.data?.portfolio?.tiers ?? [];

  // The first tier until the editor picks another.
  const chosen = tier ?? tiers[0]?.title ?? null;

  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    const picked = e.target.files?.[0] ?? null;
    const clear = () => {
      e.target.value = '';
      setFile(null);
    };
    setError(null);
    if (!picked) return clear();
    if (!mediaKindOf(picked.type)) {
      toast.error(DELIVERY_MESSAGES.wrongType);
      return clear();
    }
    const oversized = oversizedFileNames([picked]);
    if (oversized.length) {
      toast.error(sizeLimitMessage(oversized));
      return clear();
    }
    setFile(picked);
  };

  const sending = progress !== null;
  /** Closing while the file is on its way cancels the upload. */
  const close = () => {
    abort.current?.abort();
    onOpenChange(false);
  };
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return setError(DELIVERY_MESSAGES.noFile);
    if (!chosen) return;
    // The chat's rule holds for notes too (the server checks it again).
    if (findContactDetails(note)) return setError(CONTACT_DETAILS_BLOCKED_MESSAGE);
    const form = new FormData();
    form.append('note', note.trim());
    form.append('tier', chosen);
    form.append('file', file, file.name);
    abort.current = new AbortController();
    setProgress(0);
    try {
      const delivery = await sendDelivery(roomId, form, setProgress, abort.current.signal);
      store(delivery);
      toast.success(DELIVERY_TEXTS.sent);
      onOpenChange(false);
    } catch (err) {
      // Cancelled by the editor: nothing to report.
      if (abort.current?.signal.aborted) return;
      const message = errorMessage(err, 'The delivery could not be sent. Please try again.');
      setError(message);
      toast.error(message);
      setProgress(null);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={DELIVERY_TEXTS.send}
      description="The creator sees a watermarked preview; the original is released after payment."
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Delivery">
        <div className="space-y-1.5">
          <label htmlFor={fileId} className="block text-sm font-medium text-slate-700">
            Video or image
          </label>
          <input
            id={fileId}
            type="file"
            accept="image/*,video/*"
            onChange={onPick}
            disabled={sending}
            className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
          />
          <p className="text-xs text-slate-500">Images up to 10 MB, videos up to 100 MB.</p>
        </div>

        <fieldset className="space-y-1.5" disabled={sending}>
          <legend className="text-sm font-medium text-slate-700">Tier</legend>
          {editor.isPending ? (
            <p className="text-sm text-slate-500">Loading your tiers...</p>
          ) : editor.isError ? (
            <p role="alert" className="text-sm text-red-600">
              Your tiers could not be loaded.{' '}
              <button type="button" className="font-semibold underline" onClick={() => editor.refetch()}>
                Try Again
              </button>
            </p>
          ) : tiers.length === 0 ? (
            <p role="alert" className="text-sm text-amber-800">
              Your portfolio has no tiers yet. An admin sets them up before you can deliver.
            </p>
          ) : (
            <div className="flex flex-wrap gap-2">
              {tiers.map((t) => (
                <label
                  key={t.title}
                  className={cn(
                    'flex cursor-pointer flex-col rounded-xl px-3 py-2 text-sm ring-1 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-400',
                    chosen === t.title
                      ? 'bg-brand-50 ring-brand-500'
                      : 'bg-white ring-slate-300 hover:bg-slate-50',
                  )}
                >
                  <input
                    type="radio"
                    name="tier"
                    value={t.title}
                    checked={chosen === t.title}
                    onChange={() => setTier(t.title)}
                    className="sr-only"
                  />
                  <span className="font-semibold text-slate-900">{tierLabel(t.title)}</span>
                  <span className="text-xs text-slate-500">{formatTierPrice(t.pricing)}</span>
                </label>
              ))}
            </div>
          )}
        </fieldset>

        <Field label="Note for the creator (optional)">
          {(id) => (
            <Textarea
              id={id}
              rows={3}
              maxLength={DELIVERY_NOTE_MAX}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              disabled={sending}
              placeholder="What changed, what to look at"
            />
          )}
        </Field>

        {sending && (
          <div className="space-y-1" aria-live="polite">
            <div
              role="progressbar"
              aria-label="Upload progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(progress * 100)}
              className="h-2 overflow-hidden rounded-full bg-slate-200"
            >
              <div
                className="h-full rounded-full bg-brand-600 transition-[width]"
                style={{ width: `${Math.round(progress * 100)}%` }}
              />
            </div>
            <p className="text-xs text-slate-500">Uploading {Math.round(progress * 100)}%</p>
          </div>
        )}
        {error && (
          <p role="alert" className="text-sm font-medium text-red-600">
            {error}
          </p>
        )}

        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={sending || !chosen || !file} aria-busy={sending}>
            {sending ? DELIVERY_TEXTS.sending : DELIVERY_TEXTS.send}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
