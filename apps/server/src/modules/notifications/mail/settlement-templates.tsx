/** @jsxRuntime automatic (also when tsx runs from the repo root, where no tsconfig sets "jsx") */
import { formatRupees } from '@cutroom/contracts';
import { Facts, P, Quote, U } from './layout';
import { formatIst, multiLine, oneLine as one } from './format';
import type { MailTemplates } from './types';

// A side's proposal to complete an order for less than was paid, and how it ended when it was not
// accepted: declined or lapsed (told to the side that proposed), withdrawn (told to the side that was
// asked to answer). An accepted one is told by the order's completion and the refund's own mails.

type SettlementKind = 'settlement_proposed' | 'settlement_answered';

export const settlementTemplates: Pick<MailTemplates, SettlementKind> = {
  settlement_proposed(d) {
    const ref = one(d.orderRef);
    const title = one(d.title);
    const who = one(d.counterpart);
    const amount = formatRupees(d.amount);
    const when = formatIst(d.respondBy);
    return {
      subject: `${who} proposes completing ${ref} at ${amount}: answer by ${when}`,
      preview: `${title}: complete at ${amount} of ${formatRupees(d.paid)}, the rest refunded`,
      heading: `${who} proposes a different amount`,
      action: 'Accept or decline',
      body: (
        <>
          <P>
            The {d.by} (<U>{who}</U>) proposes completing <U>{title}</U> ({ref}) for less than was paid.
          </P>
          {d.reason ? <Quote text={multiLine(d.reason)} /> : null}
          <Facts
            rows={[
              ['Paid', formatRupees(d.paid)],
              ['Complete at', amount],
              ['Refunded to the creator', formatRupees(d.refund)],
            ]}
          />
          <P>
            Accepted, the order completes, the final file is released and the difference is refunded. If
            nobody answers by {when}, nothing changes.
          </P>
        </>
      ),
    };
  },

  settlement_answered(d) {
    const ref = one(d.orderRef);
    const title = one(d.title);
    const who = one(d.counterpart);
    const amount = formatRupees(d.amount);
    const subjects = {
      declined: `${who} declined completing ${ref} at ${amount}`,
      withdrawn: `${who} withdrew the proposal to complete ${ref} at ${amount}`,
      lapsed: `Your proposal to complete ${ref} at ${amount} lapsed`,
    };
    const headings = {
      declined: 'Your proposal was declined',
      withdrawn: 'The proposal was withdrawn',
      lapsed: 'Your proposal lapsed',
    };
    return {
      subject: subjects[d.outcome],
      preview: `${title} goes on at its price`,
      heading: headings[d.outcome],
      action: 'Open the order',
      body: (
        <P>
          {d.outcome === 'declined' ? (
            <>
              <U>{who}</U> declined completing <U>{title}</U> ({ref}) at {amount}.
            </>
          ) : d.outcome === 'withdrawn' ? (
            <>
              <U>{who}</U> withdrew the proposal to complete <U>{title}</U> ({ref}) at {amount}: there is
              nothing to answer.
            </>
          ) : (
            <>
              Nobody answered your proposal to complete <U>{title}</U> ({ref}) at {amount} in time.
            </>
          )}{' '}
          The order goes on at its price. Talk it through in the chat, or ask Cutroom support for help.
        </P>
      ),
    };
  },
};
