/**
 * Written independently of the detector (its source was not read): consecutive messages from one sender.
 * - INDEPENDENT_SPLIT_CONVERSATIONS: each array is one attempt to pass a phone number or e-mail address in
 *   pieces, with filler between; the attempt must be caught by the time the last message is sent.
 * - INDEPENDENT_SPLIT_ORDINARY: innocent sequences full of numbers; none of the messages may be blocked.
 * All numbers and addresses are invented.
 */

export const INDEPENDENT_SPLIT_CONVERSATIONS: string[][] = [
  ['my number is', '98231', 'haha sorry was typing', '46750'],
  ['email likh lo', 'rohan.cuts', 'at', 'gmail', 'dot com'],
  ['ok so', '84519', 'one sec my cat', '07362', "that's whatsapp"],
  ['first part: 739', 'second: 602', 'third: 8514'],
  ['priya.vfx', '@', 'gmail.com'],
  ['nau nau chaar', 'paanch ek do', 'zero teen', 'aath saat'],
  ['+91', '63027', 'lol ignore', '18945'],
  ['ananya', 'dot', 'edits', 'at', 'outlook', 'dot', 'com'],
  ['88704', 'these are the first five btw', '12396', 'and these the last five, call after 6'],
  ['98 23', '14 67', '50', 'whatsapp pe'],
  ['meera.kulkarni', 'yahoo.co.in', 'put an @ between them'],
  ['nine eight four five', 'one nine zero', 'seven three six two'],
  ['kabir.frames', 'wahi google wala mail', 'gmail pe'],
];

export const INDEPENDENT_SPLIT_ORDINARY: string[][] = [
  ['cut at 01:12', 'and at 02:45', 'also 03:30 has a mic pop'],
  ['budget is ₹8,000', 'can go up to ₹9,500', 'not more than that'],
  ['export 1920x1080', 'also 1080x1920', 'and a 1080x1080 for the feed'],
  ['v1 done', 'v2 by tomorrow', 'v3 only if needed'],
  ['scene 12', 'take 4', 'the one at 00:14:22'],
  ['10 reels', 'each 30 sec', '5 by Friday', '5 by next Wednesday'],
  ['shoot date 14/09', 'second shoot 21/09', 'final delivery 05/10'],
  ['colour: #FF00AA', 'secondary #1A1A2E', 'font size 48'],
  ['render 1 of 3 done', '2 of 3 at 64%', 'eta 25 min'],
  ['part 1 is 12 min', 'part 2 is 9 min', 'part 3 around 14'],
  ['ISO 800', 'f/2.8', '1/50', 'so some grain is expected'],
  ['clip 0147', 'clip 0152', 'clip 0163', 'those three are the best takes'],
  ['do reels', 'teen shorts', 'aur ek full video', 'sab 5 din mein?'],
];
