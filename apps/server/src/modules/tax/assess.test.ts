import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assessOrder, rateOn, type AssessInput, type EditorTaxFacts, type TaxRateRow } from './assess';
import { TAX_RATE_HISTORY } from './rate-history';

const PLATFORM = '29';
const AT = new Date('2025-06-01T06:00:00Z');

const editor = (facts: Partial<EditorTaxFacts> = {}): EditorTaxFacts => ({
  entityType: 'individual',
  stateCode: PLATFORM,
  hasPan: true,
  hasAadhaar: false,
  registered: false,
  ...facts,
});

const input = (over: Partial<AssessInput> = {}): AssessInput => ({
  grossPaise: 1_000_000,
  feePaise: 200_000,
  at: AT,
  platformStateCode: PLATFORM,
  editor: editor(),
  fyGrossBeforePaise: 60_000_000,
  ...over,
});

const assess = (over: Partial<AssessInput> = {}) => assessOrder(input(over), TAX_RATE_HISTORY);

describe('assessOrder: who pays what (₹10,000 order, ₹2,000 fee incl. GST, June 2025)', () => {
  // Commission 200,000 ÷ 1.18 = 169,491.53 → 169,492; GST 200,000 − 169,492 = 30,508 = 15,254 + 15,254.
  // What the fee leaves: 1,000,000 − 200,000 = 800,000. TCS 0.5 % of the gross = 5,000; TDS 0.1 % = 1,000,
  // without PAN or Aadhaar 5 % = 50,000. Share = 800,000 − TCS − TDS.
  const SAME = [15_254, 15_254, 0] as const; // GST as [CGST, SGST, IGST]
  const ACROSS = [0, 0, 30_508] as const;
  const registered = editor({ registered: true });
  const elsewhere = { registered: true, stateCode: '27' } as const;
  const aadhaarOnly = editor({ hasPan: false, hasAadhaar: true });
  const companyNoPan = editor({ entityType: 'company', hasPan: false });
  // editor, intra-state, GST, TCS, TDS, TDS reason, share
  it.each([
    // 800,000 − 5,000 − 1,000
    ['registered, same state', registered, true, SAME, 5_000, 1_000, 'standard', 794_000],
    ['registered, other state', editor(elsewhere), false, ACROSS, 5_000, 1_000, 'standard', 794_000],
    // 800,000 − 0 − 1,000
    ['unregistered, same state', editor(), true, SAME, 0, 1_000, 'standard', 799_000],
    ['unregistered, other state', editor({ stateCode: '07' }), false, ACROSS, 0, 1_000, 'standard', 799_000],
    ['only Aadhaar (quoted instead of PAN)', aadhaarOnly, true, SAME, 0, 1_000, 'standard', 799_000],
    // 800,000 − 0 − 50,000
    ['neither PAN nor Aadhaar', editor({ hasPan: false }), true, SAME, 0, 50_000, 'no_pan', 750_000],
    ['no tax profile at all', null, true, SAME, 0, 50_000, 'no_pan', 750_000],
    ['a company without PAN', companyNoPan, true, SAME, 0, 50_000, 'no_pan', 750_000],
  ] as const)('%s', (_name, who, intra, [cgst, sgst, igst], tcs, tds, reason, share) => {
    const a = assess({ editor: who });
    expect(a.intraState).toBe(intra);
    expect(a.commissionPaise).toBe(169_492);
    expect(a.gst).toEqual({
      cgstPaise: cgst,
      sgstPaise: sgst,
      igstPaise: igst,
      totalPaise: 30_508,
      ratePpm: 180_000,
    });
    expect(a.tcs.totalPaise).toBe(tcs);
    expect(a.tcs.igstPaise).toBe(0);
    expect(a.tcs.cgstPaise + a.tcs.sgstPaise).toBe(tcs);
    expect(a.tds.totalPaise).toBe(tds);
    expect(a.tds.reason).toBe(reason);
    expect(a.sharePaise).toBe(share);
  });

  it('the default ₹999 order at a 20 % fee, for an exempt individual with PAN', () => {
    // Fee 20 % of 99,900 = 19,980; commission 19,980 ÷ 1.18 = 16,932.2 → 16,932; GST 3,048 = 1,524 + 1,524.
    // Unregistered: no TCS; 0 + 99,900 stays within ₹5 lakh: no TDS. Share 99,900 − 19,980 = 79,920.
    const a = assess({ grossPaise: 99_900, feePaise: 19_980, fyGrossBeforePaise: 0 });
    expect(a.commissionPaise).toBe(16_932);
    expect(a.gst).toEqual({
      cgstPaise: 1_524,
      sgstPaise: 1_524,
      igstPaise: 0,
      totalPaise: 3_048,
      ratePpm: 180_000,
    });
    expect([a.tcs.totalPaise, a.tds.totalPaise, a.tds.reason]).toEqual([0, 0, 'exempt_below_limit']);
    expect(a.sharePaise).toBe(79_920);
  });

  it('labels TDS with the section of the rate row used', () => {
    expect(assess().tds).toEqual({
      totalPaise: 1_000,
      ratePpm: 1_000,
      reason: 'standard',
      section: 'Income-tax Act, 1961 s.194-O',
    });
    expect(assess({ editor: null }).tds.section).toBe('Income-tax Act, 1961 s.206AA(1A)');
    expect(assess({ fyGrossBeforePaise: 0 }).tds.section).toBe('Income-tax Act, 1961 s.194-O(2)');
    const after = assess({ at: new Date('2026-03-31T18:30:00Z') }).tds.section;
    expect(after).toMatch(/^Income-tax Act, 2025/);
  });
});

describe('assessOrder: the ₹5 lakh limit of individuals and HUFs', () => {
  // The ₹10,000 order: before + 1,000,000 ≤ 50,000,000 is exempt, else TDS 0.1 % of the gross = 1,000.
  it.each([
    ['individual, first order of the year', 'individual', 0, 0, 'exempt_below_limit'],
    ['individual, reaching the limit exactly', 'individual', 49_000_000, 0, 'exempt_below_limit'],
    ['individual, one paisa over', 'individual', 49_000_001, 1_000, 'standard'],
    ['individual, long past it', 'individual', 80_000_000, 1_000, 'standard'],
    ['HUF, below it', 'huf', 10_000_000, 0, 'exempt_below_limit'],
    ['HUF, over it', 'huf', 49_500_000, 1_000, 'standard'],
    ['company, never exempt', 'company', 0, 1_000, 'standard'],
    ['firm, never exempt', 'firm', 0, 1_000, 'standard'],
    ['other, never exempt', 'other', 0, 1_000, 'standard'],
  ] as const)('%s', (_name, entityType, before, tds, reason) => {
    const a = assess({ editor: editor({ entityType }), fyGrossBeforePaise: before });
    expect(a.tds.totalPaise).toBe(tds);
    expect(a.tds.reason).toBe(reason);
  });

  it('taxes the order that crosses the limit in full and every later one, never the earlier ones again', () => {
    let before = 0;
    const withheld = [40_000_000, 9_000_000, 2_000_000, 500_000].map((grossPaise) => {
      const a = assess({ grossPaise, feePaise: 0, fyGrossBeforePaise: before });
      before += grossPaise;
      return [a.tds.totalPaise, a.tds.reason];
    });
    expect(withheld).toEqual([
      [0, 'exempt_below_limit'],
      [0, 'exempt_below_limit'],
      [2_000, 'standard'],
      [500, 'standard'],
    ]);
  });
});

describe('assessOrder: rates in force on the IST date of the credit', () => {
  it.each([
    // 18:29:59Z on 9 July is 23:59:59 IST, still 9 July: TCS 1 %; half a minute later, 10 July: 0.5 %.
    ['2024-07-09T18:29:59Z', 10_000, 10_000, 10_000],
    ['2024-07-09T18:30:00Z', 5_000, 5_000, 10_000],
    ['2024-09-30T18:29:59.999Z', 5_000, 5_000, 10_000],
    ['2024-09-30T18:30:00Z', 5_000, 5_000, 1_000],
    ['2026-04-01T00:00:00Z', 5_000, 5_000, 1_000],
  ])('at %s: TCS %i paise (rate %i ppm), TDS %i paise', (iso, tcs, tcsPpm, tds) => {
    const a = assess({ at: new Date(iso), editor: editor({ entityType: 'company', registered: true }) });
    expect(a.tcs.totalPaise).toBe(tcs);
    expect(a.tcs.ratePpm).toBe(tcsPpm);
    expect(a.tds.totalPaise).toBe(tds);
  });

  it('changes between two orders of one editor when a new rate takes effect', () => {
    const who = editor({ entityType: 'firm', registered: true });
    const first = assess({ editor: who, at: new Date('2024-07-09T10:00:00Z') });
    const second = assess({ editor: who, at: new Date('2024-07-10T10:00:00Z') });
    expect([first.tcs.totalPaise, second.tcs.totalPaise]).toEqual([10_000, 5_000]);
    // TDS still 1 % (10,000) on both: 800,000 − 10,000 − 10,000 and 800,000 − 5,000 − 10,000.
    expect([first.sharePaise, second.sharePaise]).toEqual([780_000, 785_000]);
  });

  it('carves the GST out of the fee at the GST rate in force on the IST date', () => {
    // A made-up 5 % rate from 1 July 2025 (IST), to show the carve-out follows the rate rows.
    const rates: TaxRateRow[] = [
      ...TAX_RATE_HISTORY,
      {
        kind: 'gst_on_commission',
        ratePpm: 50_000,
        amountPaise: null,
        effectiveFrom: '2025-07-01',
        section: 's',
        source: 's',
      },
    ];
    const at = (iso: string) => assessOrder(input({ at: new Date(iso) }), rates);
    // 30 June 23:59:59 IST: 200,000 ÷ 1.18 = 169,491.53 → 169,492, GST 30,508.
    const before = at('2025-06-30T18:29:59Z');
    expect([before.commissionPaise, before.gst.totalPaise, before.gst.ratePpm]).toEqual([
      169_492, 30_508, 180_000,
    ]);
    // 1 July 00:00 IST: 200,000 ÷ 1.05 = 190,476.19 → 190,476, GST 9,524 = 4,762 + 4,762.
    const after = at('2025-06-30T18:30:00Z');
    expect([after.commissionPaise, after.gst.cgstPaise, after.gst.sgstPaise, after.gst.ratePpm]).toEqual([
      190_476, 4_762, 4_762, 50_000,
    ]);
    // The share does not move: the GST is inside the fee. 800,000 − 1,000 TDS.
    expect([before.sharePaise, after.sharePaise]).toEqual([799_000, 799_000]);
  });
});

describe('assessOrder: rounding to the paisa', () => {
  const company = editor({ entityType: 'company', registered: true });
  // Commission = fee ÷ 1.18 = 50·fee/59: its fraction is k/59, never exactly a half, so only TCS and TDS
  // can meet one. Share = gross − fee − tcs − tds.
  // gross, fee, commission, [gst cgst, sgst], tcs [cgst, sgst], tds, share
  it.each([
    // 2,469 ÷ 1.18 = 2,092.37 → 2,092 (down), GST 377 = 188 + 189; 0.5 % of 12,345 = 61.725 → 62;
    // 0.1 % = 12.345 → 12; 12,345 − 2,469 − 62 − 12 = 9,802
    [12_345, 2_469, 2_092, [188, 189], [31, 31], 12, 9_802],
    // 2,500 ÷ 1.18 = 2,118.64 → 2,119 (up), GST 381 = 190 + 191; halves go up: 0.5 % of 12,500 = 62.5 → 63
    // (31 + 32); 0.1 % = 12.5 → 13; 12,500 − 2,500 − 63 − 13 = 9,924
    [12_500, 2_500, 2_119, [190, 191], [31, 32], 13, 9_924],
    // just under a half: 23 ÷ 1.18 = 19.49 → 19, GST 4 = 2 + 2; TCS 0.575 → 1; TDS 0.115 → 0; 115 − 23 − 1 = 91
    [115, 23, 19, [2, 2], [0, 1], 0, 91],
    // just over a half: 36 ÷ 1.18 = 30.51 → 31, GST 5 = 2 + 3; TCS 0.9 → 1; TDS 0.18 → 0; 180 − 36 − 1 = 143
    [180, 36, 31, [2, 3], [0, 1], 0, 143],
    // a fee of one paisa: 1 ÷ 1.18 = 0.85 → 1, GST 0; TCS 0.005 → 0; TDS 0.001 → 0; 1 − 1 = 0
    [1, 1, 1, [0, 0], [0, 0], 0, 0],
    [1, 0, 0, [0, 0], [0, 0], 0, 1],
    [0, 0, 0, [0, 0], [0, 0], 0, 0],
  ] as const)('gross %i, fee %i', (grossPaise, feePaise, commission, [gc, gs], [tc, ts], tds, share) => {
    const a = assess({ grossPaise, feePaise, editor: company });
    expect(a.commissionPaise).toBe(commission);
    expect([a.gst.cgstPaise, a.gst.sgstPaise]).toEqual([gc, gs]);
    expect([a.tcs.cgstPaise, a.tcs.sgstPaise]).toEqual([tc, ts]);
    expect(a.tds.totalPaise).toBe(tds);
    expect(a.sharePaise).toBe(share);
  });
});

describe('assessOrder: TCS and TDS never take more than the fee leaves', () => {
  const company = editor({ entityType: 'company', registered: true });
  // On a gross of 100,000 a registered company owes TCS 500 and TDS 100; no profile, TDS 5,000 and no TCS.
  // GST is never capped: it is inside the fee. gross, fee, editor, commission, gst, tcs, tds (after the caps)
  it.each([
    // 5,000 ÷ 1.18 = 4,237.29 → 4,237, GST 763; nothing left for TCS (25) or TDS (5)
    ['the fee is the whole gross: TCS and TDS get nothing', 5_000, 5_000, company, 4_237, 763, 0, 0],
    // 99,700 ÷ 1.18 = 84,491.53 → 84,492, GST 15,208; 300 left: TCS 300 of 500, TDS nothing
    ['TCS capped, TDS nothing', 100_000, 99_700, company, 84_492, 15_208, 300, 0],
    // 99,450 ÷ 1.18 = 84,279.66 → 84,280, GST 15,170; 550 left: TCS 500 in full, TDS 50 of 100
    ['TCS in full, TDS capped', 100_000, 99_450, company, 84_280, 15_170, 500, 50],
    // 97,000 ÷ 1.18 = 82,203.39 → 82,203, GST 14,797; 3,000 left: no-PAN TDS 3,000 of 5,000
    ['no-PAN TDS capped', 100_000, 97_000, null, 82_203, 14_797, 0, 3_000],
  ] as const)('%s', (_name, grossPaise, feePaise, who, commission, gst, tcs, tds) => {
    const a = assess({ grossPaise, feePaise, editor: who });
    expect([a.commissionPaise, a.gst.totalPaise, a.tcs.totalPaise, a.tds.totalPaise, a.sharePaise]).toEqual([
      commission,
      gst,
      tcs,
      tds,
      0,
    ]);
    expect(a.gst.cgstPaise + a.gst.sgstPaise + a.gst.igstPaise).toBe(gst);
  });

  it('refuses amounts that are not whole, non-negative paise, and a fee above the gross', () => {
    expect(() => assess({ grossPaise: 100.5 })).toThrow(RangeError);
    expect(() => assess({ feePaise: 2.5 })).toThrow(RangeError);
    expect(() => assess({ feePaise: -1 })).toThrow(RangeError);
    expect(() => assess({ fyGrossBeforePaise: -1 })).toThrow(RangeError);
    expect(() => assess({ grossPaise: 100, feePaise: 101 })).toThrow(RangeError);
    expect(assess({ grossPaise: 100, feePaise: 100 }).sharePaise).toBe(0);
  });
});

describe('rateOn', () => {
  it('finds the latest row on or before the IST date, whatever the order of the rows', () => {
    const reversed = [...TAX_RATE_HISTORY].reverse();
    for (const rates of [TAX_RATE_HISTORY, reversed]) {
      expect(rateOn(rates, 'tds_ecommerce', new Date('2024-09-30T18:29:59Z')).ratePpm).toBe(10_000);
      expect(rateOn(rates, 'tds_ecommerce', new Date('2024-09-30T18:30:00Z')).ratePpm).toBe(1_000);
    }
  });

  it('throws a clear error when no row is in force yet', () => {
    expect(() => rateOn(TAX_RATE_HISTORY, 'tds_ecommerce', new Date('2020-09-30T18:29:59Z'))).toThrow(
      'No tds_ecommerce rate is in force on 2020-09-30 (IST)',
    );
    expect(rateOn(TAX_RATE_HISTORY, 'tds_ecommerce', new Date('2020-09-30T18:30:00Z')).effectiveFrom).toBe(
      '2020-10-01',
    );
    expect(() => rateOn([], 'gst_on_commission', AT)).toThrow(/No gst_on_commission rate/);
  });

  it('refuses a table with two rows of one kind from one date', () => {
    const row: TaxRateRow = {
      kind: 'tds_ecommerce',
      ratePpm: 1_000,
      amountPaise: null,
      effectiveFrom: '2024-10-01',
      section: 's',
      source: 's',
    };
    expect(() => rateOn([row, { ...row, ratePpm: 2_000 }], 'tds_ecommerce', AT)).toThrow(/ambiguous/);
  });

  it('refuses a rate row without a rate when the rules need one', () => {
    const broken = TAX_RATE_HISTORY.map((r) =>
      r.kind === 'gst_on_commission' ? { ...r, ratePpm: null } : r,
    );
    expect(() => assessOrder(input(), broken)).toThrow(/has no rate/);
  });
});

describe('assessOrder: money is conserved (property)', () => {
  const facts = fc.option(
    fc.record({
      entityType: fc.constantFrom('individual', 'huf', 'company', 'firm', 'other'),
      stateCode: fc.constantFrom('29', '27', '07'),
      hasPan: fc.boolean(),
      hasAadhaar: fc.boolean(),
      registered: fc.boolean(),
    }),
  );

  it('commission + gst + tcs + tds + share = gross, fee = commission + gst, and nothing is negative', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.date({
          min: new Date('2020-10-01T00:00:00Z'),
          max: new Date('2028-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        facts,
        fc.integer({ min: 0, max: 100_000_000 }),
        (grossPaise, fraction, at, who, fyGrossBeforePaise) => {
          const feePaise = Math.floor(grossPaise * fraction);
          const a = assessOrder(
            input({ grossPaise, feePaise, at, editor: who, fyGrossBeforePaise }),
            TAX_RATE_HISTORY,
          );
          const parts = [a.gst, a.tcs].flatMap((t) => [t.cgstPaise, t.sgstPaise, t.igstPaise, t.totalPaise]);
          expect(
            [a.commissionPaise, ...parts, a.tds.totalPaise, a.sharePaise].every(
              (n) => Number.isSafeInteger(n) && n >= 0,
            ),
          ).toBe(true);
          expect(
            a.commissionPaise + a.gst.totalPaise + a.tcs.totalPaise + a.tds.totalPaise + a.sharePaise,
          ).toBe(grossPaise);
          expect(a.commissionPaise + a.gst.totalPaise).toBe(feePaise);
          for (const t of [a.gst, a.tcs]) expect(t.cgstPaise + t.sgstPaise + t.igstPaise).toBe(t.totalPaise);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
