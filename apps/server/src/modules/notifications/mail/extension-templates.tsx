/** @jsxRuntime automatic (also when tsx runs from the repo root, where no tsconfig sets "jsx") */
import { Facts, P, Quote, U } from './layout';
import { formatIst, multiLine, oneLine as one, plural } from './format';
import type { MailTemplates } from './types';

// An editor's request for more time on an order, and the creator's answer (or its lapse).

type ExtensionKind = 'extension_requested' | 'extension_answered';

export const extensionTemplates: Pick<MailTemplates, ExtensionKind> = {
  extension_requested(d) {
    const ref = one(d.orderRef);
    const title = one(d.title);
    const editor = one(d.editor);
    const more = plural(d.days, 'more day', 'more days');
    if (d.step === 'withdrawn') {
      return {
        subject: `${editor} withdrew the request for more time on ${ref}`,
        preview: `${title}: the due date stays`,
        heading: 'Request for more time withdrawn',
        action: 'Open the order',
        body: (
          <P>
            <U>{editor}</U> no longer asks for {more} on <U>{title}</U> ({ref}). There is nothing to answer;
            the due date stays.
          </P>
        ),
      };
    }
    const when = formatIst(d.respondBy);
    return {
      subject: `${editor} asks for ${more} on ${ref}: answer by ${when}`,
      preview: `Accept to move the due date of ${title}, or keep it`,
      heading: `${editor} asks for ${more}`,
      action: 'Accept or decline',
      body: (
        <>
          <P>
            <U>{editor}</U> asks for {more} to deliver <U>{title}</U> ({ref}):
          </P>
          <Quote text={multiLine(d.reason)} />
          <P>
            Accept to move the due date, or decline to keep it. If you do not answer by {when}, the request
            lapses and the due date stays.
          </P>
        </>
      ),
    };
  },

  extension_answered(d) {
    const ref = one(d.orderRef);
    const title = one(d.title);
    const creator = one(d.creator);
    const more = plural(d.days, 'more day', 'more days');
    if (d.outcome === 'accepted') {
      const due = d.dueAt ? formatIst(d.dueAt) : '';
      return {
        subject: `${ref} now has ${more}`,
        preview: `${title} is now due ${due}`,
        heading: `${creator} accepted ${more}`,
        action: 'Open the order',
        body: (
          <>
            <P>
              <U>{creator}</U> accepted your request for {more} on <U>{title}</U> ({ref}).
            </P>
            <Facts rows={[['New due date', due]]} />
            <P>Delivered by then, the order counts as on time in your on-time record.</P>
          </>
        ),
      };
    }
    const declined = d.outcome === 'declined';
    return {
      subject: declined
        ? `${creator} kept the due date of ${ref}`
        : `Your request for more time on ${ref} lapsed`,
      preview: `${title}: the due date stays`,
      heading: declined ? 'The due date stays' : 'Your request lapsed',
      action: 'Open the order',
      body: (
        <P>
          {declined ? (
            <>
              <U>{creator}</U> declined your request for {more} on <U>{title}</U> ({ref}).
            </>
          ) : (
            <>
              Your request for {more} on <U>{title}</U> ({ref}) was not answered in time.
            </>
          )}{' '}
          The due date stays. Talk it through in the chat if you need to.
        </P>
      ),
    };
  },
};
