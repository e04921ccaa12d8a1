/** @jsxRuntime automatic (also when tsx runs from the repo root, where no tsconfig sets "jsx") */
import { Facts, P, U } from './layout';
import { formatIst, oneLine as one, plural } from './format';
import type { MailTemplates } from './types';

// An order's files: what the editor hears when the creator hands over footage.

export const fileTemplates: Pick<MailTemplates, 'footage_added' | 'files_expiring'> = {
  footage_added(d) {
    const ref = one(d.orderRef);
    const creator = one(d.creator);
    const title = one(d.title);
    const file = one(d.fileName);
    return {
      subject: `New footage for ${ref}: ${file}`,
      preview: `${creator} added footage to ${title}`,
      heading: 'New footage for your order',
      action: 'Open the order’s files',
      body: (
        <>
          <P>
            <U>{creator}</U> added footage to <U>{title}</U> ({ref}). Download it from the order’s files in
            the chat; more files may follow.
          </P>
          <Facts
            rows={[
              ['File', file],
              ['Size', d.size],
            ]}
          />
        </>
      ),
    };
  },

  files_expiring(d) {
    const ref = one(d.orderRef);
    const title = one(d.title);
    const when = formatIst(d.deleteAt);
    return {
      subject: `The footage of ${ref} is deleted on ${when}`,
      preview: `${plural(d.count, 'file', 'files')} of ${title}: download what you want to keep`,
      heading: 'Footage is about to be deleted',
      action: 'Open the order’s files',
      body: (
        <>
          <P>
            The order <U>{title}</U> ({ref}) has closed. Its footage ({plural(d.count, 'file', 'files')}) is
            deleted from Cutroom on {when}. Download anything you want to keep before then.
          </P>
          <Facts rows={[['Deleted on', when]]} />
        </>
      ),
    };
  },
};
