/** @jsxRuntime automatic (also when tsx runs from the repo root, where no tsconfig sets "jsx") */
import { ALWAYS_SENT_KINDS } from '@cutroom/contracts';
import { render, toPlainText } from '@react-email/render';
import type { MailContext, MailData, RenderedMail } from './types';
import { MailLayout } from './layout';
import { templates, type MailTemplate } from './templates';
import { absoluteUrl, cleanSubject, NO_AUTOLINK, oneLine } from './format';

/**
 * A notification mail: subject, HTML and a plain-text part. The HTML is rendered once with react-email; the
 * text part is converted from that HTML (html-to-text, as react-email's `plainText` does), so both always say
 * the same, and every link in the text part is written out as its absolute address.
 */
export async function renderNotificationMail(data: MailData, ctx: MailContext): Promise<RenderedMail> {
  // The union's kind picks the matching template; TypeScript cannot correlate the two by itself.
  const template = (templates[data.kind] as (d: MailData) => MailTemplate)(data);
  const html = await render(
    <MailLayout
      preview={oneLine(template.preview)}
      heading={oneLine(template.heading)}
      recipient={oneLine(ctx.recipient)}
      action={{ label: template.action, href: absoluteUrl(ctx.publicUrl, data.link) }}
      settingsUrl={ctx.settingsUrl}
      unsubscribeUrl={ctx.unsubscribeUrl}
      alwaysSent={ALWAYS_SENT_KINDS.includes(data.kind)}
    >
      {template.body}
    </MailLayout>,
  );
  return { subject: cleanSubject(template.subject), html, text: toText(html) };
}

function toText(html: string): string {
  const text = toPlainText(html, {
    selectors: [
      // The heading as written, not upper-cased.
      { selector: 'h1', options: { uppercase: false } },
      // Fact tables as aligned "Label:  value" lines, labels as written.
      {
        selector: '[data-text-format="dataTable"]',
        format: 'dataTable',
        options: { uppercaseHeaderCells: false },
      },
    ],
  });
  return `${text
    .replaceAll(NO_AUTOLINK, '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}
