/**
 * Written independently of the detector (its source was not read): messages a determined creator or editor
 * would send to reach the other side off the platform or to take payment outside it. Each must be blocked
 * (or at least flagged). All names, numbers, addresses and ids are invented.
 */

/** Handles after a platform's short name or nickname. */
const NICKNAME_HANDLES = [
  'tg pe aa jao, @rohan_cuts_official, wahan fast reply karta hu',
  'dm me on the gram, handle is priya.frames.vfx',
  "I'm more active on the bird app — @kabir_edits23",
  'insta id: @the.reel.guy_ananya follow karke msg karo',
  'snap me: aman.vlogs98, will send the drafts there',
  'my tele is @SahilMotion, ping there for quicker revisions',
  'ig pe dm kar do bhai — neha_motiongfx',
  'check my IG for more work → frames.by.arjun',
  'add me on sc, username is ishaan_98edits',
  'telegram channel hai: CutsByMeera — join kar lo, wahin baat karte hain',
  'X pe follow karo, rajat_vfx_lab, DMs open hain',
  "the 'gram is where I post BTS, find me as kriti.shoots.things",
  'threads pe bhi hu — @dev.edits.daily',
  'blue bird pe search karo vikramcuts_in, pinned tweet mein sab hai',
];

/** Messenger ids written in the messenger's own syntax. */
const MESSENGER_IDS = [
  'discord: rohanedits#4521',
  'add me on Discord — kabir.cuts (new username, no tag)',
  'skype id live:.cid.7a3f9b2c1d4e8f60',
  'Skype pe call karte hain, mera id hai live:ananya.edits22',
  "signal username is meera.42 — it's private, we can talk freely there",
  "I'm on Signal as sahil_motion.07, message me there",
  'dc pe aa jao: arjun_frames#0077',
  'my server invite: discord.gg/cutsquad, DM me there',
  "ping me on discord, @vikram.cuts, I'm usually in voice",
  'Matrix pe hu: @ishaan:matrix.org',
  'Threema ID 7XK4P2MN, sabse safe hai',
  'line id: neha_gfx, kakaotalk pe bhi same',
];

/** Meeting and booking links or ids. */
const MEETINGS = [
  "let's hop on a quick call: meet.google.com/xqz-mbrt-kpa",
  'zoom id 845 2913 6607, passcode edit24',
  'join here us05web.zoom.us/j/84529136607?pwd=aBc12XyZ',
  'book a slot on my calendly: calendly.com/rohan-cuts/30min',
  'Teams link: teams.microsoft.com/l/meetup-join/19%3ameeting_NjQ2ZTk4',
  'gmeet code: abc-defg-hij, 7pm tonight?',
  'meeting ID 921 447 3081 (zoom), bas 10 min lagenge',
  'cal.com/priya-vfx — pick any slot for a call',
  'whereby.com/kabir-edits — room is always open',
  'jitsi pe aa jao: meet.jit.si/RohanCutsReview',
  'Meet code kpx rtn dqe hai, 9 baje join karna',
];

/** Personal websites and channel/portfolio profiles that lead to a person. */
const PROFILES = [
  'full portfolio: www.rohancuts.in',
  'youtube.com/@PriyaFramesVFX — my channel, contact details in the about section',
  'more samples on behance.net/kabirmotion',
  'vimeo.com/ananyaedits has my showreel and my email',
  "check my site arjunframes.studio, there's a contact form",
  "search 'Sahil Motion Pune' on YouTube — first channel, email in the about tab",
  'linkedin.com/in/meera-kulkarni-editor — connect kar lo',
  'linktr.ee/neha.gfx has all my links',
  'dribbble.com/ishaanmakes pe DM kar sakte ho',
  "Google me — 'Harsh Verma video editor Indore', my website is the first result",
  'my reels: instagram.com/dev.edits.daily',
  'devedits.github.io pe contact page hai',
];

/** URLs spelled with spaces or words. */
const SPELLED_URLS = [
  'rohan cuts dot in slash contact',
  'w w w dot priyaframes dot com',
  'insta gram dot com slash kabir underscore edits',
  'wa dot me slash 91 9823146750',
  't dot me / ananya_cuts',
  'calendly (dot) com (slash) sahil-motion',
  'youtube dot com slash at the rate arjun frames',
  'go to h t t p s colon slash slash meera edits dot co dot in',
  'my site: neha-gfx [.] com',
  'bit dot ly slash 3xKp9Qr — open karo',
  'linktr point ee forward slash vikramcuts',
  'behance daat net slash ishaan motion',
];

/** Phone numbers as number words in other languages, and in Roman numerals. */
const NUMBER_WORDS = [
  'meine Nummer: neun acht zwei drei eins vier sechs sieben fünf null',
  'mi número es ocho cuatro cinco uno nueve cero siete tres seis dos',
  'sept trois neuf six zéro deux huit cinq un quatre, appelle-moi',
  'mera number: chhe teen shunya do saat ek aath nau chaar paanch',
  'नौ नौ चार पांच एक दो शून्य तीन आठ सात — whatsapp',
  'XCVIII XXIII CXLVI DCCL — that is my number, whatsapp kar do',
  'VIII IV V I IX nulla VII III VI II',
  'il mio numero: otto otto sette zero quattro uno due tre nove sei',
  'onbathu ettu rendu moonu onnu naalu aaru ezhu anju poojiyam',
  'nau nau chaar paanch, ek do zero, teen aath saat',
  'achtundneunzig dreiundzwanzig hundertsechsundvierzig siebenhundertfünfzig',
  'nueve 8 dos 3 uno 4 seis 7 cinco 0',
  'saat tin noy chhoy shunno dui aat panch ek char',
  'maza number nau aath don teen ek chaar saha saat paach shunya',
];

/** Numbers encoded: hex, base64, reversed, letters for digits, arithmetic. */
const ENCODED_NUMBERS = [
  'hex mein: 2498152fe — decode kar lena 😉',
  'base64: OTgyMzE0Njc1MA==',
  'reverse it: 0576413289',
  'my no. backwards 2637091548, flip it',
  '98 2E l4 67 5O — E is 3, l is 1, O is zero',
  '7E96O285l4 pe call karo',
  'binary for fun: 1001001001100000010101001011111110',
  "octal 67065470142 😂 you're an editor, figure it out",
  'add 1111111111 to 7340796251 and that is my number',
  'subtract one from each digit: 0934257861',
  'ihbcadfgej — a is 1 ... j is 0',
  'my whatsapp is 9945120386 plus one',
  'NzM5NjAyODUxNA== (base64, you know what it is)',
];

/** A phone number split with words within one message. */
const SPLIT_IN_ONE = [
  'first five 98231, last five 46750',
  'pehle 5 digit 84519, baaki 07362',
  'start is 7396, then 028, ends with 514',
  'shuru mein 630, beech mein 271, end mein 8945',
  'first half: nine nine four five one, second half: two zero three eight seven',
  '8870 — that is the start. middle is 412. last three 396',
  'my number starts with 98 and 23, then 14, 67 and ends in 50',
  'first digit 9, then 8, then 2, 3, 1, 4, 6, 7, 5, and the last one is 0',
  'code +91, then 84519 and after that 07362',
  'last 4 are 8514, the first 6 are 739602',
  "630 — that's the circle code, then 2718945",
];

/** E-mail addresses written around the rule. */
const EMAILS = [
  'rohan.cuts#gmail.com',
  'priya.vfx (at) gmail (dot) com',
  'moc.liamg@xfv.ayirp — read it backwards',
  'mail karo: kabir.frames at outlook',
  'ananya [at] ananyaedits . s t u d i o',
  'sahil.motion @ proton . m e',
  'meera underscore kulkarni at the rate yahoo dot co dot in',
  'email id: neha.gfx[@]rediffmail[.]com',
  'arjun dot frames at g mail',
  'moc.kooltuo@semarf.ribak',
  'vikram_cuts {at} z o h o . i n',
  'harsh@harshcreates . x y z',
  'my mail is my username here + gmail',
];

/** Payment off the platform. */
const PAYMENTS = [
  "skip the site, pay me directly, I'll give 15% off",
  'UPI: rohancuts@okaxis',
  "GPay me and I'll start today, no need for the escrow",
  'site ka commission 20% hai, direct bhej do na, dono ka fayda',
  'paytm kar do advance, priya.vfx@paytm',
  'bank transfer is fine: A/c 50100234567812, IFSC HDFC0001234',
  'phonepe pe bhej do, same number jo maine diya',
  "cancel the order here and I'll do it for ₹4,000 outside",
  'PayPal works too, paypal.me/kabirframes',
  'scan karo: upi://pay?pa=ananya@ybl&am=5000',
  'advance NEFT kar do, baaki delivery pe cash',
  "I'll share my QR, pay there, and we both mark this order as cancelled",
  'USDT TRC20 chalega: TQ4x9mKp2R7sLw8vN3bYc6Hd5Jf1Ga0Ze',
  'sahil.motion@ibl pe 50% advance bhej do',
  "don't pay through Cutroom, they hold the money for 7 days, just transfer to me",
  'Wise ya Payoneer se bhej do, outside payment is faster',
];

/** Other ideas: other digit forms, hidden characters, direct chat links. */
const OTHER = [
  '9️⃣8️⃣2️⃣3️⃣1️⃣4️⃣6️⃣7️⃣5️⃣0️⃣',
  'मेरा नंबर ८४५१९०७३६२ है',
  '７３９６０２８５１４ pe call',
  '⑥③⓪②⑦①⑧⑨④⑤',
  '9.9.4.5.1.2.0.3.8.7 whatsapp only',
  'wa.me/918870412396',
  'number: ٩٨٢٣١٤٦٧٥٠',
  'call ⁹⁸⁴⁵¹⁹⁰⁷³⁶²',
  'my no 73\u200b96\u200b02\u200b85\u200b14',
  'nine-eight-two-three-one-four-six-seven-five-zero',
  'double nine four five, one two zero, three eight seven',
  'wa pe hi bhejna: nine8two3one4six7five0',
];

export const INDEPENDENT_EVASIONS_BY_KIND: Record<string, string[]> = {
  nicknameHandles: NICKNAME_HANDLES,
  messengerIds: MESSENGER_IDS,
  meetings: MEETINGS,
  profiles: PROFILES,
  spelledUrls: SPELLED_URLS,
  numberWords: NUMBER_WORDS,
  encodedNumbers: ENCODED_NUMBERS,
  splitInOne: SPLIT_IN_ONE,
  emails: EMAILS,
  payments: PAYMENTS,
  other: OTHER,
};

export const INDEPENDENT_EVASIONS: string[] = Object.values(INDEPENDENT_EVASIONS_BY_KIND).flat();
