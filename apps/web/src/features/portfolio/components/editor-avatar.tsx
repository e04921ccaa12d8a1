import { useState } from 'react';
import { cn } from '../../../lib/cn';

/**
 * An editor's round photo, or their initial on the brand colour when there is none or it fails to load.
 * Decorative: the name is always written beside it.
 */
export function EditorAvatar({
  name,
  src,
  className,
}: {
  name: string;
  src: string | undefined;
  /** Size and text size, e.g. 'size-12 text-lg'. */
  className: string;
}) {
  // Remembers which address failed, so a new photo (another editor, a re-upload) is tried again.
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) {
    return (
      <img
        src={src}
        alt=""
        loading="lazy"
        decoding="async"
        onError={() => setFailed(src)}
        className={cn('shrink-0 rounded-full bg-slate-100 object-cover', className)}
      />
    );
  }
  return (
    <span
      aria-hidden
      data-testid="avatar-initial"
      className={cn(
        'grid shrink-0 place-items-center rounded-full bg-brand-600 font-bold text-white',
        className,
      )}
    >
      {name.charAt(0).toUpperCase()}
    </span>
  );
}
