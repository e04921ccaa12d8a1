/**
 * Social handles given next to the platform they belong to: "insta @rahul.edits", "my ig is @rahul_edits",
 * "dm me on instagram: rahul_edits", "telegram @rahul", "snap: rahul123", "@rahul on insta".
 *
 * An "@name" alone is a mention ("Follow @cutroom", "tag @mybrand.in") and passes. Next to a platform name
 * (with at most a few small words between, like "is", "id", "on", "pe", ":") it blocks, as does a word
 * that looks like a handle (has a digit, "_" or "."), or any word after "id"/"handle". A plain word
 * after "my insta is" is only flagged ("my insta is private" is a sentence).
 *
 * The same goes for an address given without its domain after a mail word: "my gmail id is rahuledits",
 * "gmail: rahul.edits" (a mail word needs "id", "is" or ":" first: "email the final_v2 file" passes).
 *
 * Read on the plain reading with URLs blanked out (a link's path is the link detector's business).
 */
import type { Finding } from './types';

const PLATFORMS: Record<string, string> = {
  instagram: 'Instagram',
  insta: 'Instagram',
  instagarm: 'Instagram',
  ig: 'Instagram',
  इंस्टाग्राम: 'Instagram',
  whatsapp: 'WhatsApp',
  whatsap: 'WhatsApp',
  whatapp: 'WhatsApp',
  watsapp: 'WhatsApp',
  watsap: 'WhatsApp',
  whatsaap: 'WhatsApp',
  whtsapp: 'WhatsApp',
  wtsp: 'WhatsApp',
  व्हाट्सएप: 'WhatsApp',
  व्हाट्सऐप: 'WhatsApp',
  telegram: 'Telegram',
  telegarm: 'Telegram',
  tg: 'Telegram',
  टेलीग्राम: 'Telegram',
  snapchat: 'Snapchat',
  snap: 'Snapchat',
  facebook: 'Facebook',
  fb: 'Facebook',
  messenger: 'Messenger',
  twitter: 'X (Twitter)',
  linkedin: 'LinkedIn',
  discord: 'Discord',
  skype: 'Skype',
  signal: 'Signal',
  wechat: 'WeChat',
  // Short names and nicknames
  gram: 'Instagram',
  tele: 'Telegram',
  kik: 'Kik',
  viber: 'Viber',
  threema: 'Threema',
};
/** Mail providers: a name after "my gmail is", "gmail id", "gmail:" is an address. */
const MAIL_PLATFORMS = new Set(['gmail', 'yahoo', 'hotmail', 'outlook', 'rediffmail', 'email', 'mail']);
for (const mail of MAIL_PLATFORMS) PLATFORMS[mail] = 'E-mail';
/** Platform names people split in two. */
const TWO_WORD_PLATFORMS: Record<string, string> = {
  'whats app': 'WhatsApp',
  'insta gram': 'Instagram',
  'snap chat': 'Snapchat',
  'face book': 'Facebook',
  'tele gram': 'Telegram',
  'linked in': 'LinkedIn',
  'the gram': 'Instagram',
  'bird app': 'X (Twitter)',
  'bird site': 'X (Twitter)',
  'blue bird': 'X (Twitter)',
};

/**
 * Names that mean only a messenger (or are a nickname of one): a plain word given after them with a
 * colon, "is" or "id" is the account ("tg: rahulcuts", "the gram: rahulcuts"); after the abbreviations and
 * messengers it may even follow directly ("tg rahulcuts") unless it is a word about the app itself.
 */
const NICKNAMES = new Set(['the gram', 'gram', 'bird app', 'bird site', 'blue bird']);
const ADJACENT_NAMES = new Set([
  'tg',
  'tele',
  'telegram',
  'discord',
  'skype',
  'kik',
  'wechat',
  'viber',
  'threema',
]);
const STRONG = new Set([...NICKNAMES, ...ADJACENT_NAMES]);
/** Words that follow a messenger's name without being an account ("telegram group", "discord server"). */
const APP_WORDS = new Set(
  (
    'group groups channel channels chat chats call calls server servers link links scene app account bot ' +
    'message messages notification notifications sticker stickers emoji vibes video videos voice status ' +
    'story stories for and or was the when where while with this that there then user users logo style ' +
    'theme sound icon screen screenshot reel reels post posts page feed live ringtone ringtones tone meme ' +
    'memes effect effects filter filters transition transitions update clone interface ui'
  ).split(' '),
);

/** Small words that may stand between a platform and a handle ("my ig is …", "insta pe follow karo …"). */
const FILLERS = new Set(
  (
    'is id handle username user name naam account acc profile page me on at my mera meri mere pe par se ' +
    'hai h ka ki ke add follow dm msg message ping search find check out karo kar kr the a us our mujhe ' +
    'bhi also there its as aa jao aao aaja dekho dekh lo milo bhai yaar i am im : - = > | ( ) ,'
  ).split(' '),
);
/** Words after which any word is taken as the handle ("insta id rahul"); a colon is not enough ("for
 * insta: reels and stories"). */
const INTRODUCERS = new Set(['id', 'handle', 'username', 'user', 'naam', 'name']);
/** Words between a handle and the platform after it ("@rahul on insta", "rahul_edits pe insta"). */
const CONNECTORS = new Set(['on', 'at', 'pe', 'par', 'in', 'via', 'from', 'se']);
const BACK_FILLERS = new Set([
  ...CONNECTORS,
  'the',
  'my',
  'mera',
  'meri',
  'is',
  'ka',
  'ki',
  'ke',
  '-',
  ':',
  '(',
  ')',
  ',',
]);
const OWNERS = new Set(['my', 'mera', 'meri', 'mere', 'apna', 'apni']);
/** Words that follow "insta id:" without being a name. */
const NOT_NAMES = new Set(
  (
    'please pls plz here same below above later soon yes no ok okay private public nahi hai sent send share dm ' +
    'done ready posted uploaded pending scheduled today tomorrow tonight sure thanks none both all everything'
  ).split(' '),
);
const MAX_FILLERS = 4;

const TOKEN = /@?[\p{L}\p{N}][\p{M}]*(?:[\p{L}\p{N}\p{M}_]|[.](?=[\p{L}\p{N}_]))*|[:=>|(),-]/gu;
const FILE_OR_SITE = /\.(?:png|jpe?g|gif|webp|svg|mp4|mov|psd|aep|prproj|pdf|zip|com|in|net|org|io|co)$/u;

interface Token {
  text: string;
  start: number;
  end: number;
}

const looksLikeHandle = (word: string): boolean => {
  const bare = word.startsWith('@') ? word.slice(1) : word;
  return /^[a-z][a-z0-9._]{2,29}$/u.test(bare) && /[0-9._]/u.test(bare) && !FILE_OR_SITE.test(bare);
};
const looksLikeName = (word: string): boolean =>
  /^[a-z][a-z0-9._]{2,29}$/u.test(word) && !NOT_NAMES.has(word);
/** "@name": has a letter and is not a time ("post on insta @6pm"). */
const isMention = (word: string): boolean =>
  /^@[\p{L}\p{N}_][\p{L}\p{N}._]{1,29}$/u.test(word) &&
  /\p{L}/u.test(word) &&
  !/^@\d{1,2}(?:[.:]\d{2})?(?:am|pm|hrs?)?$/u.test(word);

const isAccountWord = (word: string): boolean =>
  looksLikeName(word) && !APP_WORDS.has(word) && !FILLERS.has(word);

/** A plain word after a messenger's name: introduced ("tg: x", "the gram is x"), or right after "tg". */
function plainAccount(word: string, introduced: boolean, adjacent: boolean, platform: string): boolean {
  if (!isAccountWord(word)) return false;
  return introduced || (adjacent && ADJACENT_NAMES.has(platform));
}

export function findHandles(text: string): Finding[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(TOKEN)) {
    tokens.push({ text: match[0], start: match.index, end: match.index + match[0].length });
  }
  const findings: Finding[] = [];
  const report = (
    verdict: Finding['verdict'],
    reason: string,
    from: Token,
    to: Token,
    mail = false,
  ): void => {
    const start = Math.min(from.start, to.start);
    const end = Math.max(from.end, to.end);
    findings.push({
      kind: mail ? 'email' : 'handle',
      verdict,
      reason,
      start,
      end,
      text: text.slice(start, end),
    });
  };
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    const next = tokens[i + 1];
    const pair =
      next && next.start === token.end + 1 ? TWO_WORD_PLATFORMS[`${token.text} ${next.text}`] : undefined;
    const platform = pair ?? PLATFORMS[token.text];
    if (!platform) continue;
    const last = pair ? i + 1 : i;
    const strong = STRONG.has(pair ? `${token.text} ${next!.text}` : token.text);

    // Forward: platform, a few small words, then the handle.
    let j = last + 1;
    let introduced = false;
    let is = false;
    let colon = false;
    let punctuated = false;
    while (j < tokens.length && j - last <= MAX_FILLERS && FILLERS.has(tokens[j]!.text)) {
      introduced ||= INTRODUCERS.has(tokens[j]!.text);
      is ||= tokens[j]!.text === 'is' || tokens[j]!.text === 'am';
      colon ||= tokens[j]!.text === ':';
      punctuated ||= /^[:,\-=>|]$/u.test(tokens[j]!.text);
      j += 1;
    }
    const after = tokens[j];
    const mail = platform === 'E-mail';
    if (after && j - last <= MAX_FILLERS + 1) {
      // "email the final_v2 file" is an instruction: a mail word needs "id", ":" or "is" before the name,
      // and after "is" the name must look like one ("my email is different now").
      const named = mail
        ? ((introduced || colon) && looksLikeName(after.text)) || (is && looksLikeHandle(after.text))
        : isMention(after.text) ||
          looksLikeHandle(after.text) ||
          (introduced && looksLikeName(after.text)) ||
          (strong &&
            plainAccount(after.text, introduced || is || punctuated, j === last + 1, pair ?? token.text));
      if (named) {
        report(
          'block',
          mail ? 'E-mail address without the domain' : `${platform} handle`,
          token,
          after,
          mail,
        );
        continue;
      }
      const owner = tokens[i - 1];
      // "my gmail is rahuledits" is flagged; "my email is different now" is a sentence.
      const generic = token.text === 'email' || token.text === 'mail';
      if ((is || colon) && !generic && owner && OWNERS.has(owner.text) && looksLikeName(after.text)) {
        report('flag', mail ? 'Possible e-mail address' : `Possible ${platform} handle`, owner, after, mail);
        continue;
      }
      // "ig: rahulcuts" — one plain name after the platform and a colon, ending the sentence.
      const closing = tokens[j + 1];
      if (
        !mail &&
        colon &&
        j === last + 2 &&
        isAccountWord(after.text) &&
        (!closing || /^[,)|]$/u.test(closing.text))
      ) {
        report('flag', `Possible ${platform} handle`, token, after);
        continue;
      }
    }

    // Backward: a handle, a few small words ("on", "pe"), then the platform.
    let k = i - 1;
    let connected = false;
    while (k >= 0 && i - k <= MAX_FILLERS && BACK_FILLERS.has(tokens[k]!.text)) {
      connected ||= CONNECTORS.has(tokens[k]!.text);
      k -= 1;
    }
    const before = tokens[k];
    // A plain name before a nickname counts only where it opens the sentence ("rahulcuts on the bird app").
    const opens = k === 0 || /^[:,\-(]$/u.test(tokens[k - 1]?.text ?? '');
    const plainBefore = strong && connected && opens && before !== undefined && isAccountWord(before.text);
    if (
      !mail &&
      before &&
      (isMention(before.text) || (connected && looksLikeHandle(before.text)) || plainBefore)
    ) {
      report('block', `${platform} handle`, before, tokens[last]!);
    }
  }
  return findings;
}
