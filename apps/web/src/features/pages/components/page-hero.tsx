import type { ReactNode } from 'react';

/** The heading band shared by the static pages: one look for About, Terms, FAQs and Perks. */
export function PageHero(props: {
  eyebrow: string;
  /** Shown beside the eyebrow, e.g. a Beta badge. */
  badge?: ReactNode;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className="relative overflow-hidden bg-slate-950 text-white">
      <div
        aria-hidden
        className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_left,var(--color-brand-600),transparent_60%)] opacity-60"
      />
      <div className="relative mx-auto max-w-5xl px-4 py-14 sm:px-6 lg:py-20">
        <div className="flex items-center gap-3">
          <p className="text-sm font-semibold tracking-wide text-brand-200 uppercase">{props.eyebrow}</p>
          {props.badge}
        </div>
        <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
          {props.title}
        </h1>
        {props.lead && <p className="mt-4 max-w-2xl text-lg text-slate-300">{props.lead}</p>}
        {props.children}
      </div>
    </header>
  );
}
