import { Link } from 'react-router';
import {
  ArrowUpRight,
  CalendarRange,
  Clapperboard,
  Handshake,
  ImageIcon,
  Megaphone,
  PenLine,
} from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { buttonClass } from '../../../components/ui/button';
import { PageHero } from './page-hero';
import { isExternalUrl, usePerksChatUrl } from '../../../lib/site-config';
import { PageMeta } from '../../../components/seo/page-meta';

const services = [
  {
    icon: CalendarRange,
    title: 'Content strategy',
    text: 'A content calendar and posting plan built around your niche, your audience and your goals.',
  },
  {
    icon: PenLine,
    title: 'Scripting and hooks',
    text: 'Scripts and opening hooks written to keep viewers watching past the first three seconds.',
  },
  {
    icon: ImageIcon,
    title: 'Thumbnails and titles',
    text: 'Packaging that earns the click: thumbnail design and title options for every upload.',
  },
  {
    icon: Clapperboard,
    title: 'Short-form repurposing',
    text: 'Your long videos cut into reels and shorts, reframed for each platform.',
  },
  {
    icon: Megaphone,
    title: 'Channel growth',
    text: 'Channel audits, analytics reviews and a monthly plan to grow reach steadily.',
  },
  {
    icon: Handshake,
    title: 'Brand collaborations',
    text: 'Help with pitching brands, preparing media kits and delivering sponsored content.',
  },
];

/** Agency-style services beyond a single edit (SPEC.md §2). Still in beta. */
export default function PerksPage() {
  const chatUrl = usePerksChatUrl();
  const chatLabel = (
    <>
      Chat with the Perks team <ArrowUpRight className="size-5" aria-hidden />
    </>
  );
  const chatLink = isExternalUrl(chatUrl) ? (
    <a href={chatUrl} target="_blank" rel="noopener noreferrer" className={buttonClass('primary', 'lg')}>
      {chatLabel}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  ) : (
    <Link to={chatUrl} className={buttonClass('primary', 'lg')}>
      {chatLabel}
    </Link>
  );

  return (
    <>
      <PageMeta
        title="Cutroom Perks"
        description="Perks for Cutroom creators and editors, and how to claim them."
      />
      <PageHero
        eyebrow="Cutroom Perks"
        badge={<Badge tone="brand">Beta</Badge>}
        title="More than an edit"
        lead="Agency-style services for creators who want a team behind their channel: strategy, packaging, growth and brand deals, from the people who know your content best."
      />

      <div className="mx-auto max-w-6xl space-y-14 px-4 py-14 sm:px-6 lg:py-20">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {services.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="grid size-11 place-items-center rounded-xl bg-brand-50 text-brand-600">
                <Icon className="size-6" aria-hidden />
              </span>
              <h2 className="mt-4 text-lg font-bold text-slate-900">{title}</h2>
              <p className="mt-2 text-slate-600">{text}</p>
            </li>
          ))}
        </ul>

        <section className="flex flex-col items-start gap-6 rounded-3xl bg-slate-950 px-6 py-10 text-white sm:px-10 lg:flex-row lg:items-center lg:justify-between">
          <div>
            <h2 className="text-2xl font-extrabold tracking-tight">Tell us what your channel needs</h2>
            <p className="mt-2 max-w-xl text-slate-300">
              Perks is in beta: services are tailored to each creator and priced on request. Start a chat and
              we will put together a plan.
            </p>
          </div>
          {chatLink}
        </section>
      </div>
    </>
  );
}
