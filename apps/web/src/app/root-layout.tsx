import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Toaster } from '../components/ui';
import { Footer } from '../components/layout/footer';
import { Navbar } from '../components/layout/navbar';

/** The footer is hidden on admin pages and on /chat (SPEC.md §2). */
export const showsFooter = (pathname: string) =>
  !(pathname === '/admin' || pathname.startsWith('/admin/')) && pathname !== '/chat';

export function RootLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <div className="flex min-h-screen flex-col">
      <Navbar />
      <main className="flex-1">
        <Outlet />
      </main>
      {showsFooter(pathname) && <Footer />}
      <Toaster />
    </div>
  );
}
