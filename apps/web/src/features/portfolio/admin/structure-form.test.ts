import { describe, expect, it } from 'vitest';
import { formFromPortfolio, inputFromForm, structureResolver, type StructureForm } from './structure-form';

const resolve = (values: StructureForm) =>
  structureResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('structure form', () => {
  it('starts a new structure from the default tiers (all offered, zero prices)', () => {
    const form = formFromPortfolio({ whatsIncluded: [], tiers: [] });
    expect(form.tiers.map((t) => [t.title, t.offered, t.reelCount, t.priceMin, t.priceMax])).toEqual([
      ['basic', true, 0, 0, 0],
      ['intermediate', true, 0, 0, 0],
      ['pro', true, 0, 0, 0],
    ]);
  });

  it('sends only offered tiers, dropping an empty maximum', () => {
    const form = formFromPortfolio({
      whatsIncluded: ['Voice Over'],
      tiers: [
        {
          title: 'pro',
          description: 'x',
          features: ['VFX & compositing'],
          pricing: [{ reelCount: 2, priceMin: 900 }],
          deliveryDays: 6,
          revisions: 2,
          samples: [],
        },
      ],
    });
    expect(form.tiers.map((t) => t.offered)).toEqual([false, false, true]);
    expect(form.tiers[2]!.priceMax).toBeUndefined();
    form.tiers[2]!.priceMax = Number.NaN; // an emptied number input
    expect(inputFromForm(form).input).toEqual({
      whatsIncluded: ['Voice Over'],
      tiers: [
        {
          title: 'pro',
          description: 'x',
          features: ['VFX & compositing'],
          pricing: [{ reelCount: 2, priceMin: 900 }],
          deliveryDays: 6,
          revisions: 2,
        },
      ],
    });
  });

  it('puts the contracts’ messages on the inputs they are about', async () => {
    const form = formFromPortfolio({ whatsIncluded: [], tiers: [] });
    form.tiers[0]!.offered = false;
    form.tiers[1]!.reelCount = 2;
    form.tiers[1]!.priceMin = 1000;
    form.tiers[1]!.priceMax = 500;
    form.tiers[2]!.reelCount = Number.NaN;
    form.tiers[2]!.priceMin = 100;
    const { errors } = await resolve(form);
    const tiers = errors.tiers as unknown as Record<number, Record<string, { message: string }>>;
    expect(tiers[0]).toBeUndefined();
    expect(tiers[1]!.priceMax!.message).toBe('Maximum price cannot be below the minimum price');
    expect(tiers[2]!.reelCount!.message).toBe('Reel count must be a number');

    form.tiers[1]!.priceMax = 1500;
    form.tiers[2]!.reelCount = 1;
    for (const t of form.tiers) Object.assign(t, { deliveryDays: 5, revisions: 2 });
    expect((await resolve(form)).errors).toEqual({});
  });

  it('asks for the delivery days and revisions of every offered tier, with no default picked', async () => {
    const form = formFromPortfolio({ whatsIncluded: [], tiers: [] });
    expect(form.tiers.map((t) => [t.deliveryDays, t.revisions])).toEqual([
      [Number.NaN, Number.NaN],
      [Number.NaN, Number.NaN],
      [Number.NaN, Number.NaN],
    ]);
    for (const t of form.tiers) Object.assign(t, { reelCount: 1, priceMin: 999 });
    form.tiers[1]!.offered = false;
    form.tiers[2]!.deliveryDays = 91;
    form.tiers[2]!.revisions = 0;
    const tiers = (await resolve(form)).errors.tiers as unknown as Record<
      number,
      Record<string, { message: string }>
    >;
    expect(tiers[0]!.deliveryDays!.message).toBe('Enter the delivery time of a priced tier');
    expect(tiers[0]!.revisions!.message).toBe('Enter the revisions a priced tier includes');
    expect(tiers[1]).toBeUndefined();
    expect(tiers[2]!.deliveryDays!.message).toBe('Delivery time must be at most 90 days');
    expect(tiers[2]!.revisions).toBeUndefined();

    Object.assign(form.tiers[0]!, { deliveryDays: 2, revisions: 1 });
    form.tiers[2]!.deliveryDays = 7;
    expect((await resolve(form)).errors).toEqual({});
    expect(inputFromForm(form).input.tiers.map((t) => [t.title, t.deliveryDays, t.revisions])).toEqual([
      ['basic', 2, 1],
      ['pro', 7, 0],
    ]);
  });
});
