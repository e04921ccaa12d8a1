import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Clock3, LifeBuoy, ShieldCheck } from 'lucide-react';
import {
  SUPPORT_MESSAGES,
  supportTicketInputSchema,
  type SupportTicketInput,
} from '@cutroom/contracts/support';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, Input, Textarea } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { CompanyContact } from '../../../components/company-contact';
import { useSubmitSupportTicket } from '../api/submit-support-ticket';
import { SubmitFeedback } from './submit-feedback';
import { PageMeta } from '../../../components/seo/page-meta';
import { useHydrated } from '../../../lib/use-hydrated';
import { useSession } from '../../../lib/auth/session';
import { OrderSelect } from './order-field';
import { TicketNumber } from './ticket-number';

const empty: SupportTicketInput = { name: '', email: '', subject: '', message: '', orderId: '' };

const reassurances = [
  {
    icon: LifeBuoy,
    title: 'Real people, real answers',
    text: 'Questions about an order, a payment, a refund or your account go straight to the Cutroom team.',
  },
  {
    icon: Clock3,
    title: 'We reply by e-mail',
    text: 'Leave the address you check most; we answer there, usually within one working day.',
  },
  {
    icon: ShieldCheck,
    title: 'Paying or being paid?',
    text: 'Add your order ID so we can find the payment quickly. Never share card details with anyone.',
  },
];

export default function ContactPage() {
  const hydrated = useHydrated();
  const { user } = useSession();
  // Creators and editors file tickets that are theirs: /profile lists them, and one may name an order.
  const member = user && user.role !== 'admin' ? user : null;
  const submission = useSubmitSupportTicket();
  const form = useForm<SupportTicketInput>({
    resolver: zodResolver(supportTicketInputSchema),
    defaultValues: empty,
  });
  const { errors } = form.formState;
  // The account's address is where the server sends replies; it is shown, not chosen.
  const accountEmail = user?.email ?? null;

  // The session resolves after the page (it may have been rendered on the server for a visitor): then
  // the signed-in user's name and address fill whatever is still empty.
  useEffect(() => {
    if (!user) return;
    if (!form.getValues('name')) form.setValue('name', user.username);
    if (user.email) form.setValue('email', user.email);
  }, [user, form]);

  // What the visitor typed stays in the form when the server refuses it; only a success clears it.
  const onSubmit = form.handleSubmit((input) =>
    submission.mutate(input, {
      onSuccess: () => form.reset({ ...empty, name: user?.username ?? '', email: accountEmail ?? '' }),
    }),
  );

  return (
    <>
      <PageMeta
        title="Contact Us"
        description="Questions about an order, a payment or your account? Send the Cutroom team a ticket, or find our e-mail, phone and address."
      />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-5 lg:py-16">
        <section className="lg:col-span-2">
          <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">Support</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            Contact Us
          </h1>
          <p className="mt-3 text-slate-600">
            Send us a ticket and we will get back to you. Many answers are already in our{' '}
            <Link to="/faqs" className="font-medium text-brand-700 underline-offset-2 hover:underline">
              FAQs
            </Link>
            .
          </p>
          <ul className="mt-8 space-y-5">
            {reassurances.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-600">
                  <Icon className="size-5" aria-hidden />
                </span>
                <div>
                  <p className="font-semibold text-slate-900">{title}</p>
                  <p className="mt-0.5 text-sm text-slate-600">{text}</p>
                </div>
              </li>
            ))}
          </ul>
          <CompanyContact title="Company contact details" className="mt-8" />
        </section>

        <Card className="p-6 sm:p-8 lg:col-span-3">
          <h2 className="text-lg font-bold text-slate-900">Submit a support ticket</h2>
          {/* POST, never GET: a submit before the app runs must not put what the visitor wrote into the URL. */}
          <form
            method="post"
            onSubmit={onSubmit}
            noValidate
            className="mt-6 space-y-5"
            aria-label="Support ticket"
          >
            <div className="grid gap-5 sm:grid-cols-2">
              <Field label="Name" error={errors.name?.message}>
                {(id) => (
                  <Input
                    id={id}
                    autoComplete="name"
                    aria-invalid={!!errors.name}
                    {...form.register('name')}
                  />
                )}
              </Field>
              <Field
                label="Email"
                error={errors.email?.message}
                hint={accountEmail ? 'Your account’s e-mail: we reply there.' : undefined}
              >
                {(id) => (
                  <Input
                    id={id}
                    type="email"
                    autoComplete="email"
                    readOnly={!!accountEmail}
                    className={accountEmail ? 'bg-slate-50 text-slate-700' : undefined}
                    aria-invalid={!!errors.email}
                    {...form.register('email')}
                  />
                )}
              </Field>
            </div>
            {member && (
              <Field
                label="Order (optional)"
                error={errors.orderId?.message}
                hint="Pick the order your question is about, so we find it quickly."
              >
                {(id) => <OrderSelect id={id} {...form.register('orderId')} />}
              </Field>
            )}
            <Field label="Subject (optional)" error={errors.subject?.message}>
              {(id) => <Input id={id} aria-invalid={!!errors.subject} {...form.register('subject')} />}
            </Field>
            <Field label="Message" error={errors.message?.message}>
              {(id) => (
                <Textarea id={id} rows={6} aria-invalid={!!errors.message} {...form.register('message')} />
              )}
            </Field>

            <div aria-live="polite" className="space-y-2">
              <SubmitFeedback
                success={submission.isSuccess ? SUPPORT_MESSAGES.submitted : undefined}
                error={
                  submission.isError ? errorMessage(submission.error, SUPPORT_MESSAGES.failed) : undefined
                }
              />
              {submission.isSuccess && (
                <TicketNumber reference={submission.data.data.reference} member={!!member} />
              )}
            </div>

            <Button
              type="submit"
              size="lg"
              className="w-full sm:w-auto"
              disabled={submission.isPending || !hydrated}
            >
              {submission.isPending ? 'Sending...' : 'Submit Ticket'}
            </Button>
          </form>
        </Card>
      </div>
    </>
  );
}
