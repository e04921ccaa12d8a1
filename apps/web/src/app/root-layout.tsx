import { useEffect, useRef, type MouseEvent } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { Toaster } from '../components/ui';
import { Footer } from './layout/footer';
import { Navbar } from './layout/navbar';
import { fullTitle } from '../components/seo/page-meta';
import type { RouteHandle } from './route-handle';

/** The footer is hidden on admin pages and on /chat (SPEC.md §2). */
export const showsFooter = (pathname: string) =>
  !(pathname === '/admin' || pathname.startsWith('/admin/')) && pathname !== '/chat';

const MAIN_ID = 'main';

// Clipped away (still read by screen readers) until focused, then over the navbar's top-left corner (the
// header is z-30), tall enough to cover the logo. Moved off screen instead, it peeked out above the page in
// a scrolled full-page capture.
const skipLinkClass =
  'fixed top-2 left-2 z-50 rounded-lg bg-white px-4 py-3 text-sm font-semibold text-brand-700 shadow-lg ring-1 ring-slate-300 [clip-path:inset(50%)] focus:[clip-path:none]';

/** A signed-in screen's title from its route; public pages set theirs (and their meta) with PageMeta. */
function useRouteTitle() {
  const title = useMatches()
    .map((m) => (m.handle as RouteHandle | undefined)?.title)
    .filter(Boolean)
    .at(-1);
  useEffect(() => {
    if (title) document.title = fullTitle(title);
  }, [title]);
}

export function RootLayout() {
  const { pathname } = useLocation();
  useRouteTitle();
  // Says the app has taken the page over (a server-rendered page's links and buttons are then the app's):
  // browser tests wait for it before clicking, as monitoring may, and what serves only until then (the
  // portfolio filters' Apply button) hides on it.
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  const main = useRef<HTMLElement>(null);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  // The focus moves by hand rather than by following href="#main": a hash navigation would go through
  // the router (a new history entry, #main in the address) for what is only a focus move.
  const skipTo = (target: () => HTMLElement | null | undefined) => (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    const el = target();
    el?.focus();
    // A message box that is hidden (the phone's room list is open) or disabled does not take the focus.
    if (!el || document.activeElement !== el) main.current?.focus();
  };

  return (
    <div className="flex min-h-screen flex-col">
      <a href={`#${MAIN_ID}`} className={skipLinkClass} onClick={skipTo(() => main.current)}>
        Skip to main content
      </a>
      {/* On /chat the message box sits behind the room list and the order panel: one more link. */}
      {pathname === '/chat' && (
        <a
          href={`#${MAIN_ID}`}
          className={skipLinkClass}
          onClick={skipTo(() => main.current?.querySelector<HTMLElement>('textarea[aria-label="Message"]'))}
        >
          Skip to message box
        </a>
      )}
      <Navbar />
      {/* tabIndex -1: focusable by the skip link only, so the next Tab starts inside the page. It is not a
          control, so it draws no ring (the ! outranks the unlayered :focus-visible rule). */}
      <main id={MAIN_ID} ref={main} tabIndex={-1} className="flex-1 focus:outline-none!">
        <Outlet />
      </main>
      {showsFooter(pathname) && <Footer />}
      <Toaster />
    </div>
  );
}
