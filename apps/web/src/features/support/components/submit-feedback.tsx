import { CheckCircle2, CircleAlert } from 'lucide-react';

/** The outcome of a form submission: green on success, red with the reason on failure. */
export function SubmitFeedback({ success, error }: { success?: string; error?: string }) {
  if (error) {
    return (
      <p
        role="alert"
        className="flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700 ring-1 ring-red-200"
      >
        <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span data-testid="submit-error">{error}</span>
      </p>
    );
  }
  if (success) {
    return (
      <p
        role="status"
        className="flex items-start gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-700 ring-1 ring-emerald-200"
      >
        <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span data-testid="submit-success">{success}</span>
      </p>
    );
  }
  return null;
}
