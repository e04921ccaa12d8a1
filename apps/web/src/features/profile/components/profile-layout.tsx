import { Link, NavLink, Navigate, Outlet, useLocation } from 'react-router';
import { Bell, ClipboardList, History, LifeBuoy, Wallet, type LucideIcon } from 'lucide-react';
import { PAYMENT_MESSAGES } from '@cutroom/contracts/payments';
import { buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { withNext } from '../../../lib/auth/next-path';
import { useSession } from '../../../lib/auth/session';

/**
 * SPEC.md §2 names only 'Payment History'; Orders, Earnings, Notifications and Support Tickets came later and follow it so
 * /profile is unchanged. `roles` limits an entry to some members (Earnings is the editors' own).
 */
const PROFILE_MENU: { to: string; label: string; icon: LucideIcon; roles?: ('creator' | 'editor')[] }[] = [
  { to: '/profile', label: 'Payment History', icon: History },
  { to: '/profile/orders', label: 'Orders', icon: ClipboardList },
  { to: '/profile/earnings', label: 'Earnings', icon: Wallet, roles: ['editor'] },
  { to: '/profile/notifications', label: 'Notifications', icon: Bell },
  { to: '/profile/support-tickets', label: 'Support Tickets', icon: LifeBuoy },
];

/** /profile and its sections: creators and editors only, with the left menu. */
export default function ProfileLayout() {
  const { user, loading } = useSession();
  const location = useLocation();
  if (loading) return <Spinner label="Loading your session..." />;
  if (!user) {
    return (
      <div className="mx-auto max-w-md px-4 py-16 text-center">
        <p className="text-lg font-semibold text-slate-900">{PAYMENT_MESSAGES.loginForProfile}</p>
        {/* SPEC's message stays; the login brings the visitor back to the section they opened. */}
        <Link
          to={withNext('/login', `${location.pathname}${location.search}`)}
          className={`${buttonClass('primary')} mt-6`}
        >
          Login
        </Link>
      </div>
    );
  }
  if (user.role === 'admin') return <Navigate to="/" replace />;
  const role = user.role;
  const menu = PROFILE_MENU.filter((item) => !item.roles || item.roles.includes(role));

  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-8 sm:px-6 md:grid-cols-[14rem_minmax(0,1fr)] md:py-12">
      <aside>
        <Card className="p-4">
          <p className="truncate px-2 text-sm font-semibold text-slate-900" title={user.username}>
            {user.username}
          </p>
          <p className="px-2 text-xs text-slate-500 capitalize">{user.role}</p>
          <nav aria-label="Profile" className="mt-4">
            <ul className="space-y-0.5">
              {menu.map(({ to, label, icon: Icon }) => (
                <li key={to}>
                  {/* NavLink sets aria-current="page" on the section shown. */}
                  <NavLink
                    to={to}
                    end
                    className={({ isActive }) =>
                      cn(
                        'flex items-center gap-2 rounded-lg px-3 py-2 text-sm focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
                        isActive
                          ? 'bg-brand-50 font-semibold text-brand-700'
                          : 'font-medium text-slate-600 hover:bg-slate-50 hover:text-slate-900',
                      )
                    }
                  >
                    <Icon className="size-4" aria-hidden /> {label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </Card>
      </aside>
      <Outlet context={user.role} />
    </div>
  );
}
