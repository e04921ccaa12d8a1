import { useEffect, useLayoutEffect, useRef, useState, type UIEvent } from 'react';
import type { ChatMessage } from '@cutroom/contracts/chat';
import type { Viewer } from '../components/message-items';

/** Within this many pixels of the end the reader counts as at the newest line. */
const AT_BOTTOM_PX = 80;

/** Messages after `seenUpTo` that someone else wrote: what a reader scrolled up has not seen yet. */
function countUnseen(messages: ChatMessage[], seenUpTo: string | undefined, viewer: Viewer): number {
  const from = seenUpTo ? messages.findIndex((m) => m._id === seenUpTo) : -1;
  if (seenUpTo && from < 0) return 0;
  return messages.slice(from + 1).filter((m) => !(viewer.kind === 'member' && m.sender?._id === viewer.id))
    .length;
}

/**
 * The message log's scrolling. It opens at the newest line and stays there while the reader is at the
 * bottom: on new messages (own or incoming; `waiting` counts the viewer's own on their way) and when its
 * box changes size (the panels above it loading or folding). A reader who scrolled up keeps their place:
 * `unseen` counts what came since, for a button that jumps down (`toNewest`). Loading older messages keeps
 * the place too. `scroller` goes on the scrolling box (with `onScroll`), `content` on what it holds.
 */
export function useStickToNewest(messages: ChatMessage[], waiting: number, viewer: Viewer) {
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const firstId = useRef<string | undefined>(undefined);
  const heightBefore = useRef(0);
  // The same as atBottom, for drawing: the jump button shows only while the reader is away.
  const [pinned, setPinned] = useState(true);
  // The newest message when the reader left the bottom: what came after it is new to them.
  const [seenUpTo, setSeenUpTo] = useState<string | undefined>(undefined);

  const lastId = messages.at(-1)?._id;
  const lastKey = `${lastId}:${waiting}`;
  const unseen = pinned ? 0 : countUnseen(messages, seenUpTo, viewer);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const olderLoaded = firstId.current !== undefined && messages[0]?._id !== firstId.current;
    if (olderLoaded && !atBottom.current) {
      el.scrollTop += el.scrollHeight - heightBefore.current;
    } else if (atBottom.current || waiting > 0) {
      // Sending brings the reader to their own message wherever they were.
      el.scrollTop = el.scrollHeight;
      atBottom.current = true;
    }
    firstId.current = messages[0]?._id;
    heightBefore.current = el.scrollHeight;
  }, [lastKey, messages, waiting]);

  // The box shrinks when the panels above it load or open, and lines grow (a card drawn late): a reader
  // at the bottom stays there. No scroll event tells of either.
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) el.scrollTop = el.scrollHeight;
      heightBefore.current = el.scrollHeight;
    });
    observer.observe(el);
    if (content.current) observer.observe(content.current);
    return () => observer.disconnect();
  }, []);

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    const bottom = el.scrollHeight - el.scrollTop - el.clientHeight < AT_BOTTOM_PX;
    atBottom.current = bottom;
    heightBefore.current = el.scrollHeight;
    if (bottom === pinned) return;
    setPinned(bottom);
    if (!bottom) setSeenUpTo(lastId);
  };

  const toNewest = () => {
    const el = scroller.current;
    if (!el) return;
    el.scrollTop = el.scrollHeight;
    atBottom.current = true;
    setPinned(true);
  };

  return { scroller, content, onScroll, unseen, toNewest };
}
