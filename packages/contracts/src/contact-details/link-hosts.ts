/**
 * The hosts the link detector knows, and what a path on each means: channels that open a private
 * conversation, profiles (a post on the same site only flags), link shorteners, meeting and booking
 * pages, and portfolio or freelance profiles that lead to the person.
 */
import type { ContactDetailKind } from './types';

export type PathVerdict = 'block' | 'flag' | null;

export interface HostRule {
  kind: ContactDetailKind;
  label: string;
  /** The reason when the path only flags; default: the label with "profile" turned into "post". */
  flagLabel?: string;
  /** What a path on this host means; absent: any non-empty path blocks. */
  judge?: (segments: string[]) => PathVerdict;
}

const CHANNEL = (label: string): HostRule => ({ kind: 'link', label });
const SHORTENER: HostRule = { kind: 'shortener', label: 'Link shortener' };
const MEETING: HostRule = { kind: 'link', label: 'Meeting or booking link' };
const PORTFOLIO = (label: string): HostRule => ({ kind: 'link', label });

/** First path segments on Vimeo that are not a person's page. */
const VIMEO_PAGES = new Set(
  'channels groups showcase ondemand album video videos categories watch search blog features help'.split(
    ' ',
  ),
);
/** A channel leads to its owner, but creators share their own all the time: flagged, not refused. */
const YOUTUBE_CHANNEL = /^(?:@.+|c|channel|user)$/u;

/** First path segments that are a post, not an account. */
const INSTAGRAM_POSTS = new Set(['p', 'reel', 'reels', 'tv', 'stories', 'explore', 's']);
const FACEBOOK_POSTS = new Set([
  'watch',
  'reel',
  'share',
  'photo',
  'photo.php',
  'videos',
  'story.php',
  'groups',
  'events',
  'hashtag',
  'permalink.php',
  'marketplace',
]);
const X_PAGES = new Set(['i', 'search', 'hashtag', 'home', 'explore']);

const profileOr =
  (posts: ReadonlySet<string>) =>
  (segments: string[]): PathVerdict => {
    const first = segments[0];
    if (first === undefined) return null;
    return posts.has(first) ? 'flag' : 'block';
  };

export const HOSTS: Record<string, HostRule> = {
  'wa.me': CHANNEL('WhatsApp link'),
  'wa.link': CHANNEL('WhatsApp link'),
  'api.whatsapp.com': CHANNEL('WhatsApp link'),
  'chat.whatsapp.com': CHANNEL('WhatsApp group link'),
  'web.whatsapp.com': CHANNEL('WhatsApp link'),
  'whatsapp.com': CHANNEL('WhatsApp link'),
  't.me': CHANNEL('Telegram link'),
  'telegram.me': CHANNEL('Telegram link'),
  'telegram.dog': CHANNEL('Telegram link'),
  'signal.me': CHANNEL('Signal link'),
  'signal.group': CHANNEL('Signal link'),
  'm.me': CHANNEL('Messenger link'),
  'ig.me': CHANNEL('Instagram message link'),
  'fb.me': CHANNEL('Facebook link'),
  'fb.com': CHANNEL('Facebook link'),
  'messenger.com': CHANNEL('Messenger link'),
  'discord.gg': CHANNEL('Discord invite'),
  'line.me': CHANNEL('LINE link'),
  'linktr.ee': CHANNEL('Link-in-bio page'),
  'bio.link': CHANNEL('Link-in-bio page'),
  'beacons.ai': CHANNEL('Link-in-bio page'),
  'lnk.bio': CHANNEL('Link-in-bio page'),
  'taplink.cc': CHANNEL('Link-in-bio page'),
  'instagram.com': { kind: 'link', label: 'Instagram profile link', judge: profileOr(INSTAGRAM_POSTS) },
  'instagr.am': { kind: 'link', label: 'Instagram profile link', judge: profileOr(INSTAGRAM_POSTS) },
  'facebook.com': { kind: 'link', label: 'Facebook profile link', judge: profileOr(FACEBOOK_POSTS) },
  'twitter.com': { kind: 'link', label: 'X (Twitter) profile link', judge: judgeX },
  'x.com': { kind: 'link', label: 'X (Twitter) profile link', judge: judgeX },
  'linkedin.com': {
    kind: 'link',
    label: 'LinkedIn profile link',
    judge: (s) => (s[0] === 'in' ? 'block' : s.length > 0 ? 'flag' : null),
  },
  'snapchat.com': {
    kind: 'link',
    label: 'Snapchat profile link',
    judge: (s) => (s[0] === 'add' ? 'block' : s.length > 0 ? 'flag' : null),
  },
  'tiktok.com': {
    kind: 'link',
    label: 'TikTok profile link',
    flagLabel: 'TikTok profile link',
    // A video is a reference; a bare profile is a way to reach the person.
    judge: (s) => (s.length === 1 && s[0]!.startsWith('@') ? 'flag' : null),
  },
  'threads.net': {
    kind: 'link',
    label: 'Threads profile link',
    flagLabel: 'Threads profile link',
    judge: (s) => (s.length > 0 ? 'flag' : null),
  },
  'discord.com': {
    kind: 'link',
    label: 'Discord invite',
    judge: (s) => (s[0] === 'invite' ? 'block' : null),
  },
  // Meetings and bookings: a call outside the platform.
  'zoom.us': MEETING,
  'zoom.com': MEETING,
  'meet.google.com': MEETING,
  'calendly.com': MEETING,
  'cal.com': MEETING,
  'teams.microsoft.com': MEETING,
  'teams.live.com': MEETING,
  'whereby.com': MEETING,
  'meet.jit.si': MEETING,
  'webex.com': MEETING,
  'tidycal.com': MEETING,
  'savvycal.com': MEETING,
  'zcal.co': MEETING,
  'meetings.hubspot.com': MEETING,
  // Portfolio, freelance and tip pages: a way to hire or pay the person directly.
  'behance.net': PORTFOLIO('Portfolio profile link'),
  'dribbble.com': PORTFOLIO('Portfolio profile link'),
  'artstation.com': PORTFOLIO('Portfolio profile link'),
  'about.me': PORTFOLIO('Personal page link'),
  'carrd.co': PORTFOLIO('Personal page link'),
  'github.com': PORTFOLIO('GitHub profile link'),
  'fiverr.com': PORTFOLIO('Freelance profile link'),
  'upwork.com': PORTFOLIO('Freelance profile link'),
  'freelancer.com': PORTFOLIO('Freelance profile link'),
  'freelancer.in': PORTFOLIO('Freelance profile link'),
  'contra.com': PORTFOLIO('Freelance profile link'),
  'peopleperhour.com': PORTFOLIO('Freelance profile link'),
  'patreon.com': PORTFOLIO('Payment page link'),
  'ko-fi.com': PORTFOLIO('Payment page link'),
  'buymeacoffee.com': PORTFOLIO('Payment page link'),
  'paypal.me': PORTFOLIO('Payment page link'),
  'vimeo.com': {
    kind: 'link',
    label: 'Vimeo profile link',
    judge: (s) => (s[0] === undefined || /^\d+$/u.test(s[0]) || VIMEO_PAGES.has(s[0]) ? null : 'block'),
  },
  'youtube.com': {
    kind: 'link',
    label: 'YouTube channel link',
    flagLabel: 'YouTube channel link',
    judge: (s) => (s[0] !== undefined && YOUTUBE_CHANNEL.test(s[0]) ? 'flag' : null),
  },
  'bit.ly': SHORTENER,
  'bitly.com': SHORTENER,
  'tinyurl.com': SHORTENER,
  't.co': SHORTENER,
  'goo.gl': SHORTENER,
  'cutt.ly': SHORTENER,
  'rb.gy': SHORTENER,
  'is.gd': SHORTENER,
  'v.gd': SHORTENER,
  'shorturl.at': SHORTENER,
  'tiny.cc': SHORTENER,
  'tiny.one': SHORTENER,
  'ow.ly': SHORTENER,
  'rebrand.ly': SHORTENER,
  'buff.ly': SHORTENER,
  'bl.ink': SHORTENER,
  't.ly': SHORTENER,
  's.id': SHORTENER,
  'shorte.st': SHORTENER,
  'adf.ly': SHORTENER,
  'lnkd.in': SHORTENER,
  'soo.gd': SHORTENER,
  'clck.ru': SHORTENER,
  'cli.re': SHORTENER,
  'dub.sh': SHORTENER,
  'qr.ae': SHORTENER,
  'urlz.fr': SHORTENER,
};

function judgeX(segments: string[]): PathVerdict {
  const [first, second] = segments;
  if (first === undefined) return null;
  return X_PAGES.has(first) || second === 'status' ? 'flag' : 'block';
}
