/**
 * The third probe's kinds (issue 25, item 14): disguises that were neither refused nor flagged, and the
 * ordinary messages that look closest to the rules written for them.
 *
 * - GAP_EVASIONS: each must block, with the kind given.
 * - GAP_SUSPICIOUS: hints that are not certain; each must at least be flagged.
 * - GAP_LOOK_BACK: a sender's earlier messages, the new message, and the verdict on the new one.
 * - NEAR_ORDINARY: what creators and editors write that resembles the above; each must pass unflagged.
 */
import type { ContactDetailKind, ContactVerdict } from '../types';

export const GAP_EVASIONS: [string, ContactDetailKind][] = [
  // Handles after a platform's short name or a nickname
  ['tg rahulcuts', 'handle'],
  ['tg: rahulcuts', 'handle'],
  ['hit me up on tg, rahulcuts', 'handle'],
  ['find me on the gram: rahul.edits', 'handle'],
  ['the gram @rahulcuts', 'handle'],
  ['on the gram i am rahulcuts', 'handle'],
  ['@rahulcuts on the gram', 'handle'],
  ['the bird app @rahul_x', 'handle'],
  ['bird app: rahulcuts', 'handle'],
  ['rahulcuts on the bird app', 'handle'],
  ['discord: rahulcuts', 'handle'],
  ['telegram: rahulcuts', 'handle'],
  // Messenger ids with their own syntax
  ['discord rahul#1234', 'handle'],
  ['add me rahulcuts#4821', 'handle'],
  ['rahulcuts#0420', 'handle'],
  ['rahul#1234 on discord', 'handle'],
  ['skype live:rahul.cuts_1', 'handle'],
  ['live:.cid.9f3a2b1c0d', 'handle'],
  ['my skype is live:rahulcuts', 'handle'],
  // Meeting and booking links
  ['zoom.us/j/98765432101', 'link'],
  ['https://us05web.zoom.us/j/81234567890?pwd=abc', 'link'],
  ['zoom.us/my/rahulcuts', 'link'],
  ['meet.google.com/abc-defg-hij', 'link'],
  ['join meet . google . com / abc-defg-hij', 'link'],
  ['calendly.com/rahulcuts/30min', 'link'],
  ['book a slot: calendly dot com slash rahulcuts', 'link'],
  ['cal.com/rahulcuts', 'link'],
  ['teams.microsoft.com/l/meetup-join/19%3ameeting_abc', 'link'],
  ['whereby.com/rahulcuts', 'link'],
  // Personal websites, portfolio and channel profiles that lead to a person
  ['my portfolio: rahulcuts.com', 'link'],
  ['see more at www.rahulcuts.in', 'link'],
  ['https://priyafilms.studio', 'link'],
  ['my website is www.rahulkumar.in', 'link'],
  ['portfolio: rahulkumar.in', 'link'],
  ['behance.net/rahulcuts', 'link'],
  ['dribbble.com/rahulcuts', 'link'],
  ['artstation.com/rahulcuts', 'link'],
  ['vimeo.com/rahulcuts', 'link'],
  ['rahulcuts.carrd.co', 'link'],
  ['rahulcuts.github.io', 'link'],
  ['about.me/rahulcuts', 'link'],
  ['fiverr.com/rahulcuts', 'link'],
  ['upwork.com/freelancers/~01abc', 'link'],
  // A URL spelled with spaces
  ['rahulcuts . com', 'link'],
  ['www . rahulcuts . in', 'link'],
  ['rahul cuts dot com', 'link'],
  ['h t t p s : / / rahulcuts . com', 'link'],
  ['w w w . rahulcuts . com', 'link'],
  ['rahulcuts (dot) studio', 'link'],
  // Number words in other languages, Roman numerals
  ['neun acht sieben sechs fünf vier drei zwei eins null', 'phone'],
  ['neun acht sieben sechs fuenf vier drei zwo eins null', 'phone'],
  ['nueve ocho siete seis cinco cuatro tres dos uno cero', 'phone'],
  ['mi número es nueve ocho siete seis cinco, cuatro tres dos uno cero', 'phone'],
  ['nueve 8 siete 6 cinco 4 tres 2 uno 0', 'phone'],
  ['nove otto sette sei cinque quattro tre due uno zero', 'phone'],
  ['nove oito sete seis cinco quatro três dois um zero', 'phone'],
  ['IX VIII VII VI V IV III II I 0', 'phone'],
  ['IX.VIII.VII.VI.V.IV.III.II.I.N', 'phone'],
  // Numbers encoded
  ['0x24cb016ea', 'phone'],
  ['hex: 24CB016EA', 'phone'],
  ['OTg3NjU0MzIxMA==', 'phone'],
  ['base64 OTg3NjU0MzIxMA', 'phone'],
  ['decode this: KzkxIDk4NzY1IDQzMjEw', 'phone'],
  ['cmFodWxAZ21haWwuY29t', 'email'],
  // A phone number split with words in one message
  ['first five 98765, last five 43210', 'phone'],
  ['first half is 98765 and the second half is 43210', 'phone'],
  ['starts with 98765 ... ends with 43210', 'phone'],
  ['first five nine eight seven six five, last five four three two one zero', 'phone'],
  // E-mail with # for @, reversed, with a spaced unknown top-level domain
  ['rahul#gmail.com', 'email'],
  ['rahul # gmail . com', 'email'],
  ['rahulcuts#outlook dot com', 'email'],
  ['moc.liamg@stucluhar', 'email'],
  ['reversed: moc.liamg@stucluhar', 'email'],
  ['rahul @ rahulcuts . studio', 'email'],
  ['rahul at rahulcuts dot photography', 'email'],
];

export const GAP_SUSPICIOUS: string[] = [
  'skip the site, pay me directly',
  'skip the site and pay me direct',
  'lets skip cutroom and save the fees',
  'pay outside cutroom, cheaper for both',
  'avoid the platform fee, send it straight to my account',
  'we can deal off the platform',
  'cut out the middleman',
  'bank transfer is better than the site',
  'my ig: rahulcuts',
  'live:rahulcuts',
  'ig: rahulcuts',
  'fb: rahulkumar',
  'can we do a zoom call tomorrow?',
  'hop on a call?',
  'pay me on paypal',
  'lets deal directly, no commission',
  'youtube.com/@rahulcuts',
  'youtube.com/c/rahulcuts',
];

export const GAP_LOOK_BACK: [earlier: string[], text: string, verdict: ContactVerdict][] = [
  [['first part 98765', 'lol the weather is crazy today'], 'second part 43210', 'block'],
  [['98765', 'anyway, about the edit'], '43210', 'block'],
  [['my digits 98765'], 'sorry, the rest: 43210', 'block'],
  [['The first cut is 2400 frames'], 'the second is 1800 frames', 'allow'],
  [['Budget is 9000'], 'and 25 reels', 'allow'],
  [['order 98765 shipped'], 'invoice 43210 is paid', 'allow'],
  [['3 reels by Monday'], '2 more by Friday', 'allow'],
];

export const NEAR_ORDINARY: string[] = [
  // Payment and "skip" phrases that stay on the platform
  "I'll skip the intro",
  'skip the first 5 seconds and start on the beat',
  "I'll pay on the site as usual",
  'Your money goes through Cutroom, never off-platform.',
  'pay through the site, not directly',
  // Nicknames and short names in ordinary sentences
  'the bird in the shot flies left',
  'tag us on the gram when it is live',
  'add 2 gram of grain to the grade, just a touch',
  'the telegram scene needs a sound effect',
  'discord server vibes for the thumbnail',
  'Insta: done',
  'instagram: posting daily',
  // Messenger-id syntax look-alikes
  'live: 4K footage from the event',
  'Live: Part 2 tonight',
  'hex colour #FF00AA for the title',
  'Use #1a1a1a for the background and #ff5722 for accents',
  '#reels #viral #editing',
  'Scene#1234 needs a colour fix',
  'see clip#0012.mp4 for the jump cut',
  'commit a3f9c2e fixed the export',
  // Meetings without a link
  'meet me in the timeline at 1:20',
  "let's meet tomorrow at the studio",
  'Google Meet? No, keep it in this chat',
  'book a slot in the calendar for the review',
  'the zoom on the second shot is too fast',
  'zoom in at 0:12, zoom out at 0:18',
  // Websites named but not personal, and dots in sentences
  'my website is under construction',
  'Like the intro on www.apple.com',
  'the reference site is apple.com',
  'the dot com boom vibe for the retro edit',
  'Ok. In the morning then',
  'Done. Com sounds are in the folder',
  // Spanish and German with numbers in ordinary sentences
  'Necesito dos videos y tres reels para el lunes',
  'El video dura cinco minutos y tiene dos partes',
  'Ich brauche drei Videos bis Montag, jedes sieben Minuten lang',
  'Wir haben zwei Entwürfe und vier Thumbnails',
  'Il video è pronto, tre clip e due versioni',
  'The video is due on the 3rd',
  "I'd love to work directly with you again",
  // Roman numerals
  'Part II of the series',
  'Chapter IV and Chapter V need music',
  'Rocky II vibe for part one, Part III later',
  'World War II documentary, 3 reels',
  // Numbers in several places of one message
  'first 3 reels by Monday, last 2 by Friday',
  'first cut 12000 frames, last cut 14000 frames',
  'the first five seconds and the last five seconds need music',
  'I liked reels 12 and 18 the most',
];
