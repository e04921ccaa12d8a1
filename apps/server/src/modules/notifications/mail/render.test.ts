import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from '@cutroom/contracts';
import type { MailData } from './types';
import { renderNotificationMail } from './render';
import { templates } from './templates';
import { absoluteUrl, cleanSubject, formatIst, MAX_SUBJECT_LENGTH } from './format';
import { PUBLIC_URL, ctx, ctxFor, samples, securityCtx, stepSamples } from './render.samples';

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

  it.each(stepSamples.map((s) => [s.subject, s] as const))('a step told under its kind: %s', async (_, s) => {
    const mail = await renderNotificationMail(s.data, ctxFor(s.data.kind));
    expect(mail.subject).toBe(s.subject);
    for (const fact of s.facts) expect(mail.text).toContain(fact);
    expect(mail.text).toContain(`${PUBLIC_URL}${s.data.link}`);
  });

  it('says a cancellation the editor proposed and the creator accepted was agreed, not "by the creator"', async () => {
    const data = { ...samples.order_cancelled.data, by: 'creator', proposedBy: 'editor' } as MailData;
    const { text } = await renderNotificationMail(data, ctxFor('order_cancelled'));
    expect(text).toContain('was cancelled by agreement: the editor proposed it and the creator accepted.');
    expect(text).not.toContain('by the creator');
  });

  it('tells the side asked to answer a settlement that the proposal was withdrawn, and lapsed ones to the proposer', async () => {
    const base = samples.settlement_answered.data;
    const withdrawn = await renderNotificationMail(
      { ...base, outcome: 'withdrawn' } as MailData,
      ctxFor('settlement_answered'),
    );
    expect(withdrawn.subject).toBe('ravi_cuts withdrew the proposal to complete CR-1042 at ₹4,000');
    expect(withdrawn.text).toContain('there is nothing to answer');
    const lapsed = await renderNotificationMail(
      { ...base, outcome: 'lapsed' } as MailData,
      ctxFor('settlement_answered'),
    );
    expect(lapsed.subject).toBe('Your proposal to complete CR-1042 at ₹4,000 lapsed');
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

  it('says in the security notice and the pending cancellation that they are always sent', async () => {
    for (const data of [samples.password_changed.data, samples.cancellation_requested.data]) {
      const mail = await renderNotificationMail(data, securityCtx);
      expect(mail.text).toContain('E-mails like this one are always sent');
      expect(mail.html).toContain('E-mails like this one are always sent');
    }
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
