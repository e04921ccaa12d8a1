import type { ReactNode } from 'react';
import { PageHero } from './page-hero';

export interface LegalSection {
  /** The fragment that links to it: /privacy-policy#sharing. */
  id: string;
  title: string;
  body: ReactNode;
}

/**
 * The layout of the policy pages: a hero with the title and date, a contents list beside the text on wide
 * screens (one column on a phone), and each section under its own heading so it can be linked to.
 */
export function LegalPage(props: {
  title: string;
  lastUpdated: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <>
      <PageHero eyebrow="Legal" title={props.title}>
        <p className="mt-4 text-sm font-medium text-slate-300">Last updated: {props.lastUpdated}</p>
      </PageHero>
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-4 lg:py-20">
        <nav aria-label={`${props.title} sections`} className="hidden lg:block">
          <ol className="sticky top-24 space-y-2 text-sm">
            {props.sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="text-slate-600 hover:text-brand-700">
                  {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="min-w-0 space-y-10 text-slate-700 lg:col-span-3">
          <div className="space-y-3 text-lg">{props.intro}</div>
          {props.sections.map((s) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="scroll-mt-24">
              <h2 id={`${s.id}-title`} className="text-xl font-bold text-slate-900">
                {s.title}
              </h2>
              <div className="mt-3 space-y-3 leading-relaxed">{s.body}</div>
            </section>
          ))}
        </article>
      </div>
    </>
  );
}

/** A bulleted list in a policy section. */
export function PolicyList({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-2 pl-5 marker:text-brand-600">{children}</ul>;
}

export const policyLinkClass = 'font-medium text-brand-700 underline-offset-2 hover:underline';
