import { useState } from 'react';

/** Wide enough for the room's panels to sit open above the messages without crowding them. */
const WIDE = '(min-width: 768px)';

const isWide = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(WIDE).matches;

/**
 * Open or folded, for a panel above the messages (orders, deliveries). Until the member chooses, it is open
 * on wide screens, and on a phone once something in it has waited for them: the conversation keeps the
 * room otherwise. Once open it stays open until the member folds it, so the card they just acted on (an
 * offer accepted, changes requested) does not vanish under their finger.
 */
export function usePanelOpen(needsAttention: boolean): [boolean, () => void] {
  const [wide] = useState(isWide);
  const [choice, setChoice] = useState<boolean | null>(null);
  const [shown, setShown] = useState(false);
  const auto = wide || needsAttention;
  // Remembered during render (React's pattern for state derived from a change), not in an effect.
  if (auto && !shown) setShown(true);
  const open = choice ?? (auto || shown);
  return [open, () => setChoice(!open)];
}
