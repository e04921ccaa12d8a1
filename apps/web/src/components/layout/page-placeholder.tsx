/** Temporary body for a screen whose feature has not landed yet. */
export function PagePlaceholder({ title }: { title: string }) {
  return (
    <div className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-slate-500">This screen is on its way.</p>
    </div>
  );
}
