import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import {
  ArrowRight,
  BadgeCheck,
  Check,
  CreditCard,
  Droplets,
  EyeOff,
  Headset,
  Layers,
  MessagesSquare,
  Play,
  Search,
  Sparkles,
} from 'lucide-react';
import { Accordion } from '../../../components/ui/accordion';
import { Button, buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { hiringFaqs } from '../utils/hiring-faqs';
import { PageMeta } from '../../../components/seo/page-meta';
import { useHydrated } from '../../../lib/use-hydrated';
import { loadConnectFormModal as loadConnectForm } from '../../support';

// The connect form (react-hook-form, zod, the dialog) is fetched on demand: a visitor who never opens
// it never downloads it. Pointing at or focusing a button that opens it starts the download early.
const ConnectFormModal = lazy(loadConnectForm);
const preloadConnectForm = () => void loadConnectForm();

const features = [
  {
    icon: BadgeCheck,
    title: 'Verified editors',
    text: 'Every editor is onboarded by our team and shows real samples in a public portfolio.',
  },
  {
    icon: EyeOff,
    title: 'Anonymous by design',
    text: 'Chat under a private handle. Nobody sees your e-mail or phone number, and you never see theirs.',
  },
  {
    icon: Droplets,
    title: 'Watermarked previews',
    text: 'Watch the full edit with a watermark, ask for changes, and approve only when it is right.',
  },
  {
    icon: CreditCard,
    title: 'Secure payments',
    text: 'Pay through a secure payment link in rupees. Your money goes through Cutroom, never off-platform.',
  },
  {
    icon: Layers,
    title: 'Clear pricing tiers',
    text: 'Basic, Intermediate and Pro tiers with the features and price listed up front by each editor.',
  },
  {
    icon: Headset,
    title: 'Support that answers',
    text: 'Something not right? Send a ticket and a real person from our team picks it up.',
  },
];

const steps = [
  { icon: Search, title: 'Browse portfolios', text: 'Compare editors by their samples, tiers and prices.' },
  { icon: MessagesSquare, title: 'Chat anonymously', text: 'Brief your editor in a private chat room.' },
  { icon: Play, title: 'Approve the preview', text: 'Review the watermarked cut and request changes.' },
  { icon: Check, title: 'Pay, then download', text: 'Your final file is released once payment succeeds.' },
];

const promises = ['Payments through the platform', 'Watermarked previews', 'Final file after payment'];

export default function HomePage() {
  const [connectOpen, setConnectOpen] = useState(false);
  const [connectRequested, setConnectRequested] = useState(false);
  const openConnect = () => {
    setConnectRequested(true);
    setConnectOpen(true);
  };
  const hydrated = useHydrated();
  const connectButton = (label: string, variant: 'primary' | 'secondary') => (
    <Button
      size="lg"
      variant={variant}
      onClick={openConnect}
      onPointerEnter={preloadConnectForm}
      onFocus={preloadConnectForm}
      aria-haspopup="dialog"
      disabled={!hydrated}
    >
      {label} <ArrowRight className="size-5" aria-hidden />
    </Button>
  );

  return (
    <>
      <PageMeta
        title="Cutroom — hire verified video editors"
        description="Hire verified video editors for your reels and videos. Compare tiers and prices in rupees, watch real samples, chat anonymously and pay securely."
        canonicalPath="/"
      />
      <section className="relative overflow-hidden bg-slate-950 text-white">
        <div
          aria-hidden
          className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,var(--color-brand-600),transparent_60%)] opacity-70"
        />
        <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:py-24">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-xs font-semibold text-brand-100 ring-1 ring-white/20">
              <Sparkles className="size-4" aria-hidden /> The marketplace for video editing
            </p>
            <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
              Hire a verified video editor. <span className="text-brand-200">Stay anonymous.</span>
            </h1>
            <p className="mt-5 max-w-xl text-lg text-slate-300">
              Browse portfolios, brief an editor in a private chat, approve a watermarked preview, and pay
              through Cutroom only when you love the cut.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              {connectButton('Get Connected', 'primary')}
              <Link to="/portfolio" className={buttonClass('secondary', 'lg')}>
                Browse Editors
              </Link>
            </div>
            <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-300">
              {promises.map((p) => (
                <li key={p} className="flex items-center gap-2">
                  <Check className="size-4 text-emerald-400" aria-hidden /> {p}
                </li>
              ))}
            </ul>
          </div>
          <PreviewIllustration />
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:py-24" aria-labelledby="features-title">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">Why Cutroom</p>
          <h2 id="features-title" className="mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl">
            Everything you need to hire with confidence
          </h2>
        </div>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {features.map(({ icon: Icon, title, text }) => (
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

      <section className="border-y border-slate-200 bg-white" aria-labelledby="steps-title">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <h2 id="steps-title" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
            How it works
          </h2>
          <ol className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {steps.map(({ icon: Icon, title, text }, i) => (
              <li key={title} className="flex gap-4">
                <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-600 text-sm font-bold text-white">
                  {i + 1}
                </span>
                <div>
                  <p className="flex items-center gap-2 font-semibold text-slate-900">
                    <Icon className="size-4 text-brand-600" aria-hidden /> {title}
                  </p>
                  <p className="mt-1 text-sm text-slate-600">{text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section
        className="mx-auto max-w-5xl px-4 py-16 text-center sm:px-6 lg:py-24"
        aria-labelledby="mission"
      >
        <p id="mission" className="text-sm font-semibold tracking-wide text-brand-600 uppercase">
          Our mission
        </p>
        <blockquote className="mt-4 text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">
          “To give every creator access to great editing, and every great editor a fair, safe place to be paid
          for their craft, without either side giving up their privacy.”
        </blockquote>
        <Link
          to="/about"
          className="mt-6 inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
        >
          More about us <ArrowRight className="size-4" aria-hidden />
        </Link>
      </section>

      <section className="bg-white" aria-labelledby="faq-title">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-3 lg:py-24">
          <div>
            <h2 id="faq-title" className="text-3xl font-extrabold tracking-tight">
              Frequently asked questions
            </h2>
            <p className="mt-3 text-slate-600">
              How hiring an editor on Cutroom works, from the first chat to the final file.
            </p>
            <Link to="/faqs" className={cn(buttonClass('secondary'), 'mt-6')}>
              See all FAQs
            </Link>
          </div>
          <div className="lg:col-span-2">
            <Accordion items={hiringFaqs} />
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <div className="flex flex-col items-start gap-6 rounded-3xl bg-brand-600 px-6 py-10 text-white sm:px-10 lg:flex-row lg:items-center lg:justify-between">
          <div>
            <h2 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Ready for your next edit?</h2>
            <p className="mt-2 text-brand-100">
              Creators and editors: leave your details and our team will get you set up.
            </p>
          </div>
          {connectButton('Connect with us', 'secondary')}
        </div>
      </section>

      {connectRequested && (
        <Suspense
          fallback={
            <div className="fixed inset-0 z-40 grid place-items-center bg-slate-900/40">
              <div className="rounded-2xl bg-white px-8">
                <Spinner label="Opening the form..." />
              </div>
            </div>
          }
        >
          <ConnectFormModal open={connectOpen} onOpenChange={setConnectOpen} />
        </Suspense>
      )}
    </>
  );
}

/** A stylised watermarked preview shared in a chat: what the creator reviews before paying. */
function PreviewIllustration() {
  return (
    <div
      role="img"
      aria-label="A watermarked video preview shared by an editor in a Cutroom chat"
      className="mx-auto w-full max-w-lg"
    >
      <div className="rounded-2xl bg-white/5 p-3 shadow-2xl ring-1 ring-white/10">
        <div className="relative aspect-video overflow-hidden rounded-xl bg-linear-to-br from-brand-600 via-indigo-900 to-slate-900">
          <span className="absolute inset-0 grid place-items-center text-2xl font-black tracking-widest text-white/25 uppercase sm:text-3xl">
            <span className="-rotate-12">Cutroom preview</span>
          </span>
          <span className="absolute top-1/2 left-1/2 grid size-14 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-brand-700 shadow-lg">
            <Play className="size-6 translate-x-0.5" />
          </span>
          <span className="absolute right-3 bottom-3 left-3 h-1.5 rounded-full bg-white/20">
            <span className="block h-full w-2/5 rounded-full bg-white" />
          </span>
        </div>
        <div className="mt-3 space-y-2 text-sm">
          <p className="w-fit max-w-[85%] rounded-2xl rounded-bl-sm bg-white/10 px-3 py-2 text-slate-100">
            Here’s your preview with the new colour grade.
          </p>
          <p className="ml-auto w-fit max-w-[85%] rounded-2xl rounded-br-sm bg-brand-500 px-3 py-2 text-white">
            Love it! Approving and paying now.
          </p>
        </div>
      </div>
    </div>
  );
}
