import { describe, expect, it } from 'vitest';
import {
  CONTACT_DETAILS_BLOCKED_MESSAGE,
  assessContactDetails,
  containsContactDetails,
  findContactDetails,
} from './contact-details';
import { EVASIONS, LOOK_BACK, ORDINARY, SUSPICIOUS } from './contact-details/corpus';

describe('contact-detail detector: blocks', () => {
  it.each([
    // e-mail, plain and dressed up
    ['mail me at john.doe@gmail.com', 'email'],
    ['JOHN.DOE+work@Company.co.in please', 'email'],
    ['john_99@example.org', 'email'],
    ['john @ gmail . com', 'email'],
    ['john@gmail dot com', 'email'],
    ['john (at) gmail (dot) com', 'email'],
    ['john [at] gmail [dot] com', 'email'],
    ['john {at} outlook {dot} in', 'email'],
    ['john at gmail dot com', 'email'],
    ['john AT yahoo DOT co DOT in', 'email'],
    ['john dot doe at protonmail dot com', 'email'],
    ['john at gmail.com', 'email'],
    ['write to john at gmail', 'email'],
    ['john@gmail', 'email'],
    ['ｊｏｈｎ＠ｇｍａｉｌ．ｃｏｍ', 'email'],
    ['reach me: priya.k@rediffmail.com.', 'email'],
    // a run of 10 or more digits
    ['9876543210', 'phone'],
    ['call me on 919876543210 today', 'phone'],
    ['my number is 98765 43210', 'phone'],
    ['+91 98765 43210', 'phone'],
    ['(987) 654-3210', 'phone'],
    ['987-654-3210', 'phone'],
    ['98.76.54.32.10', 'phone'],
    ['9 8 7 6 5 4 3 2 1 0', 'phone'],
    ['98 765 432 10', 'phone'],
    ['98/76/54/32/10', 'phone'],
    ['9_8_7_6_5_4_3_2_1_0', 'phone'],
    ['98*76*54*32*10', 'phone'],
    ['[98765] [43210]', 'phone'],
    ['98765 - 43210', 'phone'],
    ['0 9876 543 210', 'phone'],
    ['nine eight seven six five four three two one zero', 'phone'],
    ['9 eight 7 six 5 four 3 two 1 zero', 'phone'],
    ['NINE-EIGHT-SEVEN-SIX-FIVE 43210', 'phone'],
    ['９８７６５４３２１０', 'phone'],
    ['९८७६५४३२१०', 'phone'],
    ['9\u200B8\u200B7\u200B6\u200B5\u200B4\u200B3\u200B2\u200B1\u200B0', 'phone'],
    ['9️⃣8️⃣7️⃣6️⃣5️⃣4️⃣3️⃣2️⃣1️⃣0️⃣', 'phone'],
    ['1234567890123', 'phone'],
    ['site www.9876543210.com', 'phone'],
    ['see example.com/u/9876543210', 'phone'],
    // links that open a private channel
    ['https://wa.me/919876543210', 'link'],
    ['wa.me/919876543210', 'link'],
    ['ping me on https://t.me/johndoe', 'link'],
    ['https://api.whatsapp.com/send?phone=919876543210', 'link'],
    ['https://chat.whatsapp.com/AbCdEf', 'link'],
    ['tel:+919876543210', 'link'],
    ['mailto:john@example.com', 'link'],
  ])('%j (%s)', (text, kind) => {
    expect(findContactDetails(text)?.kind).toBe(kind);
    expect(containsContactDetails(text)).toBe(true);
  });
});

describe('contact-detail detector: allows', () => {
  it.each([
    'Hi! I loved your reels. Can you edit 3 of them this week?',
    'The basic tier is ₹1,499 and pro is ₹12,999.',
    'Budget is ₹1,49,999 for the whole series',
    'Rs. 1499-2999 depending on length',
    'Rs 15000 - 25000 works for me',
    '₹15000 - ₹25000',
    'Let us talk at 10:30 or 11:45 tomorrow',
    'Call at 10:30 am - 11:30 am - 12:30 pm',
    'Timestamps 0:00 intro, 1:23 hook, 12:45 outro, 1:02:03 end',
    'Deadline 04/09/2025 - 10/09/2025',
    'Shoot dates: 2025-09-04, 2025-09-10',
    '3 reels, 60 seconds each, 2 revisions',
    'Order 123456789 is on its way (9 digits)',
    'I have 1 2 3 4 5 ideas',
    'I need one or two videos, maybe five',
    'Someone at the office will send the files',
    'Look at me now',
    'I am at home. Coming back soon',
    'I work at netflix.com',
    'Follow @cutroom for updates',
    'Check https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'My sample: https://www.tiktok.com/@john.doe/video/7234567890123456789',
    'Reference vimeo.com/123456789012 please',
    'See https://drive.google.com/file/d/1AbC234567890123XyZ/view',
    'Resolution 1920x1080 at 60fps, 4K is 3840x2160',
    'Version 1.2.3 of the project file',
    '',
    '   ',
  ])('%j', (text) => {
    expect(findContactDetails(text)).toBeNull();
  });
});

describe('contact-detail message', () => {
  it('is the text from the specification', () => {
    expect(CONTACT_DETAILS_BLOCKED_MESSAGE).toBe(
      'You are not allowed to share personal contact details like email or phone.',
    );
  });
});

describe('contact-detail detector: probe evasions are blocked', () => {
  it('has the cases the probe used', () => expect(EVASIONS.length).toBeGreaterThanOrEqual(80));
  it.each(EVASIONS)('%j (%s)', (text, kind) => {
    expect(findContactDetails(text)?.kind).toBe(kind);
    expect(assessContactDetails(text)).toMatchObject({ verdict: 'block', kind });
  });
});

describe('contact-detail detector: ordinary messages pass without a flag', () => {
  it('has enough of them', () => expect(ORDINARY.length).toBeGreaterThanOrEqual(50));
  it.each(ORDINARY)('%j', (text) => {
    expect(findContactDetails(text)).toBeNull();
    expect(assessContactDetails(text)).toEqual({ verdict: 'allow', kind: null, reason: null, match: null });
  });
});

describe('contact-detail detector: suspicious messages are delivered and flagged', () => {
  it.each(SUSPICIOUS)('%j', (text) => {
    expect(findContactDetails(text)).toBeNull();
    const assessment = assessContactDetails(text);
    expect(assessment.verdict).toBe('flag');
    expect(assessment.reason).toEqual(expect.any(String));
  });
});

describe("contact-detail detector: look-back over the sender's earlier messages", () => {
  it.each(LOOK_BACK)('%j then %j → %s', (earlier, text, verdict) => {
    expect(assessContactDetails(text, { earlier }).verdict).toBe(verdict);
  });

  it('says in the reason that the detail was split, and only counts what reaches the new message', () => {
    expect(assessContactDetails('43210', { earlier: ['98765'] })).toMatchObject({
      verdict: 'block',
      kind: 'phone',
      reason: 'Phone number (10 digits) split across messages',
    });
    // The number is wholly in the earlier messages: it was judged when they were sent.
    expect(assessContactDetails('thanks', { earlier: ['98765 43', '210'] }).verdict).toBe('allow');
  });

  it('uses only the last few earlier messages', () => {
    const earlier = ['98765', 'a', 'b', 'c', 'd', 'e'];
    expect(assessContactDetails('43210', { earlier }).verdict).toBe('allow');
  });
});

describe('contact-detail assessment', () => {
  it('gives the kind, a reason for the moderation queue and the normalised match', () => {
    expect(assessContactDetails('insta @rahul.edits')).toEqual({
      verdict: 'block',
      kind: 'handle',
      reason: 'Instagram handle',
      match: 'insta @rahul.edits',
    });
    expect(assessContactDetails('bit.ly/3xYz')).toMatchObject({
      kind: 'shortener',
      reason: 'Link shortener',
    });
    expect(assessContactDetails('call me')).toMatchObject({ verdict: 'flag', match: 'call me' });
    expect(assessContactDetails('\u202Emoc.liamg@lufituaeb').match).toBe('beautiful@gmail.com');
  });
});

describe('contact-detail detector: cost', () => {
  it('stays fast on long hostile inputs (no catastrophic backtracking)', () => {
    const hostile = [
      'a'.repeat(4000) + '@',
      'a.'.repeat(2000),
      'a@' + 'b . '.repeat(1000),
      'x at ' + 'y dot '.repeat(600),
      '1-'.repeat(2000) + 'x',
      'www.' + 'a'.repeat(4000),
    ];
    const started = performance.now();
    for (const text of hostile) findContactDetails(text);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('assesses 20 adversarial 5,000-character messages (and a look-back over them) within 2 seconds', () => {
    const fill = (unit: string): string => unit.repeat(Math.ceil(5000 / unit.length)).slice(0, 5000);
    const hostile = [
      fill('9'),
      fill('9 '),
      fill('9,'),
      fill('9:'),
      fill('9🙂'),
      fill('9a'),
      fill('a@'),
      fill('a.'),
      fill('at '),
      fill('nine '),
      fill('to '),
      fill('double '),
      'a'.repeat(4999) + '@',
      'x@' + fill('y . ').slice(2),
      'x at ' + fill('y dot ').slice(5),
      'www.' + fill('a.').slice(4),
      fill('insta @a '),
      fill('\u202E\u202Ba'),
      fill('t . me / '),
      fill('r a h u l '),
    ];
    expect(hostile).toHaveLength(20);
    expect(hostile.every((text) => text.length === 5000)).toBe(true);
    const started = performance.now();
    for (const text of hostile) assessContactDetails(text);
    assessContactDetails(hostile[0]!, { earlier: hostile.slice(1, 6) });
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
