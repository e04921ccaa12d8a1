import { Link } from 'react-router';
import { Accordion, type AccordionEntry } from '../../../components/ui/accordion';
import { buttonClass } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { hiringFaqs } from '../utils/hiring-faqs';
import { PageHero } from './page-hero';
import { PageMeta } from '../../../components/seo/page-meta';

const accountFaqs: AccordionEntry[] = [
  {
    question: 'How do I sign up as a creator?',
    answer:
      'Choose Register, enter your e-mail address and a password, then type the one-time code we e-mail you. After that you can log in, browse editors and start a chat.',
  },
  {
    question: 'I forgot my password. What now?',
    answer:
      'On the login page choose “Forgot password”, enter your e-mail address, type the code we send you and choose a new password.',
  },
  {
    question: 'Where can I see my payments?',
    answer:
      'Open your profile from the icon in the navigation bar. Payment History lists your payments, newest first, with their status.',
  },
];

const editorFaqs: AccordionEntry[] = [
  {
    question: 'How do I join Cutroom as an editor?',
    answer:
      'Editor accounts are created by the Cutroom team. Use “Get Connected” on the home page or send us a ticket from the contact page; we will review your work and set up your account and portfolio.',
  },
  {
    question: 'How do I get paid?',
    answer:
      'Creators pay through the platform for the tier they choose. You can see the payments you have received on your profile page.',
  },
  {
    question: 'Can I ask a creator to pay me directly?',
    answer:
      'No. Payments go through the platform and sharing contact details is prohibited by our terms. Chats that break this rule can be frozen by our admins.',
  },
];

const groups = [
  { id: 'hiring', title: 'Hiring an editor', items: hiringFaqs },
  { id: 'account', title: 'Your account', items: accountFaqs },
  { id: 'editors', title: 'For editors', items: editorFaqs },
];

/** schema.org FAQPage: the questions and answers as search results can show them. */
const faqStructuredData = {
  '@context': 'https://schema.org',
  '@type': 'FAQPage',
  mainEntity: groups.flatMap((g) =>
    g.items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  ),
};

export default function FaqsPage() {
  return (
    <>
      <PageMeta
        title="Frequently asked questions"
        description="Everything about hiring an editor, paying safely and getting your final file on Cutroom."
        structuredData={faqStructuredData}
      />
      <PageHero
        eyebrow="Help centre"
        title="Frequently asked questions"
        lead="Everything about hiring an editor, paying safely and getting your final file on Cutroom."
      />
      <div className="mx-auto max-w-4xl space-y-12 px-4 py-14 sm:px-6 lg:py-20">
        {groups.map((g) => (
          <section key={g.id} aria-labelledby={`faq-${g.id}`}>
            <h2 id={`faq-${g.id}`} className="mb-4 text-xl font-bold text-slate-900">
              {g.title}
            </h2>
            <Accordion items={g.items} />
          </section>
        ))}
        <section className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
          <h2 className="text-lg font-bold text-slate-900">Still have a question?</h2>
          <p className="mt-2 text-slate-600">Our team answers every support ticket by e-mail.</p>
          <Link to="/contact" className={cn(buttonClass('primary'), 'mt-5')}>
            Contact Us
          </Link>
        </section>
      </div>
    </>
  );
}
