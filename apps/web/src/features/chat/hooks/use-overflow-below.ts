import { useEffect, useRef, useState } from 'react';

/**
 * Whether a scrolling box has content below what it shows (`below`), and whether it scrolls at all
 * (`overflows`): a sentinel at its end is watched against the box, so the answers follow scrolling,
 * resizing and content changes without scroll listeners.
 */
export function useOverflowBelow<T extends HTMLElement, S extends HTMLElement>() {
  const box = useRef<T>(null);
  const end = useRef<S>(null);
  const [below, setBelow] = useState(false);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    if (!box.current || !end.current || typeof IntersectionObserver === 'undefined') return;
    const root = box.current;
    const observer = new IntersectionObserver(
      ([entry]) => {
        setBelow(!entry?.isIntersecting);
        setOverflows(root.scrollHeight > root.clientHeight);
      },
      { root },
    );
    observer.observe(end.current);
    return () => observer.disconnect();
  }, []);
  return { box, end, below, overflows };
}
