import { describe, expect, it } from 'vitest';
import {
  connectRequestInputSchema,
  supportReplyInputSchema,
  supportTicketInputSchema,
  supportTicketListQuerySchema,
  supportTicketStatusInputSchema,
} from './support';

describe('support ticket input', () => {
  it('trims fields and accepts an empty subject', () => {
    const parsed = supportTicketInputSchema.parse({
      name: '  Asha ',
      email: ' a@b.co ',
      subject: '',
      message: ' hi ',
    });
    expect(parsed).toEqual({ name: 'Asha', email: 'a@b.co', subject: '', message: 'hi' });
  });

  it('names the first missing field', () => {
    const result = supportTicketInputSchema.safeParse({ email: 'a@b.co', message: 'x' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Name is required');
  });
});

describe('connect request input', () => {
  it('keeps the follower count only for creators', () => {
    const base = { name: 'M', email: 'm@e.co', phone: '9876543210' };
    expect(
      connectRequestInputSchema.parse({ ...base, role: 'Creator', followerCount: '1500' }).followerCount,
    ).toBe(1500);
    expect(
      connectRequestInputSchema.parse({ ...base, role: 'Editor', followerCount: 1500 }).followerCount,
    ).toBeUndefined();
  });

  it('refuses a phone that is not 10 digits', () => {
    const r = connectRequestInputSchema.safeParse({
      name: 'M',
      email: 'm@e.co',
      phone: '98765',
      role: 'Editor',
    });
    expect(r.error?.issues[0]?.message).toBe('Please enter a valid 10-digit phone number');
  });
});

describe('support desk inputs', () => {
  const reply = (message: unknown, close?: unknown) =>
    supportReplyInputSchema.safeParse(close === undefined ? { message } : { message, close });

  it('trims a reply and keeps it as typed, zero-width joiners inside words and emoji included', () => {
    expect(reply('  Thanks, sorted \u{1F468}\u200D\u{1F469}\u200D\u{1F467} \n').data).toEqual({
      message: 'Thanks, sorted \u{1F468}\u200D\u{1F469}\u200D\u{1F467}',
      close: false,
    });
    expect(reply('\u0928\u092E\u0938\u094D\u200D\u0924\u0947', true).data).toEqual({
      message: '\u0928\u092E\u0938\u094D\u200D\u0924\u0947',
      close: true,
    });
  });

  it.each([
    ['', 'Reply is required'],
    ['   \n ', 'Reply is required'],
    ['\u200B\u200C\u200D\u2060\u3164', 'Reply is required'],
    ['bell \u0007', 'Reply must not contain control characters'],
    ['x'.repeat(5001), 'Reply must be at most 5000 characters'],
    [undefined, 'Reply is required'],
  ])('refuses the reply %j: %s', (message, error) => {
    expect(reply(message).error?.issues[0]?.message).toBe(error);
  });

  it('takes only open or closed as a status, and only a filter the list knows', () => {
    expect(supportTicketStatusInputSchema.parse({ status: 'closed' })).toEqual({ status: 'closed' });
    expect(supportTicketStatusInputSchema.safeParse({ status: 'done' }).error?.issues[0]?.message).toBe(
      'Status must be open or closed',
    );
    expect(supportTicketListQuerySchema.parse({})).toMatchObject({ status: 'all', limit: 50 });
    expect(supportTicketListQuerySchema.safeParse({ status: 'spam' }).success).toBe(false);
  });
});
