import { describe, expect, it } from 'vitest';
import { connectRequestInputSchema, supportTicketInputSchema } from './support';

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
