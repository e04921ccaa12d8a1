import { useEffect } from 'react';

const PREFIX = /^\(\d+\) /;

/**
 * "(N) " in front of the tab's title while N things are unread, so a person in another tab sees them.
 * Whatever title the page has (index.html's today, a page's own later) keeps its words: the figure is put
 * in front of it, put back if the page sets a new title, and taken away again at 0 or on sign-out.
 */
export function useUnreadTitle(count: number): void {
  useEffect(() => {
    if (count <= 0) return;
    const apply = () => {
      const next = `(${count}) ${document.title.replace(PREFIX, '')}`;
      // Writing only on a change: the observer below hears our own writes too.
      if (document.title !== next) document.title = next;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = document.title.replace(PREFIX, '');
    };
  }, [count]);
}
