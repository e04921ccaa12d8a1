import type { PortfolioStructureInput, TierTitle } from '@cutroom/contracts';

// Who the demo editors are (names, tiers, prices, sample titles and tags), apart from demo-seed.ts, which
// draws their media and writes them: the data changes for the demo, the seeding for the product.

export interface DemoSample {
  tier: TierTitle;
  kind: 'image' | 'video';
  title: string;
  tags: string[];
}
export interface DemoEditor {
  username: string;
  structure?: PortfolioStructureInput;
  samples?: DemoSample[];
}

const price = (reelCount: number, priceMin: number, priceMax?: number) => [
  { reelCount, priceMin, ...(priceMax ? { priceMax } : {}) },
];
const basic = (min: number, max?: number) => ({
  title: 'basic' as const,
  description: 'Clean cuts for short-form content, delivered fast.',
  features: ['1 revision', 'Trimming & cutting', 'Basic transitions', 'Audio leveling'],
  pricing: price(1, min, max),
  deliveryDays: 3,
  revisions: 1,
});
const intermediate = (min: number, max?: number) => ({
  title: 'intermediate' as const,
  description: 'Polished edits with colour, sound design and styled captions.',
  features: ['Up to 2 revisions', 'Creative color grading', 'Stylized subtitles', 'Background music syncing'],
  pricing: price(3, min, max),
  deliveryDays: 5,
  revisions: 2,
});
const pro = (min: number, max?: number) => ({
  title: 'pro' as const,
  description: 'Full production: motion graphics, VFX and a mastered mix.',
  features: [
    'Advanced motion graphics & animation',
    'VFX & compositing',
    'Audio mixing & mastering',
    'Thumbnail creation',
    'Express delivery',
  ],
  pricing: price(5, min, max),
  deliveryDays: 4,
  revisions: 1,
});

/** About a dozen editors with varied tiers, prices and tags; two have no portfolio yet. */
export const DEMO_EDITORS: DemoEditor[] = [
  {
    username: 'Aarav Edits',
    structure: {
      whatsIncluded: ['Background Music', 'Revisions'],
      tiers: [basic(999), intermediate(2499, 3999), pro(6999, 9999)],
    },
    samples: [
      { tier: 'basic', kind: 'image', title: 'Goa travel reel', tags: ['travel', 'reels'] },
      { tier: 'pro', kind: 'video', title: 'Cinematic teaser', tags: ['cinematic', 'travel'] },
    ],
  },
  {
    username: 'Meera Motion',
    structure: {
      whatsIncluded: ['Stock Footage', 'Voice Over', 'Revisions'],
      tiers: [intermediate(1999), pro(5499, 8999)],
    },
    samples: [
      { tier: 'intermediate', kind: 'image', title: 'Product launch', tags: ['motion graphics', 'ads'] },
      { tier: 'pro', kind: 'video', title: 'Logo animation', tags: ['motion graphics', 'branding'] },
    ],
  },
  {
    username: 'Kabir Cuts',
    structure: { whatsIncluded: ['Background Music'], tiers: [basic(499, 799)] },
    samples: [
      { tier: 'basic', kind: 'image', title: 'Gaming montage', tags: ['gaming', 'youtube'] },
      { tier: 'basic', kind: 'video', title: 'Clutch highlights', tags: ['gaming', 'shorts'] },
    ],
  },
  {
    username: 'Ishita Frames',
    structure: {
      whatsIncluded: ['Background Music', 'Stock Footage', 'Revisions'],
      tiers: [basic(1499), intermediate(2999), pro(7999, 12999)],
    },
    samples: [
      { tier: 'intermediate', kind: 'image', title: 'Wedding film', tags: ['wedding', 'cinematic'] },
      { tier: 'pro', kind: 'image', title: 'Sangeet night', tags: ['wedding', 'color grading'] },
      { tier: 'pro', kind: 'video', title: 'Wedding teaser', tags: ['wedding'] },
    ],
  },
  {
    username: 'Rohan Vlogs',
    structure: { whatsIncluded: ['Voice Over'], tiers: [basic(799), intermediate(1799, 2499)] },
    samples: [
      { tier: 'basic', kind: 'image', title: 'Day in Mumbai', tags: ['vlog', 'travel'] },
      { tier: 'intermediate', kind: 'video', title: 'Street food vlog', tags: ['vlog', 'food'] },
    ],
  },
  {
    username: 'Zoya Studio',
    structure: { whatsIncluded: ['Stock Footage', 'Revisions'], tiers: [pro(9999, 14999)] },
    samples: [
      { tier: 'pro', kind: 'image', title: 'Fashion campaign', tags: ['fashion', 'ads'] },
      { tier: 'pro', kind: 'video', title: 'Runway recap', tags: ['fashion', 'cinematic'] },
    ],
  },
  {
    username: 'Dev Podcasts',
    structure: {
      whatsIncluded: ['Background Music', 'Voice Over'],
      tiers: [basic(1199), intermediate(2199)],
    },
    samples: [
      { tier: 'basic', kind: 'image', title: 'Podcast clips', tags: ['podcast', 'shorts'] },
      { tier: 'intermediate', kind: 'video', title: 'Interview cut', tags: ['podcast', 'subtitles'] },
    ],
  },
  {
    username: 'Ananya Reels',
    structure: {
      whatsIncluded: ['Background Music', 'Stock Footage', 'Voice Over', 'Revisions'],
      tiers: [basic(599), intermediate(1499, 1999), pro(3999)],
    },
    samples: [
      { tier: 'basic', kind: 'image', title: 'Fitness reel', tags: ['fitness', 'reels'] },
      { tier: 'intermediate', kind: 'image', title: 'Recipe reel', tags: ['food', 'reels'] },
      { tier: 'pro', kind: 'video', title: 'Gym transformation', tags: ['fitness'] },
    ],
  },
  {
    username: 'Vikram Anime',
    structure: { whatsIncluded: ['Revisions'], tiers: [intermediate(2499), pro(4999)] },
    samples: [
      { tier: 'intermediate', kind: 'image', title: 'AMV edit', tags: ['anime', 'amv'] },
      { tier: 'pro', kind: 'video', title: 'Opening remix', tags: ['anime', 'music video'] },
    ],
  },
  {
    username: 'Sana Music',
    structure: { whatsIncluded: ['Background Music'], tiers: [pro(11999, 19999)] },
    samples: [
      { tier: 'pro', kind: 'video', title: 'Indie music video', tags: ['music video', 'color grading'] },
    ],
  },
  { username: 'Neel Newcomer' },
  { username: 'Tara Tutorials', structure: { whatsIncluded: [], tiers: [] } },
];
