import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { useSession } from '../../../lib/auth/session';
import { ADMIN_MENU } from '../utils/menu';

/** /admin/dashboard: a short welcome and a card for each section. */
export default function DashboardHome() {
  const { user } = useSession();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">Admin Dashboard</h1>
        <p className="mt-1 text-sm text-slate-500">
          Signed in as <span className="font-semibold text-slate-700">{user?.username}</span>. Run the
          marketplace from here.
        </p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {ADMIN_MENU.filter((item) => item.to).map(({ to, label, description, icon: Icon }) => (
          <li key={to}>
            <Link to={`/admin/dashboard/${to}`} className="group block h-full rounded-2xl">
              <Card className="flex h-full flex-col gap-3 p-5 transition-shadow group-hover:shadow-md">
                <span className="grid size-10 place-items-center rounded-xl bg-brand-50 text-brand-600">
                  <Icon className="size-5" aria-hidden />
                </span>
                <span className="font-semibold text-slate-900">{label}</span>
                <span className="flex-1 text-sm text-slate-600">{description}</span>
                <span className="flex items-center gap-1 text-sm font-semibold text-brand-700">
                  Open{' '}
                  <ArrowRight
                    className="size-4 transition-transform group-hover:translate-x-0.5"
                    aria-hidden
                  />
                </span>
              </Card>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
