import { NotificationPreferencesForm } from './preferences-form';

/** /profile/notifications: which e-mails the member gets (the bell shows everything either way). */
export default function ProfileNotificationsPage() {
  return (
    <section aria-labelledby="notifications-title" className="max-w-2xl min-w-0">
      <h1 id="notifications-title" className="text-2xl font-extrabold tracking-tight text-slate-900">
        Notifications
      </h1>
      <p className="mt-1 text-sm text-slate-600">
        Choose which e-mails you get. Everything also shows in the bell at the top of the page.
      </p>
      <div className="mt-6">
        <NotificationPreferencesForm />
      </div>
    </section>
  );
}
