import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHero } from './page-hero';
import { PageMeta } from '../../../components/seo/page-meta';

const sections: { id: string; title: string; body: ReactNode }[] = [
  {
    id: 'facilitator',
    title: '1. Cutroom is a facilitator',
    body: (
      <>
        <p>
          Cutroom is a facilitator: it connects content creators (“creators”) with independent video editors
          (“editors”) and provides the tools to browse portfolios, chat, share previews, pay and deliver
          files. Editing services are provided by the editors, who set their own prices. Cutroom is not a
          party to the creative work itself, but it runs the process around it.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: '2. Accounts',
    body: (
      <p>
        Creators register with an e-mail address confirmed by a one-time code. Editor accounts are created by
        Cutroom. You are responsible for keeping your password private and for everything done with your
        account. We may suspend or remove accounts that break these terms.
      </p>
    ),
  },
  {
    id: 'payments',
    title: '3. Payments go through the platform',
    body: (
      <p>
        All payments for services found on Cutroom go through the platform, using the secure payment link
        shown on the editor’s portfolio, in Indian rupees (₹). Paying, or asking to be paid, outside Cutroom
        is a breach of these terms, and such payments are not protected by Cutroom.
      </p>
    ),
  },
  {
    id: 'delivery',
    title: '4. Previews and final files',
    body: (
      <p>
        Editors share watermarked previews so the creator can review the work and ask for changes. Final files
        are released only after payment: the un-watermarked file is delivered to the creator once their
        payment to that editor has succeeded.
      </p>
    ),
  },
  {
    id: 'contact-details',
    title: '5. Sharing contact details is prohibited',
    body: (
      <p>
        To keep both sides anonymous and every payment protected, sharing contact details (e-mail addresses,
        phone numbers or any other way to reach each other outside Cutroom) is prohibited. Messages that
        contain them are blocked, and repeated attempts can lead to a chat being frozen or an account being
        removed.
      </p>
    ),
  },
  {
    id: 'refunds',
    title: '6. Refunds',
    body: (
      <p>
        If something goes wrong with an order, contact us with the order ID. Cutroom reviews each request and
        may refund a payment in full or in part through the payment gateway, to the original payment method.
      </p>
    ),
  },
  {
    id: 'conduct',
    title: '7. Conduct and content',
    body: (
      <p>
        Be respectful in chats. Only upload content you have the right to use. Cutroom’s administrators may
        read chat rooms to resolve disputes and keep the platform safe, and may freeze or end a chat that
        breaks these terms.
      </p>
    ),
  },
  {
    id: 'liability',
    title: '8. Liability',
    body: (
      <p>
        Cutroom provides the platform “as is”. To the extent the law allows, Cutroom is not liable for the
        editing work agreed between a creator and an editor, or for indirect losses arising from the use of
        the platform.
      </p>
    ),
  },
  {
    id: 'law',
    title: '9. Governing law',
    body: (
      <p>
        These terms are governed by the laws of India, and disputes are subject to the jurisdiction of the
        courts of India.
      </p>
    ),
  },
  {
    id: 'questions',
    title: '10. Questions',
    body: (
      <p>
        Questions about these terms? Send us a ticket from the{' '}
        <Link to="/contact" className="font-medium text-brand-700 underline-offset-2 hover:underline">
          contact page
        </Link>
        .
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <>
      <PageMeta
        title="Terms and Conditions"
        description="The terms for creators and editors on Cutroom: accounts, orders, payments through the platform, deliveries, refunds and conduct in chats."
      />
      <PageHero eyebrow="Legal" title="Terms and Conditions">
        <p className="mt-4 text-sm font-medium text-slate-300">Last updated: 4 September 2025</p>
      </PageHero>
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-4 lg:py-20">
        <nav aria-label="Terms sections" className="hidden lg:block">
          <ol className="sticky top-24 space-y-2 text-sm">
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="text-slate-600 hover:text-brand-700">
                  {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="space-y-10 text-slate-700 lg:col-span-3">
          <p className="text-lg">
            By using Cutroom you agree to these terms. Please read them: they explain how hiring, paying and
            delivering work on the platform works.
          </p>
          {sections.map((s) => (
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
