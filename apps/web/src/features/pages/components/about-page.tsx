import { Link } from 'react-router';
import { Gem, Handshake, Lock, Scale } from 'lucide-react';
import { buttonClass } from '../../../components/ui/button';
import { PageHero } from './page-hero';
import { PageMeta } from '../../../components/seo/page-meta';

const values = [
  {
    icon: Lock,
    title: 'Privacy first',
    text: 'Creators and editors work together without handing over e-mail addresses or phone numbers. Anonymity is the default, not a setting.',
  },
  {
    icon: Handshake,
    title: 'Trust on both sides',
    text: 'Creators see the work before they pay; editors know the money is secured by the platform. Nobody has to take a leap of faith.',
  },
  {
    icon: Scale,
    title: 'Fair pay for craft',
    text: 'Editors set their own prices in clear tiers. No bidding wars, no hidden fees for creators.',
  },
  {
    icon: Gem,
    title: 'Quality over volume',
    text: 'Every editor is onboarded by our team and shows real samples. We would rather list fewer editors than weaker ones.',
  },
];

export default function AboutPage() {
  return (
    <>
      <PageMeta
        title="About Us"
        description="Why Cutroom exists: verified video editors, anonymous chat, watermarked previews and secure payments in rupees, so creators and editors can work together safely."
      />
      <PageHero
        eyebrow="About Us"
        title="Great edits, without the guesswork"
        lead="Cutroom is a marketplace where content creators find and hire verified video editors, chat with them anonymously, and pay safely through the platform."
      />

      <div className="mx-auto max-w-5xl space-y-16 px-4 py-14 sm:px-6 lg:py-20">
        <section aria-labelledby="about-title" className="grid gap-8 lg:grid-cols-3">
          <h2 id="about-title" className="text-2xl font-extrabold tracking-tight">
            What we do
          </h2>
          <div className="space-y-4 text-slate-700 lg:col-span-2">
            <p>
              Creators need editing they can rely on; talented editors need clients who pay. Too often the two
              meet in direct messages, trade phone numbers, and hope for the best: unpaid invoices on one
              side, disappearing editors on the other.
            </p>
            <p>
              Cutroom puts a safe process in between. Creators browse editor portfolios, brief an editor in a
              private chat, and review a watermarked preview of their video. When they approve, they pay
              through a secure payment link, and only then is the final, un-watermarked file released. Our
              team verifies editors, watches over the chat rooms and handles support and refunds.
            </p>
          </div>
        </section>

        <section
          aria-labelledby="founder-title"
          className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10"
        >
          <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">Our founder</p>
          <h2 id="founder-title" className="mt-2 text-2xl font-extrabold tracking-tight">
            Why Cutroom exists
          </h2>
          <blockquote className="mt-5 space-y-4 border-l-4 border-brand-500 pl-5 text-lg text-slate-700">
            <p>
              “Cutroom started from two frustrations I kept hearing. Creators told me about editors who took
              an advance and vanished. Editors told me about creators who loved the edit and never paid.
            </p>
            <p>
              Both problems had the same cause: nothing stood between them. So we built the in-between: a
              place where the work is seen before it is paid for, the payment is secured before the file is
              delivered, and nobody has to give away their privacy to get there.”
            </p>
          </blockquote>
          <p className="mt-5 font-semibold text-slate-900">
            Founder, Cutroom <span className="font-normal text-slate-500">· India</span>
          </p>
        </section>

        <section aria-labelledby="values-title">
          <h2 id="values-title" className="text-2xl font-extrabold tracking-tight">
            Our core values
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2">
            {values.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <span className="grid size-11 place-items-center rounded-xl bg-brand-50 text-brand-600">
                  <Icon className="size-6" aria-hidden />
                </span>
                <h3 className="mt-4 text-lg font-bold text-slate-900">{title}</h3>
                <p className="mt-2 text-slate-600">{text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
          <Link to="/portfolio" className={buttonClass('primary', 'lg')}>
            Browse Editors
          </Link>
          <Link to="/contact" className={buttonClass('secondary', 'lg')}>
            Contact Us
          </Link>
        </section>
      </div>
    </>
  );
}
