import { OrdersList } from '../../orders';
import { useProfileRole } from '../hooks/use-profile-role';

/** /profile/orders: the member's orders, as creator or as editor. */
export default function ProfileOrdersPage() {
  const role = useProfileRole();
  return (
    <section aria-labelledby="orders-title" className="min-w-0">
      <h1 id="orders-title" className="text-2xl font-extrabold tracking-tight text-slate-900">
        Orders
      </h1>
      <p className="mt-1 text-sm text-slate-600">
        {role === 'creator'
          ? 'Work you ordered from editors, newest first.'
          : 'Work creators ordered from you, newest first.'}
      </p>
      <div className="mt-6">
        <OrdersList role={role} />
      </div>
    </section>
  );
}
