import type { ReactNode } from 'react';
import { Info } from 'lucide-react';
import { Card } from '../../../components/ui/card';

/** The frame every sign-in screen shares: a centred card with a title, a short line and the form. */
export function AuthCard(props: {
  title: string;
  subtitle?: ReactNode;
  badge?: ReactNode;
  /** Why the visitor is here (say, a page that needs a login), above the title. */
  notice?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex min-h-[calc(100vh-4rem)] items-start justify-center bg-gradient-to-b from-brand-50/70 to-slate-50 px-4 py-10 sm:items-center sm:py-16">
      <Card className="w-full max-w-md p-6 sm:p-8">
        {props.notice && (
          <p
            role="status"
            className="mb-5 flex items-start gap-2 rounded-xl bg-brand-50 px-4 py-3 text-sm font-medium text-brand-900 ring-1 ring-brand-200"
          >
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{props.notice}</span>
          </p>
        )}
        {props.badge}
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">{props.title}</h1>
        {props.subtitle && <p className="mt-1.5 text-sm text-slate-600">{props.subtitle}</p>}
        <div className="mt-6">{props.children}</div>
        {props.footer && (
          <div className="mt-6 space-y-2 border-t border-slate-100 pt-5 text-center text-sm text-slate-600">
            {props.footer}
          </div>
        )}
      </Card>
    </div>
  );
}

/** A link-styled class for the small links under the forms. */
export const authLinkClass = 'font-semibold text-brand-700 underline-offset-2 hover:underline';
