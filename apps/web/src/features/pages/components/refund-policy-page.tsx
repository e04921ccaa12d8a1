import { Link } from 'react-router';
import { ORDER_DEFAULTS } from '@cutroom/contracts/orders';
import { CompanyContact } from '../../../components/company-contact';
import { LegalPage, PolicyList, policyLinkClass, type LegalSection } from './legal-page';
import { describeHours, useSiteConfig } from '../../../lib/site-config';
import { PageMeta } from '../../../components/seo/page-meta';

export const REFUND_POLICY_LAST_UPDATED = '24 November 2026';

/** The windows the server enforces; its defaults until the configured ones have loaded. */
function useOrderWindows() {
  const rules = useSiteConfig().data?.orderRules;
  return {
    autoComplete: describeHours(rules?.autoCompleteHours ?? ORDER_DEFAULTS.autoCompleteHours),
    cancellationResponse: describeHours(
      rules?.cancellationResponseHours ?? ORDER_DEFAULTS.cancellationResponseHours,
    ),
  };
}

const sections = (windows: ReturnType<typeof useOrderWindows>): LegalSection[] => [
  {
    id: 'paying',
    title: '1. How paying works',
    body: (
      <>
        <p>
          Every piece of work on Cutroom is an <strong>order</strong> with one price, a delivery time and the
          revisions included, agreed in the chat or chosen from an editor’s portfolio. Prices are in Indian
          rupees (₹, INR) and are paid through Cashfree, our payment gateway. Depending on the offer, you pay
          before the work starts or after you approve the delivery.
        </p>
        <p>
          The final, un-watermarked file is released only after its order has been paid. Until then you see a
          watermarked preview.
        </p>
      </>
    ),
  },
  {
    id: 'cancelling',
    title: '2. Cancelling an order',
    body: (
      <PolicyList>
        <li>
          <strong>Before you pay.</strong> The creator can decline an offer (the editor can withdraw it) and
          can cancel an order that is waiting for payment at once, from the chat. Nothing has been charged, so
          there is nothing to refund.
        </li>
        <li>
          <strong>A late order.</strong> If the due date passes and the editor has not delivered, the creator
          can cancel the order at once and gets a full refund.
        </li>
        <li>
          <strong>By agreement.</strong> Either the creator or the editor may propose to cancel an order. If
          the other side accepts, or does not answer within {windows.cancellationResponse}, the order is
          cancelled and the creator gets a full refund.
        </li>
        <li>
          <strong>When you cannot agree.</strong> Contact us with the order reference (for example{' '}
          <span className="whitespace-nowrap">CR-10482</span>). Our team looks at the order and the chat and
          may cancel it with a full, partial or no refund, depending on the work delivered.
        </li>
      </PolicyList>
    ),
  },
  {
    id: 'deliveries',
    title: '3. Deliveries and completed orders',
    body: (
      <>
        <p>
          When the editor delivers, the creator approves the work or asks for changes, using the revisions the
          order includes. A delivery nobody reviews completes its order automatically after{' '}
          {windows.autoComplete}; the chat gives a reminder before that happens.
        </p>
        <p>
          A completed order can no longer be cancelled. If something is wrong with it, contact us: we review
          each case and may refund in full or in part.
        </p>
      </>
    ),
  },
  {
    id: 'refunds',
    title: '4. How refunds are paid',
    body: (
      <PolicyList>
        <li>
          Refunds go back to the original payment method through Cashfree, in rupees. When an order is
          cancelled with a refund we start it straight away; your bank usually shows it within 5–7 working
          days, depending on the bank and the payment method.
        </li>
        <li>We do not charge a fee for cancelling an order.</li>
        <li>
          A payment made twice, or for an order that was already paid or cancelled, is refunded in full
          automatically.
        </li>
        <li>
          A payment that failed or that you cancelled at checkout is not charged. If money left your account
          anyway, contact us with the order ID shown on the payment page.
        </li>
      </PolicyList>
    ),
  },
  {
    id: 'asking',
    title: '5. How to ask',
    body: (
      <p>
        Cancel or propose a cancellation from the order in your chat. For anything else, send us a ticket from
        the{' '}
        <Link to="/contact" className={policyLinkClass}>
          contact page
        </Link>{' '}
        with your order reference and the payment’s order ID; we reply by e-mail, usually within one working
        day.
      </p>
    ),
  },
  {
    id: 'contact',
    title: '6. Contact us',
    body: <CompanyContact />,
  },
];

/** /refund-policy: cancellations and refunds as the order rules really work (docs/api.md, Orders). */
export default function RefundPolicyPage() {
  const windows = useOrderWindows();
  return (
    <>
      <PageMeta
        title="Refund & Cancellation Policy"
        description="When an order can be cancelled on Cutroom, when you get your money back, and how refunds reach your card or account."
      />
      <LegalPage
        title="Refund & Cancellation Policy"
        lastUpdated={REFUND_POLICY_LAST_UPDATED}
        intro={
          <p>
            This policy explains when an order on Cutroom can be cancelled, when you get your money back, and
            how refunds reach you. Read it together with our{' '}
            <Link to="/terms" className={policyLinkClass}>
              Terms and Conditions
            </Link>
            .
          </p>
        }
        sections={sections(windows)}
      />
    </>
  );
}
