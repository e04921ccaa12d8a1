import { Link, Navigate } from 'react-router';
import { History } from 'lucide-react';
import { PAYMENT_MESSAGES } from '@cutroom/contracts/payments';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useSession } from '../auth/session';
import { PaymentHistory } from './payment-history';

/** /profile: creators and editors; a left menu with only 'Payment History' (SPEC.md §2). */
export default function ProfilePage() {
  const { user, loading } = useSession();
  if (loading) return <Spinner label="Loading your session..." />;
  if (!user) {
    return (
      <div className="mx-auto max-w-md px-4 py-16 text-center">
        <p className="text-lg font-semibold text-slate-900">{PAYMENT_MESSAGES.loginForProfile}</p>
        <Link to="/login" className={`${buttonClass('primary')} mt-6`}>
          Login
        </Link>
      </div>
    );
  }
  if (user.role === 'admin') return <Navigate to="/" replace />;

  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:px-6 md:grid-cols-[14rem_1fr] md:py-12">
      <aside>
        <Card className="p-4">
          <p className="truncate px-2 text-sm font-semibold text-slate-900" title={user.username}>
            {user.username}
          </p>
          <p className="px-2 text-xs text-slate-500 capitalize">{user.role}</p>
          <nav aria-label="Profile" className="mt-4">
            <ul>
              <li>
                <span
                  aria-current="page"
                  className="flex items-center gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm font-semibold text-brand-700"
                >
                  <History className="size-4" aria-hidden /> Payment History
                </span>
              </li>
            </ul>
          </nav>
        </Card>
      </aside>
      <section aria-labelledby="payment-history-title" className="min-w-0">
        <h1 id="payment-history-title" className="text-2xl font-extrabold tracking-tight text-slate-900">
          Payment History
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          {user.role === 'creator'
            ? 'Payments you made, newest first.'
            : 'Payments you received, newest first.'}
        </p>
        <div className="mt-6">
          <PaymentHistory role={user.role} />
        </div>
      </section>
    </div>
  );
}
