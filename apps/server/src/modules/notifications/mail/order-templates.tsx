/** @jsxRuntime automatic (also when tsx runs from the repo root, where no tsconfig sets "jsx") */
import { cancelledByPhrase, formatRupees } from '@cutroom/contracts';
import { Facts, P, Quote, U } from './layout';
import { formatIst, multiLine, oneLine as one, plural } from './format';
import type { MailTemplates, Of } from './types';

// The mails of an order's journey, from the offer to a refund: the largest group of templates, kept
// apart so that each file reads as one conversation with its recipients.

type OrderKind =
  | 'offer_received'
  | 'order_paid'
  | 'delivery_ready'
  | 'changes_requested'
  | 'auto_complete_soon'
  | 'order_completed'
  | 'cancellation_requested'
  | 'order_cancelled'
  | 'refund_issued';

const cancelledBy: Record<Of<'order_cancelled'>['by'], string> = {
  creator: 'by the creator',
  editor: 'by the editor',
  admin: 'by Cutroom support',
  system: 'automatically',
};

export const orderTemplates: Pick<MailTemplates, OrderKind> = {
  offer_received(d) {
    const editor = one(d.editor);
    const title = one(d.title);
    return {
      subject: `New offer from ${editor}: ${title}`,
      preview: `${title} for ${formatRupees(d.amount)}, delivered in ${plural(d.deliveryDays, 'day', 'days')}`,
      heading: `New offer from ${editor}`,
      action: 'Review the offer',
      body: (
        <>
          <P>
            <U>{editor}</U> sent you an offer. Review it and pay to get the work started.
          </P>
          <Facts
            rows={[
              ['Offer', title],
              ['Price', formatRupees(d.amount)],
              ['Delivery', `in ${plural(d.deliveryDays, 'day', 'days')}`],
              ['Revisions', d.revisions > 0 ? plural(d.revisions, 'revision', 'revisions') : 'No revisions'],
              ['Order', one(d.orderRef)],
            ]}
          />
        </>
      ),
    };
  },

  order_paid(d) {
    const ref = one(d.orderRef);
    const title = one(d.title);
    const who = one(d.counterpart);
    const amount = formatRupees(d.amount);
    if (d.side === 'creator') {
      return {
        subject: `Receipt for ${ref}: ${amount}`,
        preview: `Your payment of ${amount} for ${title} is confirmed`,
        heading: 'Payment received',
        action: 'View the order',
        body: (
          <>
            <P>
              Thank you: your payment is confirmed and <U>{who}</U> can start on your order. Here is your
              receipt.
            </P>
            <Facts
              rows={[
                ['Order', ref],
                ['Item', title],
                ['Editor', who],
                ['Amount', amount],
                ['Paid on', formatIst(d.paidAt)],
                ['Payment reference', one(d.paymentRef)],
              ]}
            />
          </>
        ),
      };
    }
    return {
      subject: `${ref} is paid: you can start`,
      preview: `${who} paid ${amount} for ${title}`,
      heading: `${ref} is paid`,
      action: 'Open the order',
      body: (
        <>
          <P>
            <U>{who}</U> paid for the order. You can start the work now.
          </P>
          <Facts
            rows={[
              ['Order', ref],
              ['Item', title],
              ['Creator', who],
              ['Amount', amount],
              ['Paid on', formatIst(d.paidAt)],
            ]}
          />
        </>
      ),
    };
  },

  delivery_ready(d) {
    const ref = one(d.orderRef);
    const editor = one(d.editor);
    const title = one(d.title);
    return {
      subject: `Delivery #${d.deliveryNumber} for ${ref} is ready for review`,
      preview: `${editor} delivered ${title}`,
      heading: `Delivery #${d.deliveryNumber} is ready`,
      action: 'Review the delivery',
      body: (
        <>
          <P>
            <U>{editor}</U> sent delivery #{d.deliveryNumber} for <U>{title}</U> ({ref}). Watch the preview,
            then approve it or ask for changes.
          </P>
        </>
      ),
    };
  },

  changes_requested(d) {
    const ref = one(d.orderRef);
    const creator = one(d.creator);
    const title = one(d.title);
    const note = multiLine(d.note);
    return {
      subject: `Changes requested on ${ref}`,
      preview: note ? one(note) : `${creator} asked for changes on ${title}`,
      heading: 'Changes requested',
      action: 'See the request',
      body: (
        <>
          <P>
            <U>{creator}</U> asked for changes on delivery #{d.deliveryNumber} of <U>{title}</U> ({ref})
            {note ? ':' : '.'}
          </P>
          {note ? <Quote text={note} /> : null}
        </>
      ),
    };
  },

  auto_complete_soon(d) {
    const ref = one(d.orderRef);
    const title = one(d.title);
    const when = formatIst(d.completesAt);
    return {
      subject: `${ref} completes automatically tomorrow`,
      preview: `Approve or ask for changes before ${when}`,
      heading: `${ref} completes automatically tomorrow`,
      action: 'Review the delivery',
      body: (
        <>
          <P>
            The latest delivery for <U>{title}</U> ({ref}) will be approved and the order completed
            automatically on {when}.
          </P>
          <P>Please approve it or ask for changes before then.</P>
        </>
      ),
    };
  },

  order_completed(d) {
    const ref = one(d.orderRef);
    const title = one(d.title);
    const who = one(d.counterpart);
    return {
      subject: `${ref} is completed`,
      preview: d.automatic ? `${title} was completed automatically` : `${title} is completed`,
      heading: `${ref} is completed`,
      action: 'View the order',
      body: d.automatic ? (
        <P>
          <U>{title}</U> ({ref}) with <U>{who}</U> was completed automatically: the review time ended without
          a request for changes.
        </P>
      ) : (
        <P>
          <U>{title}</U> ({ref}) with <U>{who}</U> is completed. Thank you for working on Cutroom.
        </P>
      ),
    };
  },

  cancellation_requested(d) {
    const ref = one(d.orderRef);
    const title = one(d.title);
    const who = one(d.counterpart);
    const when = formatIst(d.respondBy);
    return {
      subject: `${who} proposes cancelling ${ref}: answer by ${when}`,
      preview: d.disputed
        ? `Answer by ${when}; while the dispute is open, an unanswered request lapses`
        : `Unanswered, ${title} is cancelled with a full refund on ${when}`,
      heading: `${who} proposes cancelling ${ref}`,
      action: 'Accept or decline',
      body: (
        <>
          <P>
            The {d.by} (<U>{who}</U>) proposes cancelling <U>{title}</U> ({ref}).
          </P>
          {d.reason ? <Quote text={multiLine(d.reason)} /> : null}
          {d.disputed ? (
            <P>
              Accept or decline before {when}. The order is disputed: if nobody answers by then, the request
              lapses and the order stays on hold until the dispute ends.
            </P>
          ) : (
            <P>
              Accept or decline before {when}. If nobody answers by then, the order is cancelled automatically
              and the creator gets a full refund.
            </P>
          )}
        </>
      ),
    };
  },

  order_cancelled(d) {
    const ref = one(d.orderRef);
    const title = one(d.title);
    const refund = d.refundAmount && d.refundAmount > 0 ? formatRupees(d.refundAmount) : null;
    return {
      subject: `${ref} was cancelled`,
      preview: refund ? `${title} was cancelled; ${refund} is refunded` : `${title} was cancelled`,
      heading: `${ref} was cancelled`,
      action: 'View the order',
      body: (
        <>
          <P>
            <U>{title}</U> ({ref}) was cancelled{' '}
            {d.proposedBy && d.proposedBy !== d.by && d.by !== 'admin'
              ? cancelledByPhrase(d.by, d.proposedBy)
              : cancelledBy[d.by]}
            .
          </P>
          {refund ? (
            <P>A refund of {refund} is on its way back to the creator&apos;s original payment method.</P>
          ) : null}
        </>
      ),
    };
  },

  refund_issued(d) {
    const amount = formatRupees(d.amount);
    const ref = d.orderRef ? one(d.orderRef) : null;
    return {
      subject: `Refund of ${amount} is on its way`,
      preview: ref ? `Your refund for ${ref} was issued` : 'Your refund was issued',
      heading: 'Your refund is on its way',
      action: 'View the details',
      body: (
        <>
          <P>
            We issued a refund of {amount}
            {ref ? ` for ${ref}` : ''}. It goes back to the payment method you paid with; banks usually take a
            few working days to show it.
          </P>
          <Facts
            rows={[
              ['Amount', amount],
              ...(ref ? [['Order', ref] as const] : []),
              ['Payment reference', one(d.paymentRef)],
            ]}
          />
        </>
      ),
    };
  },
};
