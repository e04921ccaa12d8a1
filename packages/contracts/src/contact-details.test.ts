import { describe, expect, it } from 'vitest';
import {
  CONTACT_DETAILS_BLOCKED_MESSAGE,
  containsContactDetails,
  findContactDetails,
} from './contact-details';

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
});
