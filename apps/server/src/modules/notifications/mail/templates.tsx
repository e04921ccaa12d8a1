/** @jsxRuntime automatic (also when tsx runs from the repo root, where no tsconfig sets "jsx") */
import type { MailTemplates } from './types';
import { Facts, P, Quote, U } from './layout';
import { formatIst, multiLine, oneLine as one, plural } from './format';
import { disputeTemplates } from './dispute-templates';
import { extensionTemplates } from './extension-templates';
import { fileTemplates } from './file-templates';
import { orderTemplates } from './order-templates';
import { settlementTemplates } from './settlement-templates';

export type { MailTemplate, MailTemplates, Of } from './types';

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

  ...orderTemplates,
  ...fileTemplates,
  ...extensionTemplates,
  ...settlementTemplates,
  ...disputeTemplates,

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
