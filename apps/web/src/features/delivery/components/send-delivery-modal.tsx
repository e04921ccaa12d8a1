import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { CONTACT_DETAILS_BLOCKED_MESSAGE, findContactDetails } from '@cutroom/contracts/contact-details';
import { DELIVERY_MESSAGES, DELIVERY_NOTE_MAX, DELIVERY_TEXTS } from '@cutroom/contracts/delivery';
import { wholePercent } from '@cutroom/contracts/money';
import { ProgressBar } from '../../../components/ui/progress';
import { DELIVERY_MAX_BYTES_DEFAULT, ORDER_FILE_MESSAGES } from '@cutroom/contracts/order-files';
import { VIDEO_MAX_BYTES } from '@cutroom/contracts/limits';
import {
  MEDIA_METADATA_NOTE,
  mediaKindOf,
  oversizedFileNames,
  sizeLimitMessage,
} from '@cutroom/contracts/portfolio';
import { formatRupees } from '@cutroom/contracts/price';
import { Button } from '../../../components/ui/button';
import { Field, Textarea } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api';
import { reportRefusal } from '../../../lib/report-refusal';
import { cn } from '../../../lib/cn';
import { uploadOrderFile } from '../../files';
import { invalidateRoomOrders, useRoomOrderList } from '../../orders';
import { sendDelivery } from '../api/send-delivery';
import { useStoreDelivery } from '../hooks/use-deliveries';

/** Said once a large video has arrived: the server checks it before it shows as a delivery. */
export const LARGE_DELIVERY_SENT = 'Uploaded. The delivery appears in the chat once the file is checked.';

/** Said when the editor has nothing to deliver against. */
export const NO_DELIVERABLE_ORDER = 'Deliveries belong to an accepted order: send an offer first.';

/**
 * 'Send delivery' for the room's editor: a video or image (the sample rules), a note, and the order it is
 * for (one in progress or with changes requested). `orderId` preselects one, e.g. from its order card.
 */
export function SendDeliveryModal(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  roomId: string;
  orderId?: string;
}) {
  const { open, onOpenChange, roomId } = props;
  const queryClient = useQueryClient();
  const store = useStoreDelivery(roomId);
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState('');
  const [pickedOrder, setPickedOrder] = useState<string | null>(props.orderId ?? null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  // The orders a delivery can be for: the server lists 'deliver' among their actions for the editor.
  const orders = useRoomOrderList(roomId);
  const deliverable = (orders.data?.data ?? []).filter((o) => o.actions.includes('deliver'));
  // The preselected (or first) deliverable order until the editor picks another.
  const chosen = deliverable.find((o) => o._id === pickedOrder)?._id ?? deliverable[0]?._id ?? null;

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
    // A video too large to send in one request goes through a resumable upload instead (up to 10 GB).
    const resumable = mediaKindOf(picked.type) === 'video' && picked.size > VIDEO_MAX_BYTES;
    if (resumable && picked.size > DELIVERY_MAX_BYTES_DEFAULT) {
      toast.error(ORDER_FILE_MESSAGES.deliveryTooLarge(DELIVERY_MAX_BYTES_DEFAULT));
      return clear();
    }
    const oversized = resumable ? [] : oversizedFileNames([picked]);
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
    if (findContactDetails(note)) {
      reportRefusal({ place: 'delivery_note', text: note, roomId });
      return setError(CONTACT_DETAILS_BLOCKED_MESSAGE);
    }
    abort.current = new AbortController();
    setProgress(0);
    if (file.size > VIDEO_MAX_BYTES) return sendResumable(file, chosen, abort.current.signal);
    const form = new FormData();
    form.append('note', note.trim());
    form.append('orderId', chosen);
    form.append('file', file, file.name);
    try {
      const delivery = await sendDelivery(roomId, form, setProgress, abort.current.signal);
      store(delivery);
      // The order moves to 'delivered'.
      invalidateRoomOrders(queryClient, roomId);
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

  /**
   * A large video: sent in resumable chunks (a dropped network is ridden out; the same file chosen again
   * continues where it stopped). The delivery appears in the chat once the server has checked the file.
   */
  const sendResumable = async (picked: File, orderId: string, signal: AbortSignal) => {
    try {
      await uploadOrderFile({
        file: picked,
        orderId,
        kind: 'delivery',
        note: note.trim(),
        onProgress: setProgress,
        signal,
      });
      invalidateRoomOrders(queryClient, roomId);
      toast.success(LARGE_DELIVERY_SENT);
      onOpenChange(false);
    } catch (err) {
      if (signal.aborted) return;
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
          <p className="text-xs text-slate-500">
            Images up to 10 MB, videos up to 10 GB (over 100 MB they are sent in resumable parts).
          </p>
          <p className="text-xs text-slate-500">{MEDIA_METADATA_NOTE}</p>
        </div>

        <fieldset className="space-y-1.5" disabled={sending}>
          <legend className="text-sm font-medium text-slate-700">Order</legend>
          {orders.isPending ? (
            <p className="text-sm text-slate-500" role="status">
              Loading orders...
            </p>
          ) : orders.isError && !orders.data ? (
            <p role="alert" className="text-sm text-red-600">
              The orders of this chat could not be loaded.{' '}
              <button type="button" className="font-semibold underline" onClick={() => orders.refetch()}>
                Try Again
              </button>
            </p>
          ) : deliverable.length === 0 ? (
            <p role="alert" className="text-sm text-amber-800">
              {NO_DELIVERABLE_ORDER}
            </p>
          ) : (
            <div className="grid gap-2">
              {deliverable.map((o) => (
                <label
                  key={o._id}
                  className={cn(
                    'flex cursor-pointer items-start gap-3 rounded-xl px-3 py-2 text-sm ring-1 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-400',
                    chosen === o._id
                      ? 'bg-brand-50 ring-brand-500'
                      : 'bg-white ring-slate-300 hover:bg-slate-50',
                  )}
                >
                  <input
                    type="radio"
                    name="orderId"
                    value={o._id}
                    checked={chosen === o._id}
                    onChange={() => setPickedOrder(o._id)}
                    className="sr-only"
                  />
                  {/* The radio itself is hidden; this dot shows which order is chosen, even when there is one. */}
                  <span
                    aria-hidden
                    className={cn(
                      'mt-1 flex size-4 shrink-0 items-center justify-center rounded-full border-2 bg-white',
                      chosen === o._id ? 'border-brand-600' : 'border-slate-400',
                    )}
                  >
                    {chosen === o._id && <span className="size-2 rounded-full bg-brand-600" />}
                  </span>
                  <span className="flex min-w-0 flex-col">
                    <span className="min-w-0 font-semibold break-words text-slate-900">
                      <span className="font-mono text-xs text-slate-500">{o.reference}</span> {o.title}
                    </span>
                    <span className="text-xs text-slate-500">
                      {formatRupees(o.amount)} · {o.revisionsLeft} of {o.revisionsIncluded} revisions left
                      {o.status === 'changes_requested' ? ' · changes requested' : ''}
                    </span>
                  </span>
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
          <ProgressBar
            value={progress}
            label="Upload progress"
            caption={`Uploading ${wholePercent(progress)}%`}
          />
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
