import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';

// The pale ring alone (brand-200 on white) is too faint to find: the brand outline, 2px off the field,
// is the focus indicator. The `!` outranks the unlayered :focus-visible rule in styles.css, so the field
// keeps it without that rule.
const control =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus-visible:outline-2! focus-visible:outline-offset-2! focus-visible:outline-brand-600! disabled:bg-slate-100';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, ...props },
  ref,
) {
  return <input ref={ref} className={cn(control, 'h-10', className)} {...props} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function Textarea({ className, ...props }, ref) {
    return <textarea ref={ref} className={cn(control, 'min-h-28', className)} {...props} />;
  },
);

/** A labelled form field with its error; the control receives the generated id. */
export function Field(props: {
  label: string;
  error?: string;
  hint?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {props.label}
      </label>
      {props.children(id)}
      {props.hint && !props.error && <p className="text-xs text-slate-500">{props.hint}</p>}
      {props.error && (
        <p role="alert" className="text-xs font-medium text-red-600">
          {props.error}
        </p>
      )}
    </div>
  );
}

/**
 * A refused submit, said inside the form beside its button as well as in the toast: a toast fades and
 * may sit over other things, and the form is where the person looks to fix it.
 */
export function FormError({ error, fallback }: { error: unknown; fallback: string }) {
  if (!error) return null;
  return (
    <p className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700" data-testid="form-error">
      {errorMessage(error, fallback)}
    </p>
  );
}
