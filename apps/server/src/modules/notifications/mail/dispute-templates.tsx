/** @jsxRuntime automatic (also when tsx runs from the repo root, where no tsconfig sets "jsx") */
import { formatRupees } from '@cutroom/contracts';
import { Facts, P, Quote, U } from './layout';
import { formatIst, multiLine, oneLine as one } from './format';
import type { MailTemplates } from './types';

// A dispute on an order: opened, answered or escalated or withdrawn, decided; and the admins' queue.

type DisputeKind = 'dispute_opened' | 'dispute_updated' | 'dispute_decided' | 'dispute_escalated';

const STEP_WORDS = {
  answered: { subject: 'answered the dispute on', body: 'answered the dispute on' },
  escalated: {
    subject: 'sent the dispute to Cutroom support on',
    body: 'asked Cutroom support to decide the dispute on',
  },
  withdrawn: { subject: 'withdrew the dispute on', body: 'withdrew the dispute on' },
} as const;

export const disputeTemplates: Pick<MailTemplates, DisputeKind> = {
  dispute_opened(d) {
    const ref = one(d.orderRef);
    const who = one(d.counterpart);
    const when = formatIst(d.respondBy);
    return {
      subject: `${who} opened a dispute on ${ref}: answer by ${when}`,
      preview: `${one(d.reason)}: give your side before ${when}`,
      heading: `${who} opened a dispute`,
      action: 'Give your side',
      body: (
        <>
          <P>
            The {d.by} (<U>{who}</U>) opened a dispute on <U>{one(d.title)}</U> ({ref}). The order is on hold
            until it is settled or decided.
          </P>
          <Facts rows={[['Reason', one(d.reason)]]} />
          <Quote text={multiLine(d.statement)} />
          <P>
            Answer with your side and any messages or deliveries that show it before {when}. You can still
            settle together: more time, a different amount or a cancellation. Otherwise Cutroom support
            decides.
          </P>
        </>
      ),
    };
  },

  dispute_updated(d) {
    const ref = one(d.orderRef);
    if (d.counterpart === null) {
      // Nobody sent it: the response deadline passed unsettled.
      return {
        subject: `The dispute on ${ref} went to Cutroom support`,
        preview: `${one(d.title)}: the dispute was not settled in time`,
        heading: 'The dispute went to Cutroom support',
        action: 'Open the dispute',
        body: (
          <P>
            The dispute on <U>{one(d.title)}</U> ({ref}) was not settled in time. Cutroom support decides it.
          </P>
        ),
      };
    }
    const who = one(d.counterpart);
    const words = STEP_WORDS[d.step];
    return {
      subject: `${who} ${words.subject} ${ref}`,
      preview: `${one(d.title)}: the dispute was ${d.step}`,
      heading: `The dispute was ${d.step}`,
      action: 'Open the dispute',
      body: (
        <P>
          <U>{who}</U> {words.body} <U>{one(d.title)}</U> ({ref}).
          {d.step === 'withdrawn' ? ' The order goes on as before.' : ''}
        </P>
      ),
    };
  },

  dispute_decided(d) {
    const ref = one(d.orderRef);
    return {
      subject: `The dispute on ${ref} was decided: ${one(d.decision)}`,
      preview: `${one(d.title)}: ${one(d.decision)}`,
      heading: 'Cutroom support decided the dispute',
      action: 'Open the order',
      body: (
        <>
          <P>
            The dispute on <U>{one(d.title)}</U> ({ref}) was decided.
          </P>
          <Facts
            rows={[
              ['Decision', one(d.decision)],
              ...(d.refund ? [['Refund', formatRupees(d.refund)] as [string, string]] : []),
            ]}
          />
          <Quote text={multiLine(d.note)} />
        </>
      ),
    };
  },

  dispute_escalated(d) {
    const ref = one(d.orderRef);
    return {
      subject: `A dispute on ${ref} waits for a decision`,
      preview: `${one(d.reason)}: the two sides did not settle`,
      heading: 'A dispute waits for a decision',
      action: 'Open the case file',
      body: (
        <P>
          The dispute on {ref} ({one(d.reason)}) was not settled by the two sides. Read the case file and
          decide.
        </P>
      ),
    };
  },
};
