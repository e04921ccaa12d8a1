export function Spinner({ label }: { label?: string }) {
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-3 py-16 text-slate-500">
      <span
        className="size-8 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600"
        aria-hidden
      />
      <span className={label ? 'text-sm' : 'sr-only'}>{label ?? 'Loading...'}</span>
    </div>
  );
}
