import { useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { ChevronDown, Menu } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { ProtectedRoute } from '../../../lib/auth/protected-route';
import { useSession } from '../../../lib/auth/session';
import { ADMIN_MENU, adminMenuPath, isAdminMenuItemActive } from '../utils/menu';

/** /admin/dashboard: admins only; a side menu on wide screens, a collapsible menu on a phone. */
export default function DashboardLayout() {
  return (
    <ProtectedRoute roles={['admin']}>
      <AdminShell />
    </ProtectedRoute>
  );
}

function AdminShell() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const current = ADMIN_MENU.find((item) => isAdminMenuItemActive(item, pathname));

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 lg:flex-row lg:py-10">
      <aside className="lg:w-64 lg:shrink-0">
        <div className="rounded-2xl border border-slate-200 bg-white shadow-sm lg:sticky lg:top-24">
          <div className="flex items-center justify-between gap-3 px-4 py-3 lg:border-b lg:border-slate-100">
            <div className="min-w-0">
              <p className="text-xs font-semibold tracking-wide text-brand-600 uppercase">Admin</p>
              <p className="truncate text-sm font-semibold text-slate-900" title={user?.username}>
                {user?.username}
              </p>
            </div>
            <button
              type="button"
              className="flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-200 lg:hidden"
              aria-expanded={open}
              aria-controls="admin-menu"
              onClick={() => setOpen((o) => !o)}
            >
              <Menu className="size-4" aria-hidden />
              <span className="max-w-36 truncate">{current?.label ?? 'Menu'}</span>
              <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden />
            </button>
          </div>
          <nav
            id="admin-menu"
            aria-label="Admin"
            className={cn('border-t border-slate-100 p-2 lg:block lg:border-t-0', open ? 'block' : 'hidden')}
          >
            <ul className="space-y-0.5">
              {ADMIN_MENU.map((item) => {
                const { label, icon: Icon } = item;
                // Computed here rather than by NavLink so pages reached from an item (an order, an
                // editor's tiers) keep it marked as the current one.
                const active = item === current;
                return (
                  <li key={label}>
                    <Link
                      to={adminMenuPath(item)}
                      aria-current={active ? 'page' : undefined}
                      onClick={() => setOpen(false)}
                      className={cn(
                        'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
                        active
                          ? 'bg-brand-50 text-brand-700'
                          : 'text-slate-600 hover:bg-slate-50 hover:text-slate-900',
                      )}
                    >
                      <Icon className="size-4 shrink-0" aria-hidden />
                      {label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        </div>
      </aside>
      <section className="min-w-0 flex-1" aria-label="Admin content">
        <Outlet />
      </section>
    </div>
  );
}
