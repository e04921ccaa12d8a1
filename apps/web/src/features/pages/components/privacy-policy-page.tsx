import { Link } from 'react-router';
import { CompanyContact } from '../../../components/company-contact';
import { LegalPage, PolicyList, policyLinkClass, type LegalSection } from './legal-page';
import { useSiteConfig } from '../../../lib/site-config';
import { PageMeta } from '../../../components/seo/page-meta';

export const PRIVACY_LAST_UPDATED = '24 November 2026';

const sections = (operator: string): LegalSection[] => [
  {
    id: 'collect',
    title: '1. What we collect',
    body: (
      <>
        <p>We collect only what running the marketplace needs:</p>
        <PolicyList>
          <li>
            <strong>Your account.</strong> Creators give an e-mail address and a password; editors have a
            username, an optional e-mail address and an optional profile photo. Passwords are stored only as a
            one-way hash. Creators are shown to editors under a generated username, never by their e-mail.
          </li>
          <li>
            <strong>Chats and orders.</strong> The messages you send, offers, briefs, reviews, cancellation
            reasons and delivery notes, with the time they were sent and whether they were read.
          </li>
          <li>
            <strong>Files you upload.</strong> Portfolio samples, previews and final deliveries. Photos are
            stored without their location and camera data; videos keep the details embedded in the file, so
            remove them before uploading if you do not want them shared.
          </li>
          <li>
            <strong>Payment references.</strong> The gateway’s order and payment IDs, the amount, the status,
            any refunds, the phone number you enter at checkout (for the payment receipt) and your optional
            note. Card, UPI and net-banking details are entered on Cashfree’s secure checkout and handled by
            Cashfree: we never see or store them.
          </li>
          <li>
            <strong>Editors’ payout details.</strong> A bank account and IFSC, or a UPI ID, stored encrypted
            and shown only masked.
          </li>
          <li>
            <strong>Support requests.</strong> The name, e-mail address, subject and message of a ticket.
          </li>
          <li>
            <strong>Technical data.</strong> A session cookie (and the same sign-in token in your browser’s
            storage) that keeps you signed in for up to 30 days, and server logs of requests (IP address,
            browser, time) kept for security. We use no advertising cookies.
          </li>
        </PolicyList>
      </>
    ),
  },
  {
    id: 'use',
    title: '2. Why we use it',
    body: (
      <PolicyList>
        <li>To create and secure your account: one-time sign-up codes, sign-in and password resets.</li>
        <li>
          To run hiring on Cutroom: portfolios, chats, offers, orders, deliveries, reviews and the e-mail
          notifications you can switch off in your profile.
        </li>
        <li>To take payments, make refunds and pay editors their share.</li>
        <li>
          To keep the marketplace safe: messages are checked automatically for shared contact details, and our
          administrators may read a chat to resolve a dispute or stop abuse.
        </li>
        <li>To answer your support requests, and to meet our legal, tax and accounting obligations.</li>
      </PolicyList>
    ),
  },
  {
    id: 'sharing',
    title: '3. Who we share it with',
    body: (
      <>
        <PolicyList>
          <li>
            <strong>The other side of your chat</strong> sees your username, your messages and the files you
            send, and never your e-mail address or phone number.
          </li>
          <li>
            <strong>Cashfree Payments</strong>, our payment gateway, receives what a payment, refund or payout
            needs: the amount, the order reference and the phone number given at checkout, and for editors the
            payout details and e-mail address used to pay them.
          </li>
          <li>
            <strong>Our e-mail delivery provider</strong> receives your address and the message when we send
            you a code or a notification.
          </li>
          <li>
            <strong>Our hosting and storage providers</strong> keep the data on our behalf, under our
            instructions.
          </li>
          <li>
            <strong>Authorities</strong>, when the law requires us to.
          </li>
        </PolicyList>
        <p>We do not sell your personal data, and we do not share it for advertising.</p>
      </>
    ),
  },
  {
    id: 'retention',
    title: '4. How long we keep it',
    body: (
      <>
        <p>
          We keep your account details while your account is open. Chats, orders, payment and refund records
          are kept after an account is closed for as long as we need them to settle disputes and refunds, and
          for as long as tax and accounting law requires.
        </p>
        <p>
          One-time codes expire after 10 minutes, and a sign-in ends after 30 days or when you log out.
          Support tickets are kept while they are useful to answer you and for our records.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: '5. How we protect it',
    body: (
      <p>
        Passwords are hashed, payout details are encrypted, original deliveries stay private until they are
        released, and only the people at {operator} who run the marketplace can reach your data, for the
        purposes above.
      </p>
    ),
  },
  {
    id: 'rights',
    title: '6. Your rights',
    body: (
      <>
        <p>
          You may ask us for a copy of your personal data, ask us to correct it, or ask us to delete your
          account and the data we do not have to keep. You can switch off notification e-mails at any time in
          your profile, and you may raise a grievance about how we handle your data. These rights follow the
          laws of India, including the Digital Personal Data Protection Act, 2023.
        </p>
        <p>
          Write to us from the{' '}
          <Link to="/contact" className={policyLinkClass}>
            contact page
          </Link>{' '}
          or at the e-mail address below, from the address on your account where you can; we answer every
          request by e-mail.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: '7. Children',
    body: (
      <p>
        Cutroom is not meant for children under 18. If you think a child has given us personal data, contact
        us and we will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: '8. Changes to this policy',
    body: (
      <p>
        When we change this policy we update this page and the date at its top. If a change matters to how
        your data is used, we will tell you by e-mail or on the site.
      </p>
    ),
  },
  {
    id: 'contact',
    title: '9. Contact us',
    body: (
      <>
        <p>Questions about your privacy, or a request about your data, go to:</p>
        <CompanyContact />
      </>
    ),
  },
];

/** /privacy-policy: what Cutroom collects and why, as the payment gateway asks of a merchant's website. */
export default function PrivacyPolicyPage() {
  const operator = useSiteConfig().data?.company.name ?? 'Cutroom';
  return (
    <>
      <PageMeta
        title="Privacy Policy"
        description="What Cutroom collects, why, who it is shared with (the payment gateway, e-mail), how long it is kept and your rights over it."
      />
      <LegalPage
        title="Privacy Policy"
        lastUpdated={PRIVACY_LAST_UPDATED}
        intro={
          <p>
            Cutroom is a marketplace where content creators hire verified video editors. It is run by{' '}
            {operator} (“we”, “us”). This policy explains what personal data we collect, why, who it is shared
            with and the choices you have.
          </p>
        }
        sections={sections(operator)}
      />
    </>
  );
}
