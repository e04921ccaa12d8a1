import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ImageUp, Loader2, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { IMAGE_MAX_BYTES } from '@cutroom/contracts/limits';
import { REVIEW_MESSAGES } from '@cutroom/contracts/reviews';
import { errorMessage } from '../lib/api';
import { cn } from '../lib/cn';
import { Button, buttonClass } from './ui/button';

/** What the server takes for a profile photo (it checks the bytes too). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
const MB = 1024 * 1024;
const maxMb = Math.round(IMAGE_MAX_BYTES / MB);

export const PHOTO_TEXTS = {
  upload: 'Upload photo',
  remove: 'Remove photo',
  hint: `JPEG, PNG or WebP, up to ${maxMb} MB. It is cropped to a square.`,
  wrongType: REVIEW_MESSAGES.photoWrongType,
  tooLarge: (bytes: number) =>
    `The photo must be ${maxMb} MB or smaller; this one is ${(bytes / MB).toFixed(1)} MB.`,
  uploadFailed: 'The photo could not be uploaded. Please try again.',
  removeFailed: 'The photo could not be removed. Please try again.',
} as const;

/** Why a file cannot be the photo, or null when it may be sent. */
export function photoProblem(file: File): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return PHOTO_TEXTS.wrongType;
  if (file.size > IMAGE_MAX_BYTES) return PHOTO_TEXTS.tooLarge(file.size);
  return null;
}

export interface PhotoUrls {
  photoUrl: string;
  photoThumbUrl: string;
}

/**
 * An editor's profile photo: the current one (or the initial-letter avatar the catalogue shows without
 * one), 'Upload photo' and 'Remove photo'. The same panel serves the admin (any editor) and the editor
 * (their own); the caller hands in the calls. Type and size are checked before anything is sent.
 */
export function EditorPhotoPanel(props: {
  /** The editor's name: the avatar's letter and the photo's alternative text. */
  name: string;
  photoUrl?: string | null;
  upload: (photo: File) => Promise<{ message: string; data: PhotoUrls }>;
  remove: () => Promise<{ message: string }>;
  /** After a change the server accepted: refresh what shows the photo elsewhere. */
  onChanged?: (photo: PhotoUrls | null) => void;
  title?: string;
  className?: string;
}) {
  const { name, upload, remove, onChanged } = props;
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [photo, setPhoto] = useState<string | null>(props.photoUrl ?? null);
  const [problem, setProblem] = useState<string | null>(null);
  // A newer photo from the caller (a refetch) wins over what this panel last saw.
  useEffect(() => setPhoto(props.photoUrl ?? null), [props.photoUrl]);

  const send = useMutation({
    mutationFn: upload,
    onSuccess: (reply) => {
      setPhoto(reply.data.photoUrl);
      toast.success(reply.message);
      onChanged?.(reply.data);
    },
    onError: (err) => {
      const message = errorMessage(err, PHOTO_TEXTS.uploadFailed);
      setProblem(message);
      toast.error(message);
    },
  });
  const drop = useMutation({
    mutationFn: remove,
    onSuccess: (reply) => {
      setPhoto(null);
      toast.success(reply.message);
      onChanged?.(null);
      // 'Remove photo' has gone with the photo: the focus goes to the upload, the next likely step.
      input.current?.focus();
    },
    onError: (err) => {
      const message = errorMessage(err, PHOTO_TEXTS.removeFailed);
      setProblem(message);
      toast.error(message);
    },
  });
  const busy = send.isPending || drop.isPending;

  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (busy) return;
    // Cleared at once, so choosing the same file again (after fixing it) fires a change again.
    e.target.value = '';
    if (!file) return;
    const wrong = photoProblem(file);
    setProblem(wrong);
    if (wrong) return;
    send.mutate(file);
  };

  const initial = name.trim().charAt(0).toUpperCase() || '?';
  const hintId = `${id}-hint`;
  const problemId = `${id}-problem`;
  return (
    <section aria-labelledby={`${id}-title`} className={cn('min-w-0', props.className)}>
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        {props.title ?? 'Profile photo'}
      </h2>
      <div className="mt-3 flex flex-wrap items-center gap-4">
        <div className="relative size-24 shrink-0 overflow-hidden rounded-full bg-brand-50 ring-1 ring-slate-200">
          {photo ? (
            <img src={photo} alt={`Photo of ${name}`} className="size-full object-cover" />
          ) : (
            <span
              role="img"
              aria-label={`No photo yet: ${name}'s initial is shown`}
              className="grid size-full place-items-center text-3xl font-bold text-brand-700"
            >
              {initial}
            </span>
          )}
          {busy && (
            <span className="absolute inset-0 grid place-items-center bg-white/70" aria-hidden>
              <Loader2 className="size-6 animate-spin text-brand-600" />
            </span>
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          <div className="flex flex-wrap gap-2">
            {/* A real file input under a button-like label: keyboard, screen readers and tests reach it. */}
            <label
              className={cn(
                buttonClass('secondary', 'sm'),
                'cursor-pointer has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600',
                busy && 'pointer-events-none opacity-60',
              )}
            >
              <input
                ref={input}
                type="file"
                accept={PHOTO_TYPES.join(',')}
                className="sr-only"
                onChange={choose}
                // Not disabled while busy: that would drop the keyboard focus; a choice then is ignored.
                aria-disabled={busy || undefined}
                aria-describedby={cn(hintId, problem && problemId)}
                aria-invalid={problem ? true : undefined}
              />
              <ImageUp className="size-4" aria-hidden />
              {send.isPending ? 'Uploading...' : PHOTO_TEXTS.upload}
            </label>
            {photo && (
              <Button variant="ghost" size="sm" onClick={() => drop.mutate()} disabled={busy}>
                <Trash2 className="size-4" aria-hidden />
                {drop.isPending ? 'Removing...' : PHOTO_TEXTS.remove}
              </Button>
            )}
          </div>
          <p id={hintId} className="text-xs text-slate-500">
            {PHOTO_TEXTS.hint}
          </p>
          {problem && (
            <p id={problemId} role="alert" className="text-sm font-medium text-red-600">
              {problem}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
