import { useId, useState, type FormEvent } from 'react';
import { Info, Lock } from 'lucide-react';
import {
  ALWAYS_SENT_REASONS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_MESSAGES,
  type NotificationKind,
  type NotificationPreferences,
} from '@cutroom/contracts/notifications';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { errorMessage } from '../../../lib/api';
import { usePreferences } from '../api/get-notification-preferences';
import { useSavePreferences } from '../api/save-notification-preferences';

const SAVE_FAILED = 'Could not save your notification settings. Please try again.';

/**
 * Which e-mails the person gets, one switch per kind their role receives (the server lists them). Locked
 * kinds (security notices, a proposal to cancel an order) show on, cannot be changed, and say why. Used by
 * /profile/notifications and the admin dashboard alike.
 */
export function NotificationPreferencesForm() {
  const prefs = usePreferences();
  if (prefs.isPending) return <Spinner label="Loading your notification settings..." />;
  if (prefs.isError) {
    return (
      <div
        role="alert"
        className="space-y-3 rounded-2xl border border-red-200 bg-red-50 p-5 text-sm text-red-700"
      >
        <p className="font-semibold">
          {errorMessage(prefs.error, 'Could not load your notification settings.')}
        </p>
        <Button size="sm" variant="secondary" onClick={() => prefs.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  // Keyed by the saved settings: a save (or another tab's, on reload) starts the form from them again.
  return <PreferencesForm key={JSON.stringify(prefs.data.email)} prefs={prefs.data} />;
}

const isOn = (prefs: NotificationPreferences, kind: NotificationKind) =>
  prefs.locked.includes(kind) || prefs.email[kind] !== false;

function PreferencesForm({ prefs }: { prefs: NotificationPreferences }) {
  const [email, setEmail] = useState(
    () =>
      Object.fromEntries(prefs.kinds.map((k) => [k, isOn(prefs, k)])) as Record<NotificationKind, boolean>,
  );
  const save = useSavePreferences();
  const ids = useId();
  const changed = prefs.kinds.some((k) => email[k] !== isOn(prefs, k));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Locked kinds are not sent: they cannot change, and the server refuses turning one off.
    const input = Object.fromEntries(
      prefs.kinds.filter((k) => !prefs.locked.includes(k)).map((k) => [k, email[k]]),
    );
    save.mutate({ email: input });
  };

  return (
    <form onSubmit={submit} aria-label="E-mail notifications" className="space-y-4">
      {!prefs.hasEmail && (
        <p
          className="flex gap-2.5 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
          data-testid="no-email-notice"
        >
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            E-mails need an address on your account, and this account has none. An admin sets it: ask through
            the Contact page. Until then everything still reaches you in the bell; the choices below apply
            once an address is added.
          </span>
        </p>
      )}
      <Card>
        <fieldset>
          <legend className="sr-only">E-mail me when</legend>
          <p className="border-b border-slate-100 px-5 py-3 text-sm font-semibold text-slate-700" aria-hidden>
            E-mail me when
          </p>
          <ul className="divide-y divide-slate-100">
            {prefs.kinds.map((kind) => {
              const locked = prefs.locked.includes(kind);
              const id = `${ids}-${kind}`;
              return (
                <li key={kind} className="flex items-center justify-between gap-4 px-5 py-3.5">
                  <span className="min-w-0">
                    <label htmlFor={id} className="block cursor-pointer text-sm font-medium text-slate-800">
                      {NOTIFICATION_KIND_LABELS[kind]}
                    </label>
                    {locked && (
                      <span
                        id={`${id}-why`}
                        className="mt-0.5 flex items-center gap-1 text-xs text-slate-500"
                      >
                        <Lock className="size-3 shrink-0" aria-hidden />{' '}
                        {ALWAYS_SENT_REASONS[kind] ?? NOTIFICATION_MESSAGES.locked}
                      </span>
                    )}
                  </span>
                  <Switch
                    id={id}
                    checked={email[kind]}
                    disabled={locked || save.isPending}
                    aria-describedby={locked ? `${id}-why` : undefined}
                    onChange={(e) => setEmail((cur) => ({ ...cur, [kind]: e.target.checked }))}
                  />
                </li>
              );
            })}
          </ul>
        </fieldset>
      </Card>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={!changed || save.isPending}>
          {save.isPending ? 'Saving...' : 'Save settings'}
        </Button>
        {save.isError && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {errorMessage(save.error, SAVE_FAILED)}
          </p>
        )}
      </div>
    </form>
  );
}
