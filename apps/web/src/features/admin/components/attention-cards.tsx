import { Link } from 'react-router';
import { AlarmClock, LifeBuoy, Scale, ShieldAlert, WalletCards, type LucideIcon } from 'lucide-react';
import type { AdminDashboard } from '@cutroom/contracts/responses/dashboard';
import { cn } from '../../../lib/cn';

const CARDS: {
  key: keyof AdminDashboard['attention'];
  label: string;
  to: string;
  icon: LucideIcon;
}[] = [
  { key: 'openFlags', label: 'Open flags', to: '/admin/dashboard/moderation', icon: ShieldAlert },
  { key: 'openTickets', label: 'Open tickets', to: '/admin/dashboard/support-tickets', icon: LifeBuoy },
  { key: 'payoutFailures', label: 'Payout failures', to: '/admin/dashboard/payouts', icon: WalletCards },
  { key: 'lateOrders', label: 'Late orders', to: '/admin/dashboard/all-orders?late=true', icon: AlarmClock },
  { key: 'disputesToDecide', label: 'Disputes to decide', to: '/admin/disputes', icon: Scale },
];

/** What waits for an admin: each count links to the page where it is dealt with. */
export function AttentionCards({ attention }: { attention: AdminDashboard['attention'] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5" aria-label="Waiting for an admin">
      {CARDS.map(({ key, label, to, icon: Icon }) => {
        const n = attention[key];
        return (
          <li key={key}>
            <Link
              to={to}
              data-testid={`figure-${key}`}
              className={cn(
                'flex h-full flex-col gap-2 rounded-2xl border bg-white p-4 shadow-sm transition-shadow hover:shadow-md focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none',
                n > 0 ? 'border-amber-300' : 'border-slate-200',
              )}
            >
              <span className="flex items-center gap-2 text-sm font-medium text-slate-600">
                <Icon
                  className={cn('size-4 shrink-0', n > 0 ? 'text-amber-600' : 'text-slate-400')}
                  aria-hidden
                />
                {label}
              </span>
              {/* At the foot of the card: a label that wraps does not lift its number out of line. */}
              <span className="mt-auto text-3xl font-extrabold tracking-tight text-slate-900 tabular-nums">
                {n}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
