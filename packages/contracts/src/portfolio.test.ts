import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIERS,
  TIER_FEATURE_PRESETS,
  addTags,
  editorNameInputSchema,
  oversizedFileNames,
  parseSampleField,
  parseSampleTagsField,
  portfolioStructureInputSchema,
  sampleFileField,
  sampleTagsField,
  sizeLimitMessage,
} from './portfolio';

const MB = 1024 * 1024;

describe('tags', () => {
  it('adds typed tags trimmed, split on commas, without duplicates', () => {
    expect(addTags([], '  travel ')).toEqual(['travel']);
    expect(addTags(['travel'], 'Travel, vlog,, , wedding  films')).toEqual([
      'travel',
      'vlog',
      'wedding films',
    ]);
    expect(addTags(['a'], '   ')).toEqual(['a']);
  });

  it('parses the multipart tags field and refuses what is not a list of words', () => {
    expect(parseSampleTagsField('[" Gaming ","gaming","reels"]')).toEqual(['Gaming', 'reels']);
    expect(() => parseSampleTagsField('not json')).toThrow('Tags must be a JSON list of words');
    expect(() => parseSampleTagsField('{"a":1}')).toThrow('Tags must be a list of words');
  });
});

describe('upload field names', () => {
  it('round-trips {tier}_{index} and {tier}_sample_{index}_tags', () => {
    expect(sampleFileField('pro', 2)).toBe('pro_2');
    expect(sampleTagsField('basic', 0)).toBe('basic_sample_0_tags');
    expect(parseSampleField('pro_2')).toEqual({ kind: 'file', tier: 'pro', index: 2 });
    expect(parseSampleField('intermediate_sample_11_tags')).toEqual({
      kind: 'tags',
      tier: 'intermediate',
      index: 11,
    });
    for (const bad of ['gold_1', 'pro_sample_1', 'pro_1_tags', 'pro_', 'basic_x', '__proto__']) {
      expect(parseSampleField(bad)).toBeNull();
    }
  });
});

describe('size limits', () => {
  it('names the files over 10 MB (images) or 100 MB (videos)', () => {
    const files = [
      { name: 'ok.jpg', size: 10 * MB, type: 'image/jpeg' },
      { name: 'big.png', size: 10 * MB + 1, type: 'image/png' },
      { name: 'clip.mp4', size: 99 * MB, type: 'video/mp4' },
      { name: 'film.mov', size: 101 * MB, type: 'video/quicktime' },
    ];
    const names = oversizedFileNames(files);
    expect(names).toEqual(['big.png', 'film.mov']);
    expect(sizeLimitMessage(names)).toBe(
      'Some files exceed size limits (Images: 10MB, Videos: 100MB): big.png, film.mov',
    );
  });
});

describe('structure input', () => {
  it('deduplicates what’s included and features, and orders tiers', () => {
    const parsed = portfolioStructureInputSchema.parse({
      whatsIncluded: ['Voice Over', ' voice over ', 'Drone shots', ''],
      tiers: [
        {
          title: 'pro',
          features: ['VFX & compositing'],
          pricing: [{ reelCount: 1, priceMin: 5000 }],
          deliveryDays: 7,
          revisions: 2,
        },
        {
          title: 'basic',
          description: ' Quick cuts ',
          features: ['1 revision', '1 Revision', 'My own thing'],
          pricing: [{ reelCount: 2, priceMin: 999, priceMax: 1499 }],
          deliveryDays: 3,
          revisions: 1,
        },
      ],
    });
    expect(parsed.whatsIncluded).toEqual(['Voice Over', 'Drone shots']);
    expect(parsed.tiers.map((t) => t.title)).toEqual(['basic', 'pro']);
    expect(parsed.tiers[0]!.features).toEqual(['1 revision', 'My own thing']);
    expect(parsed.tiers[0]!.description).toBe('Quick cuts');
  });

  it('refuses prices below 1, a max below the min, and a repeated tier', () => {
    const base = { title: 'basic' as const, description: '', features: [], deliveryDays: 3, revisions: 1 };
    const bad = (pricing: unknown, extra: unknown[] = []) =>
      portfolioStructureInputSchema.safeParse({ whatsIncluded: [], tiers: [{ ...base, pricing }, ...extra] });
    expect(bad([{ reelCount: 0, priceMin: 100 }]).error?.issues[0]?.message).toBe(
      'Reel count must be at least 1',
    );
    expect(bad([{ reelCount: 1, priceMin: 0 }]).error?.issues[0]?.message).toBe(
      'Minimum price must be at least 1',
    );
    expect(bad([{ reelCount: 1, priceMin: 500, priceMax: 100 }]).error?.issues[0]?.message).toBe(
      'Maximum price cannot be below the minimum price',
    );
    expect(bad([], [{ ...base, pricing: [] }]).error?.issues[0]?.message).toBe(
      'Each tier may appear only once',
    );
  });

  it('has the presets and defaults of SPEC.md §3', () => {
    expect(TIER_FEATURE_PRESETS).toHaveLength(28);
    expect(DEFAULT_TIERS.map((t) => [t.title, t.pricing[0]])).toEqual([
      ['basic', { reelCount: 0, priceMin: 0, priceMax: 0 }],
      ['intermediate', { reelCount: 0, priceMin: 0, priceMax: 0 }],
      ['pro', { reelCount: 0, priceMin: 0, priceMax: 0 }],
    ]);
  });
});

describe('editor name', () => {
  it('trims and refuses an empty name', () => {
    expect(editorNameInputSchema.parse({ username: '  Riya Cuts ' }).username).toBe('Riya Cuts');
    expect(editorNameInputSchema.safeParse({ username: '   ' }).error?.issues[0]?.message).toBe(
      'Name cannot be empty',
    );
  });
});
