import { Link, useSearchParams } from 'react-router';
import { CheckCircle2, MailX, TriangleAlert } from 'lucide-react';
import { NOTIFICATION_MESSAGES, unsubscribeInputSchema } from '@cutroom/contracts/notifications';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api';
import { useSession } from '../../../lib/auth/session';
import { useUnsubscribe } from '../api/unsubscribe';

/**
 * /unsubscribe?token=… (the link in every notification mail). Nothing happens on load: mail scanners open
 * links to check them, and would unsubscribe people who never asked. The person presses the button.
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const valid = unsubscribeInputSchema.safeParse({ token }).success;
  const { user } = useSession();
  const stop = useUnsubscribe(token);
  const settings = user?.role === 'admin' ? '/admin/dashboard/notifications' : '/profile/notifications';

  const settingsLink = (
    <p className="text-sm text-slate-600">
      Choose which e-mails you get in your{' '}
      <Link to={settings} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
        notification settings
      </Link>
      {user ? '.' : ' (you will be asked to log in).'}
    </p>
  );

  let body;
  if (!valid || (stop.isError && errorMessage(stop.error, '') === NOTIFICATION_MESSAGES.invalidLink)) {
    body = (
      <>
        <Heading icon={<TriangleAlert className="size-6 text-red-600" aria-hidden />} tone="bg-red-50">
          Link not valid
        </Heading>
        <p role="alert" className="text-sm font-medium text-red-700">
          {NOTIFICATION_MESSAGES.invalidLink}
        </p>
        {settingsLink}
      </>
    );
  } else if (stop.isSuccess) {
    body = (
      <>
        <Heading icon={<CheckCircle2 className="size-6 text-emerald-600" aria-hidden />} tone="bg-emerald-50">
          You are unsubscribed
        </Heading>
        <p role="status" className="text-sm font-medium text-emerald-800">
          {stop.data.message}
        </p>
        {settingsLink}
      </>
    );
  } else {
    body = (
      <>
        <Heading icon={<MailX className="size-6 text-brand-600" aria-hidden />} tone="bg-brand-50">
          Stop these e-mails?
        </Heading>
        <p className="text-sm text-slate-600">
          You will no longer get this kind of e-mail from Cutroom. Everything still shows in the bell when you
          log in, and security notices (a password change) and proposals to cancel an order are always sent.
        </p>
        {/* Side by side where they fit; on a phone, stacked at full width rather than wrapping unevenly. */}
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
          <Button onClick={() => stop.mutate()} disabled={stop.isPending}>
            {stop.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
          </Button>
          <Link to="/" className={buttonClass('ghost')}>
            Keep getting them
          </Link>
        </div>
        {stop.isError && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {errorMessage(stop.error, 'Something went wrong. Please try again.')}
          </p>
        )}
      </>
    );
  }

  return (
    <div className="mx-auto max-w-lg px-4 py-12 sm:py-20">
      <Card className="space-y-5 p-6 sm:p-8">{body}</Card>
    </div>
  );
}

function Heading(props: { icon: React.ReactNode; tone: string; children: React.ReactNode }) {
  return (
    <div className="flex items-center gap-3">
      <span className={`grid size-11 shrink-0 place-items-center rounded-xl ${props.tone}`}>
        {props.icon}
      </span>
      <h1 className="text-xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-2xl">
        {props.children}
      </h1>
    </div>
  );
}
