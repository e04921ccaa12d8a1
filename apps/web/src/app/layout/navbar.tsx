import { useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { Menu, MessageSquare, UserCircle2, X } from 'lucide-react';
import { useSession } from '../../lib/auth/session';
import { CountBadge, NotificationBell, useNotificationSummary } from '../../features/notifications';
import { cn } from '../../lib/cn';
import { buttonClass } from '../../components/ui';

const links = [
  { to: '/', label: 'Home', end: true },
  { to: '/portfolio', label: 'Portfolio' },
  { to: '/about', label: 'About Us' },
  { to: '/contact', label: 'Contact Us' },
  { to: '/cutroom-perks', label: 'Perks' },
];

export function Navbar() {
  const { user, loading, signOut } = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const summary = useNotificationSummary(Boolean(user));
  // The Chat button's own figure; the tab title shows the bell's (the bell sets it).
  const unreadMessages = user ? (summary.data?.unreadMessages ?? 0) : 0;

  const logout = async () => {
    await signOut();
    navigate('/');
  };

  const account = loading ? null : !user ? (
    <>
      <Link to="/login" className={buttonClass('ghost', 'sm')}>
        Login
      </Link>
      <Link to="/register" className={buttonClass('primary', 'sm')}>
        Register
      </Link>
    </>
  ) : (
    <>
      {user.role !== 'admin' && (
        <Link to="/chat" className={buttonClass('secondary', 'sm')}>
          <MessageSquare className="size-4" aria-hidden /> Chat
          <CountBadge count={unreadMessages} label="unread messages" testId="chat-unread-count" />
        </Link>
      )}
      <Link
        to={user.role === 'admin' ? '/admin/dashboard' : '/profile'}
        aria-label={user.role === 'admin' ? 'Admin dashboard' : 'Profile'}
        title={user.username}
        className="rounded-full p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      >
        <UserCircle2 className="size-7" />
      </Link>
      <button onClick={logout} className={buttonClass('ghost', 'sm')}>
        Logout
      </button>
    </>
  );

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
      <nav
        className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6"
        aria-label="Main"
      >
        <Link
          to="/"
          className="flex items-center gap-2 rounded-lg text-lg font-extrabold tracking-tight text-slate-900"
        >
          {/* Drawn inline (the favicon's shapes): an <img> was one more request before the first paint. */}
          <svg viewBox="0 0 32 32" className="size-7" aria-hidden>
            <rect width="32" height="32" rx="8" fill="#4f46e5" />
            <path d="M9 10l14 6-14 6z" fill="#fff" />
          </svg>{' '}
          Cutroom
        </Link>
        <div className="hidden items-center gap-1 md:flex">
          {links.map((l) => (
            <NavLink
              key={l.to}
              to={l.to}
              end={l.end}
              className={({ isActive }) =>
                cn(
                  'rounded-lg px-3 py-2 text-sm font-medium',
                  isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:text-slate-900',
                )
              }
            >
              {l.label}
            </NavLink>
          ))}
        </div>
        {/* One bell at every width (it also runs the tab's live notifications): beside the menu button on a
            phone, so the count shows without opening the menu. */}
        <div className="flex items-center gap-2">
          {user && !loading && <NotificationBell user={user} />}
          <div className="hidden items-center gap-2 md:flex">{account}</div>
          <button
            className="relative rounded-lg p-2 md:hidden"
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
            onClick={() => setOpen(!open)}
          >
            {open ? <X className="size-6" aria-hidden /> : <Menu className="size-6" aria-hidden />}
            {/* The Chat button's figure lives in the menu: a dot says there is something behind it. */}
            {!open && unreadMessages > 0 && (
              <span
                aria-hidden
                className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-red-600 ring-2 ring-white"
                data-testid="menu-unread-dot"
              />
            )}
          </button>
        </div>
      </nav>
      {open && (
        <div
          className="border-t border-slate-200 bg-white px-4 py-3 md:hidden"
          onClick={() => setOpen(false)}
        >
          <div className="flex flex-col gap-1">
            {links.map((l) => (
              <NavLink
                key={l.to}
                to={l.to}
                end={l.end}
                className="rounded-lg px-3 py-2 text-sm font-medium text-slate-700"
              >
                {l.label}
              </NavLink>
            ))}
          </div>
          <div className="mt-3 flex flex-wrap items-center gap-2">{account}</div>
        </div>
      )}
    </header>
  );
}
