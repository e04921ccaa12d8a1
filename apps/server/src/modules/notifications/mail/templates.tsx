/** @jsxRuntime automatic (also when tsx runs from the repo root, where no tsconfig sets "jsx") */
import type { ReactNode } from 'react';
import { formatRupees } from '@cutroom/contracts';
import type { MailData } from './types';
import { Facts, P, Quote, U } from './layout';
import { formatIst, multiLine, oneLine as one, plural } from './format';

/** What one kind of mail says; the layout around it is shared. */
export interface MailTemplate {
  subject: string;
  /** The inbox's preview line. */
  preview: string;
  heading: string;
  /** The button's words; it always leads to the data's link. */
  action: string;
  body: ReactNode;
}

type Of<K extends MailData['kind']> = Extract<MailData, { kind: K }>;

/** One template per kind: a missing kind fails to compile. */
export type MailTemplates = { [K in MailData['kind']]: (data: Of<K>) => MailTemplate };

const cancelledBy: Record<Of<'order_cancelled'>['by'], string> = {
  creator: 'by the creator',
  editor: 'by the editor',
  admin: 'by Cutroom support',
  system: 'automatically',
};

export const templates: MailTemplates = {
  new_messages(d) {
    const who = one(d.counterpart);
    const excerpts = d.excerpts.map(multiLine).filter(Boolean);
    const more = d.count - excerpts.length;
    return {
      subject: `${plural(d.count, 'new message', 'new messages')} from ${who}`,
      preview: excerpts[0] ? one(excerpts[0]) : `${who} wrote to you on Cutroom`,
      heading: `New messages from ${who}`,
      action: 'Reply in Cutroom',
      body: (
        <>
          <P>
            <U>{who}</U> sent you {plural(d.count, 'message', 'messages')} while you were away
            {excerpts.length > 0 ? ':' : '.'}
          </P>
          {excerpts.map((text, i) => (
            <Quote key={i} text={text} />
          ))}
          {more > 0 && excerpts.length > 0 ? <P>…and {more} more.</P> : null}
        </>
      ),
    };
  },

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
            <U>{title}</U> ({ref}) was cancelled {cancelledBy[d.by]}.
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

  password_changed(d) {
    const when = formatIst(d.at);
    return {
      subject: 'Your Cutroom password was changed',
      preview: `Changed on ${when}. If this wasn't you, reset your password now.`,
      heading: 'Your password was changed',
      action: 'Reset your password now',
      body: (
        <>
          <P>
            The password of your Cutroom account <U>{one(d.username)}</U> was changed on {when}.
          </P>
          <P>If this was you, there is nothing to do. If this wasn&apos;t you, reset your password now.</P>
        </>
      ),
    };
  },

  payout_details_changed(d) {
    const when = formatIst(d.at);
    const held = formatIst(d.heldUntil);
    return {
      subject: 'Your Cutroom payout details were changed',
      preview: `Payouts now go to ${d.masked}. If this wasn't you, tell us now.`,
      heading: 'Your payout details were changed',
      action: 'Check your payout details',
      body: (
        <>
          <P>
            The payout details of your Cutroom account <U>{one(d.username)}</U> were changed on {when}.
            Payouts now go to <U>{one(d.masked)}</U>.
          </P>
          <P>
            To keep your earnings safe, payouts are held until {held}. If this wasn&apos;t you, change your
            password and contact us now: the hold gives us time to stop the payout.
          </P>
        </>
      ),
    };
  },

  support_ticket(d) {
    const name = one(d.name);
    const subject = d.subject ? one(d.subject) : '';
    return {
      subject: `New support ticket from ${name}`,
      preview: subject || `${name} asked for help`,
      heading: 'New support ticket',
      action: 'Open the ticket',
      body: (
        <>
          <P>
            <U>{name}</U> opened a support ticket.
          </P>
          <Facts rows={[['From', name], ...(subject ? [['Subject', subject] as const] : [])]} />
        </>
      ),
    };
  },

  message_flagged(d) {
    return {
      subject: 'A message was flagged for review',
      preview: `Reason: ${one(d.reason)}`,
      heading: 'A message was flagged',
      action: 'Open the review queue',
      body: (
        <>
          <P>A message was flagged and waits for review. Its text is shown in the review queue only.</P>
          <Facts
            rows={[
              ['Reason', one(d.reason)],
              ['Source', one(d.source)],
            ]}
          />
        </>
      ),
    };
  },
};
