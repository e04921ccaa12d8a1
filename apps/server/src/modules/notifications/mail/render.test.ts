import { describe, expect, it } from 'vitest';
import { ALWAYS_SENT_KINDS, NOTIFICATION_KINDS, type NotificationKind } from '@cutroom/contracts';
import type { MailContext, MailData } from './types';
import { renderNotificationMail } from './render';
import { templates } from './templates';
import { absoluteUrl, cleanSubject, formatIst, MAX_SUBJECT_LENGTH } from './format';

const PUBLIC_URL = 'https://cutroom.example';
const ctx: MailContext = {
  recipient: 'asha_creates',
  publicUrl: PUBLIC_URL,
  unsubscribeUrl: `${PUBLIC_URL}/api/notifications/unsubscribe?token=tok_abc.123`,
  settingsUrl: `${PUBLIC_URL}/settings/notifications`,
};
const securityCtx: MailContext = { ...ctx, unsubscribeUrl: null };
const ctxFor = (kind: NotificationKind) => (ALWAYS_SENT_KINDS.includes(kind) ? securityCtx : ctx);

const PAID_AT = '2026-03-05T10:00:00.000Z';
const PAID_AT_IST = '5 Mar 2026, 3:30 pm IST';

type Sample<K extends NotificationKind> = {
  data: Extract<MailData, { kind: K }>;
  subject: string;
  /** Facts the HTML and the text part both carry. */
  facts: string[];
};

/** One sample mail per kind: adding a kind to the contracts without a sample fails to compile. */
const samples: { [K in NotificationKind]: Sample<K> } = {
  new_messages: {
    data: {
      kind: 'new_messages',
      counterpart: 'ravi_edits',
      count: 4,
      excerpts: ['Sent the first cut', 'Can you check the music?'],
      link: '/chat?roomId=7f3c',
    },
    subject: '4 new messages from ravi_edits',
    facts: ['Sent the first cut', 'Can you check the music?', '…and 2 more.'],
  },
  offer_received: {
    data: {
      kind: 'offer_received',
      editor: 'ravi_edits',
      orderRef: 'CR-1042',
      title: 'Wedding highlights reel',
      amount: 14999,
      deliveryDays: 5,
      revisions: 2,
      link: '/orders/9a1b',
    },
    subject: 'New offer from ravi_edits: Wedding highlights reel',
    facts: ['₹14,999', '5 days', '2 revisions', 'CR-1042', 'Wedding highlights reel'],
  },
  order_paid: {
    data: {
      kind: 'order_paid',
      side: 'creator',
      orderRef: 'CR-1042',
      title: 'Wedding highlights reel',
      amount: 150000,
      paidAt: PAID_AT,
      counterpart: 'ravi_edits',
      paymentRef: 'order_Q9xYz123',
      link: '/orders/9a1b',
    },
    subject: 'Receipt for CR-1042: ₹1,50,000',
    facts: ['CR-1042', 'Wedding highlights reel', 'ravi_edits', '₹1,50,000', PAID_AT_IST, 'order_Q9xYz123'],
  },
  delivery_ready: {
    data: {
      kind: 'delivery_ready',
      editor: 'ravi_edits',
      orderRef: 'CR-1042',
      title: 'Wedding highlights reel',
      deliveryNumber: 2,
      link: '/orders/9a1b/deliveries',
    },
    subject: 'Delivery #2 for CR-1042 is ready for review',
    facts: ['delivery #2', 'CR-1042', 'approve it or ask for changes'],
  },
  changes_requested: {
    data: {
      kind: 'changes_requested',
      creator: 'asha_creates',
      orderRef: 'CR-1042',
      title: 'Wedding highlights reel',
      deliveryNumber: 1,
      note: 'Please make the intro shorter\nand the music softer',
      link: '/orders/9a1b',
    },
    subject: 'Changes requested on CR-1042',
    facts: ['Please make the intro shorter', 'and the music softer', 'delivery #1', 'CR-1042'],
  },
  auto_complete_soon: {
    data: {
      kind: 'auto_complete_soon',
      orderRef: 'CR-1042',
      title: 'Wedding highlights reel',
      completesAt: PAID_AT,
      link: '/orders/9a1b',
    },
    subject: 'CR-1042 completes automatically tomorrow',
    facts: [PAID_AT_IST, 'approve it or ask for changes before then', 'CR-1042'],
  },
  order_completed: {
    data: {
      kind: 'order_completed',
      orderRef: 'CR-1042',
      title: 'Wedding highlights reel',
      counterpart: 'asha_creates',
      automatic: true,
      link: '/orders/9a1b',
    },
    subject: 'CR-1042 is completed',
    facts: ['completed automatically', 'CR-1042', 'Wedding highlights reel'],
  },
  order_cancelled: {
    data: {
      kind: 'order_cancelled',
      orderRef: 'CR-1042',
      title: 'Wedding highlights reel',
      by: 'editor',
      refundAmount: 1499.5,
      link: '/orders/9a1b',
    },
    subject: 'CR-1042 was cancelled',
    facts: ['cancelled by the editor', 'A refund of ₹1,499.50 is on its way', 'CR-1042'],
  },
  refund_issued: {
    data: {
      kind: 'refund_issued',
      orderRef: 'CR-1042',
      amount: 1499,
      paymentRef: 'order_Q9xYz123',
      link: '/payments',
    },
    subject: 'Refund of ₹1,499 is on its way',
    facts: ['₹1,499', 'CR-1042', 'order_Q9xYz123'],
  },
  password_changed: {
    data: { kind: 'password_changed', username: 'asha_creates', at: PAID_AT, link: '/forgot-password' },
    subject: 'Your Cutroom password was changed',
    facts: [PAID_AT_IST, "If this wasn't you, reset your password now", 'Reset your password now'],
  },
  payout_details_changed: {
    data: {
      kind: 'payout_details_changed',
      username: 'ravi_cuts',
      at: PAID_AT,
      masked: 'A/c •••• 1234 · HDFC0001234',
      heldUntil: PAID_AT,
      link: '/profile/earnings',
    },
    subject: 'Your Cutroom payout details were changed',
    facts: ['A/c •••• 1234 · HDFC0001234', PAID_AT_IST, "If this wasn't you"],
  },
  support_ticket: {
    data: { kind: 'support_ticket', name: 'Meera', subject: 'Payment stuck', link: '/admin/support/t1' },
    subject: 'New support ticket from Meera',
    facts: ['Meera', 'Payment stuck'],
  },
  message_flagged: {
    data: {
      kind: 'message_flagged',
      reason: 'Asks to continue on WhatsApp',
      source: 'chat',
      link: '/admin/moderation',
    },
    subject: 'A message was flagged for review',
    facts: ['Asks to continue on WhatsApp', 'chat'],
  },
};

const EMAIL_LIKE = /[\w.%+-]+@[\w-]+(\.[\w-]+)*\.[a-z]{2,}/i;
/** The HTML with the invisible joiners that stop auto-linking taken out, to search it as read. */
const visible = (html: string) => html.replaceAll('\u2060', '').replaceAll('<!-- -->', '');

describe('notification mails', () => {
  it('has a template and a sample for every notification kind', async () => {
    expect(Object.keys(templates).sort()).toEqual([...NOTIFICATION_KINDS].sort());
    for (const kind of NOTIFICATION_KINDS) {
      const sample = samples[kind];
      expect(sample.data.kind).toBe(kind);
      const mail = await renderNotificationMail(sample.data, ctxFor(kind));
      expect(mail.subject.length).toBeGreaterThan(0);
      expect(mail.html.length).toBeGreaterThan(0);
      expect(mail.text.length).toBeGreaterThan(0);
    }
  });

  describe.each(NOTIFICATION_KINDS)('%s', (kind) => {
    const sample = samples[kind];
    const link = `${PUBLIC_URL}${sample.data.link}`;

    it('has the expected subject', async () => {
      const mail = await renderNotificationMail(sample.data, ctxFor(kind));
      expect(mail.subject).toBe(sample.subject);
    });

    it('renders the layout and the absolute button link in the HTML', async () => {
      const { html } = await renderNotificationMail(sample.data, ctxFor(kind));
      expect(html.startsWith('<!DOCTYPE html')).toBe(true);
      expect(html).toContain(`href="${link}"`);
      expect(html).toContain('>Cutroom</p>');
      expect(html).toContain('#4f46e5');
      expect(visible(html)).toContain('You get this e-mail because of your Cutroom account (asha_creates).');
      expect(html).toContain(`href="${ctx.settingsUrl}"`);
      expect(html).toContain('E-mail settings');
      for (const fact of sample.facts) expect(visible(html)).toContain(fact.replaceAll("'", '&#x27;'));
    });

    it('spells the same link and the key facts out in the text part', async () => {
      const { text } = await renderNotificationMail(sample.data, ctxFor(kind));
      expect(text).toContain(link);
      expect(text).toContain(`E-mail settings ${ctx.settingsUrl}`);
      for (const fact of sample.facts) expect(text).toContain(fact);
      expect(text).not.toContain('\u2060');
      expect(text).not.toMatch(/<[a-z!/]/i);
      // Every link in the text part is absolute.
      for (const url of text.match(/\b\w+:\/\/\S+/g) ?? []) expect(url.startsWith(PUBLIC_URL)).toBe(true);
    });

    it('prints no e-mail address anywhere', async () => {
      const mail = await renderNotificationMail(sample.data, ctxFor(kind));
      expect(mail.subject).not.toMatch(EMAIL_LIKE);
      expect(visible(mail.html)).not.toMatch(EMAIL_LIKE);
      expect(mail.text).not.toMatch(EMAIL_LIKE);
    });

    it('offers the unsubscribe link exactly when there is one', async () => {
      const withLink = await renderNotificationMail(sample.data, ctx);
      expect(withLink.html).toContain(`href="${ctx.unsubscribeUrl}"`);
      expect(withLink.html).toContain('Unsubscribe from these e-mails');
      expect(withLink.text).toContain(`Unsubscribe from these e-mails ${ctx.unsubscribeUrl}`);

      const without = await renderNotificationMail(sample.data, securityCtx);
      expect(without.html).not.toContain('Unsubscribe');
      expect(without.html).not.toContain('/unsubscribe');
      expect(without.text).not.toContain('Unsubscribe');
      expect(without.text).not.toContain('/unsubscribe');
      expect(without.text).toContain(`E-mail settings ${ctx.settingsUrl}`);
    });
  });

  it('says in the security notice that it is always sent', async () => {
    const mail = await renderNotificationMail(samples.password_changed.data, securityCtx);
    expect(mail.text).toContain('Security notices like this one are always sent');
    expect(mail.html).toContain('Security notices like this one are always sent');
    const other = await renderNotificationMail(samples.order_completed.data, ctx);
    expect(other.text).not.toContain('always sent');
  });

  it('words the variants: the editor side of a payment, a manual completion, one message', async () => {
    const editor = await renderNotificationMail({ ...samples.order_paid.data, side: 'editor' }, ctx);
    expect(editor.subject).toBe('CR-1042 is paid: you can start');
    expect(editor.text).toContain('You can start the work now');
    expect(editor.text).not.toContain('order_Q9xYz123');

    const manual = await renderNotificationMail({ ...samples.order_completed.data, automatic: false }, ctx);
    expect(manual.text).not.toContain('automatically');

    const one = await renderNotificationMail(
      { ...samples.new_messages.data, count: 1, excerpts: ['Hi'] },
      ctx,
    );
    expect(one.subject).toBe('1 new message from ravi_edits');
    expect(one.text).not.toContain('more.');

    const noRefund = await renderNotificationMail(
      { ...samples.order_cancelled.data, by: 'system', refundAmount: null },
      ctx,
    );
    expect(noRefund.text).toContain('was cancelled automatically');
    expect(noRefund.text).not.toContain('refund');

    const noTicketSubject = await renderNotificationMail(
      { ...samples.support_ticket.data, subject: null },
      ctx,
    );
    expect(noTicketSubject.text).not.toContain('Subject:');
  });

  it('escapes HTML in what people wrote and strips line breaks from subjects', async () => {
    const mail = await renderNotificationMail(
      {
        ...samples.offer_received.data,
        editor: 'ravi\r\nBcc: victim',
        title: '<script>alert(1)</script><a href="https://evil.example">x</a>',
      },
      ctx,
    );
    expect(mail.subject).toBe(
      'New offer from ravi Bcc: victim: <script>alert(1)</script><a href="https://evil.example">x</a>',
    );
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).not.toContain('<script');
    expect(mail.html).not.toContain('evil.example"');
    expect(mail.html).not.toMatch(/href="[^"]*evil/);
    expect(visible(mail.html)).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toMatch(/ravi\r?\n/);
    // The text part is plain text: the words as written, on one line.
    expect(mail.text).toContain('<script>alert(1)</script>');
    expect(mail.text).toContain('ravi Bcc: victim sent you an offer');

    const note = await renderNotificationMail(
      { ...samples.changes_requested.data, note: '</blockquote><img src=x onerror=alert(1)>' },
      ctx,
    );
    expect(note.html).not.toContain('<img');
    expect(note.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('does not let an address someone wrote become a link', async () => {
    const mail = await renderNotificationMail(
      { ...samples.new_messages.data, excerpts: ['Files: https://drive.example.com/d/abc and cutroom.in/x'] },
      ctx,
    );
    expect(mail.html).not.toContain('href="https://drive');
    expect(mail.html).not.toContain('https://drive.example.com');
    expect(mail.html).not.toContain('cutroom.in/x');
    expect(visible(mail.html)).toContain('https://drive.example.com/d/abc');
    expect(mail.text).toContain('> Files: https://drive.example.com/d/abc and cutroom.in/x');
    expect(mail.html.match(/href="/g)).toHaveLength(3); // the button, settings, unsubscribe
  });

  it('keeps subjects to one line of at most 150 characters', async () => {
    const mail = await renderNotificationMail(
      { ...samples.offer_received.data, title: `Long\r\n${'x'.repeat(400)}` },
      ctx,
    );
    expect(Array.from(mail.subject)).toHaveLength(MAX_SUBJECT_LENGTH);
    expect(mail.subject.endsWith('…')).toBe(true);
    expect(mail.subject).not.toMatch(/[\r\n\t]/);
    expect(cleanSubject('a\u2028b\u0000c\u202Ed')).toBe('a b c d');
  });

  it('keeps every button link under PUBLIC_URL', async () => {
    expect(absoluteUrl('https://cutroom.example/', '/orders/1')).toBe('https://cutroom.example/orders/1');
    expect(absoluteUrl(PUBLIC_URL, 'orders/1')).toBe(`${PUBLIC_URL}/orders/1`);
    expect(absoluteUrl(PUBLIC_URL, '//evil.example/x')).toBe(`${PUBLIC_URL}/evil.example/x`);
    expect(absoluteUrl(PUBLIC_URL, 'https://evil.example')).toBe(`${PUBLIC_URL}/https://evil.example`);
    expect(absoluteUrl(PUBLIC_URL, 'javascript:alert(1)')).toBe(`${PUBLIC_URL}/javascript:alert(1)`);
    expect(absoluteUrl(PUBLIC_URL, '/chat?roomId=1\r\n')).toBe(`${PUBLIC_URL}/chat?roomId=1`);

    const mail = await renderNotificationMail({ ...samples.refund_issued.data, link: '//evil.example' }, ctx);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/evil.example"`);
  });

  it('shows times in IST', () => {
    expect(formatIst('2026-01-31T20:00:00.000Z')).toBe('1 Feb 2026, 1:30 am IST');
    expect(formatIst('not a date')).toBe('not a date');
  });

  it('renders one mail in well under 50 ms after warm-up', async () => {
    const all = NOTIFICATION_KINDS.map((k) => samples[k].data as MailData);
    for (const data of all) await renderNotificationMail(data, ctx);
    const times: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (const data of all) {
        const start = performance.now();
        await renderNotificationMail(data, ctx);
        times.push(performance.now() - start);
      }
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    expect(median).toBeLessThan(50);
  });
});
