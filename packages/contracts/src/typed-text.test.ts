import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { registerEditorInputSchema, updatePasswordInputSchema, usernameLoginInputSchema } from './auth';
import { messageContentSchema } from './chat';
import { deliveryFieldsSchema, requestChangesInputSchema } from './delivery';
import {
  acceptOfferInputSchema,
  adminCancelInputSchema,
  adminOrderListQuerySchema,
  cancellationInputSchema,
  createOfferInputSchema,
  offerRequestInputSchema,
} from './orders';
import { adminPayoutsQuerySchema, payoutDetailsInputSchema } from './payouts';
import {
  adminEditorListQuerySchema,
  editorListQuerySchema,
  editorNameInputSchema,
  editorSearchQuerySchema,
  parseSampleTagsField,
  portfolioStructureInputSchema,
} from './portfolio';
import { reviewInputSchema, reviewModerationInputSchema, reviewReplyInputSchema } from './reviews';
import { connectRequestInputSchema, supportReplyInputSchema, supportTicketInputSchema } from './support';
import { hasLoneSurrogate } from './typed-text';

// Half a character: what JSON's "\ud800" or "\udfff" escape parses to when its other half is missing.
const LONE = ['\ud800', '\udbff', '\udc00', '\udfff'];
const broken = (text: string) =>
  LONE.flatMap((s) => [`${s}${text}`, `${text}${s}`, `${text.slice(0, 1)}${s}${text.slice(1)}`]);
// The same code units in the right order are one character (🎬, U+1F3AC): always fine.
const EMOJI = '\ud83c\udfac';

const tier = (fields: Record<string, unknown>) => ({
  whatsIncluded: ['Music'],
  tiers: [{ title: 'basic', description: 'Quick cuts', features: ['Trimming'], ...fields }],
});

/** [field, schema, the input with `text` in that field, the message naming it]. */
const FIELDS: [string, z.ZodType, (text: string) => unknown, string][] = [
  ['offer request brief', offerRequestInputSchema, (t) => ({ brief: t }), 'Brief'],
  [
    'offer title',
    createOfferInputSchema,
    (t) => ({ title: t, amount: 500, deliveryDays: 2, revisions: 1 }),
    'Title',
  ],
  [
    'offer description',
    createOfferInputSchema,
    (t) => ({ title: 'Teaser', description: t, amount: 500, deliveryDays: 2, revisions: 1 }),
    'Description',
  ],
  ['accept brief', acceptOfferInputSchema, (t) => ({ brief: t }), 'Brief'],
  ['cancellation reason', cancellationInputSchema, (t) => ({ reason: t }), 'Reason'],
  ['admin cancel note', adminCancelInputSchema, (t) => ({ note: `Note ${t}` }), 'Note'],
  ['admin orders search', adminOrderListQuerySchema, (t) => ({ q: t }), 'The search'],
  ['tier description', portfolioStructureInputSchema, (t) => tier({ description: t }), 'Description'],
  ['tier feature', portfolioStructureInputSchema, (t) => tier({ features: [t] }), 'A feature'],
  [
    "what's included",
    portfolioStructureInputSchema,
    (t) => ({ ...tier({}), whatsIncluded: [t] }),
    "A what's-included entry",
  ],
  ['editor name', editorNameInputSchema, (t) => ({ username: t }), 'Name'],
  ['editor search', editorSearchQuerySchema, (t) => ({ query: t }), 'The search'],
  ['editor tag filter', editorListQuerySchema, (t) => ({ tags: t }), 'Tags'],
  ['admin editor search', adminEditorListQuerySchema, (t) => ({ search: t }), 'The search'],
  ['chat message', messageContentSchema, (t) => t, 'Message'],
  ['delivery note', deliveryFieldsSchema, (t) => ({ note: t, orderId: crypto.randomUUID() }), 'The note'],
  ['changes note', requestChangesInputSchema, (t) => ({ note: t }), 'The note'],
  ['review', reviewInputSchema, (t) => ({ rating: 5, text: t }), 'Review'],
  ['review reply', reviewReplyInputSchema, (t) => ({ reply: t }), 'Reply'],
  ['review moderation reason', reviewModerationInputSchema, (t) => ({ reason: `Spam ${t}` }), 'Reason'],
  ['support name', supportTicketInputSchema, (t) => ({ name: t, email: 'a@b.co', message: 'hi' }), 'Name'],
  [
    'support subject',
    supportTicketInputSchema,
    (t) => ({ name: 'A', email: 'a@b.co', subject: t, message: 'hi' }),
    'Subject',
  ],
  [
    'support message',
    supportTicketInputSchema,
    (t) => ({ name: 'A', email: 'a@b.co', message: t }),
    'Message',
  ],
  [
    'connect name',
    connectRequestInputSchema,
    (t) => ({ name: t, email: 'a@b.co', phone: '9876543210', role: 'Editor' }),
    'Name',
  ],
  ['support reply', supportReplyInputSchema, (t) => ({ message: t }), 'Reply'],
  ['login username', usernameLoginInputSchema, (t) => ({ username: t, password: 'secret123' }), 'Username'],
  [
    'login password',
    usernameLoginInputSchema,
    (t) => ({ username: 'rohan', password: `secret12${t}` }),
    'Password',
  ],
  [
    'new editor password',
    registerEditorInputSchema,
    (t) => ({ username: 'rohan', password: `secret12${t}` }),
    'Password',
  ],
  [
    'old password',
    updatePasswordInputSchema,
    (t) => ({ oldPassword: `secret12${t}`, newPassword: 'secret123' }),
    'Old password',
  ],
  [
    'payout account holder',
    payoutDetailsInputSchema,
    (t) => ({ method: 'upi', accountHolder: `Asha ${t}`, phone: '9876543210', vpa: 'asha@okbank' }),
    'Account holder name',
  ],
  ['admin payouts search', adminPayoutsQuerySchema, (t) => ({ q: t }), 'The search'],
];

describe('hasLoneSurrogate', () => {
  it('finds half a character anywhere, and never in whole ones', () => {
    for (const text of broken('ab')) expect(hasLoneSurrogate(text), JSON.stringify(text)).toBe(true);
    expect(hasLoneSurrogate(`${EMOJI}\udfac`)).toBe(true);
    expect(hasLoneSurrogate(`\ud83c${EMOJI}`)).toBe(true);
    for (const text of ['', 'plain', EMOJI, `${EMOJI}${EMOJI}`, 'नमस्ते', '\ufffd']) {
      expect(hasLoneSurrogate(text), text).toBe(false);
    }
  });
});

describe('text fields refuse half a character (a lone UTF-16 surrogate)', () => {
  it.each(FIELDS)('%s', (_field, schema, input, label) => {
    for (const text of broken('Reel cut')) {
      const result = schema.safeParse(input(text));
      expect(result.success, JSON.stringify(text)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(`${label} contains an invalid character`);
    }
    // A whole pair is a character like any other (the account holder's name still wants letters).
    const whole = schema.safeParse(input(`Reel cut ${EMOJI}`));
    const messages = whole.error?.issues.map((i) => i.message) ?? [];
    expect(messages).not.toContain(`${label} contains an invalid character`);
  });

  it('a tag of a sample upload (a JSON list in a multipart field)', () => {
    expect(() => parseSampleTagsField(String.raw`["travel", "cut \ud800"]`)).toThrow(
      'A tag contains an invalid character',
    );
    expect(parseSampleTagsField(String.raw`["travel \ud83c\udfac"]`)).toEqual([`travel ${EMOJI}`]);
  });
});
