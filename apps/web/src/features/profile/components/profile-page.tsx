import { PaymentHistory } from '../../payments';
import { ProfilePhoto } from './profile-photo';
import { useProfileRole } from '../hooks/use-profile-role';

/**
 * /profile: Payment History (SPEC.md §2), inside ProfileLayout's menu. Editors also find their profile
 * photo here, below the payments so the page still opens on them.
 */
export default function ProfilePage() {
  const role = useProfileRole();
  return (
    <div className="min-w-0 space-y-10">
      <PaymentHistorySection role={role} />
      {role === 'editor' && <ProfilePhoto />}
    </div>
  );
}

function PaymentHistorySection({ role }: { role: 'creator' | 'editor' }) {
  return (
    <section aria-labelledby="payment-history-title" className="min-w-0">
      <h1 id="payment-history-title" className="text-2xl font-extrabold tracking-tight text-slate-900">
        Payment History
      </h1>
      <p className="mt-1 text-sm text-slate-600">
        {role === 'creator' ? 'Payments you made, newest first.' : 'Payments you received, newest first.'}
      </p>
      <div className="mt-6">
        <PaymentHistory role={role} />
      </div>
    </section>
  );
}
