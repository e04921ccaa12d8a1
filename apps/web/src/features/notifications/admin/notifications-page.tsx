import { NotificationPreferencesForm } from '../components/preferences-form';

/** notifications: which e-mails this admin gets (support tickets, flagged messages, security notices). */
export default function AdminNotificationsPage() {
  return (
    <div className="max-w-2xl space-y-6">
      <div>
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">Notifications</h1>
        <p className="mt-1 text-sm text-slate-500">
          Choose which e-mails you get. Everything also shows in the bell at the top of the page.
        </p>
      </div>
      <NotificationPreferencesForm />
    </div>
  );
}
