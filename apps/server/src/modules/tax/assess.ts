/**
 * What is withheld from an editor's share of an order (issue 27): GST on the platform's commission, TCS
 * under the CGST Act for registered editors, TDS under the Income-tax Act. Pure and in integer paise;
 * every rate and threshold comes from the rate rows, so a notification changes data, not this file.
 */

export const TAX_RATE_KINDS = [
  'gst_on_commission',
  'tcs_registered',
  'tds_ecommerce',
  'tds_ecommerce_no_pan',
  'tds_exemption_limit',
] as const;
export type TaxRateKind = (typeof TAX_RATE_KINDS)[number];

/** A rate (ratePpm: parts per million, 18 % = 180000, 0.1 % = 1000) or a threshold (amountPaise) in force from a date. */
export interface TaxRateRow {
  kind: TaxRateKind;
  ratePpm: number | null;
  amountPaise: number | null;
  /** 'YYYY-MM-DD', a date in IST. */
  effectiveFrom: string;
  section: string;
  source: string;
}

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const PPM = 1_000_000;

/** The calendar date of an instant in India: notifications take effect from a date in IST. */
function istDate(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The row of `kind` in force at `at` (its IST date): the latest effectiveFrom on or before it; throws a clear Error when none. */
export function rateOn(rates: readonly TaxRateRow[], kind: TaxRateKind, at: Date): TaxRateRow {
  const day = istDate(at);
  let found: TaxRateRow | null = null;
  for (const row of rates) {
    if (row.kind !== kind || row.effectiveFrom > day) continue;
    // Two rows from one date would make the answer depend on their order, so the data is refused.
    if (found && row.effectiveFrom === found.effectiveFrom) {
      throw new Error(`Two ${kind} rates take effect on ${day}: the rate table is ambiguous`);
    }
    if (!found || row.effectiveFrom > found.effectiveFrom) found = row;
  }
  if (!found) throw new Error(`No ${kind} rate is in force on ${day} (IST)`);
  return found;
}

function ratePpmOf(row: TaxRateRow): number {
  if (row.ratePpm === null) throw new Error(`The ${row.kind} row from ${row.effectiveFrom} has no rate`);
  return row.ratePpm;
}

function amountOf(row: TaxRateRow): number {
  if (row.amountPaise === null)
    throw new Error(`The ${row.kind} row from ${row.effectiveFrom} has no amount`);
  return row.amountPaise;
}

/** `ppm` parts per million of `amount`, to the nearest paisa (halves up). */
const ppmOf = (amount: number, ppm: number) => Math.round((amount * ppm) / PPM);

export interface EditorTaxFacts {
  entityType: 'individual' | 'huf' | 'company' | 'firm' | 'other';
  stateCode: string;
  hasPan: boolean;
  hasAadhaar: boolean;
  /** Has a GSTIN. */
  registered: boolean;
}

export interface AssessInput {
  /** What the creator paid for the order. */
  grossPaise: number;
  /**
   * The platform's fee on it (PLATFORM_FEE_PERCENT of the gross), GST included: the fee is what the
   * editor gives up, and the commission (its taxable value) and the GST on it are carved out of it.
   */
  feePaise: number;
  /** When the share is credited (payment time). */
  at: Date;
  /** The platform's GST state. */
  platformStateCode: string;
  /** Null: no tax profile yet. */
  editor: EditorTaxFacts | null;
  /** This editor's gross through the platform earlier in the same financial year, net of refunds. */
  fyGrossBeforePaise: number;
}

export interface TaxSplit {
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
  ratePpm: number;
}

export type TdsReason = 'standard' | 'no_pan' | 'exempt_below_limit';

export interface Assessment {
  /** The commission's taxable value: the fee less the GST it includes. */
  commissionPaise: number;
  /** Editor's state == platform's state; without a profile, the platform's own state is assumed. */
  intraState: boolean;
  /** The GST inside the fee (fee − commission): CGST + SGST within a state, IGST across states. */
  gst: TaxSplit;
  /** Registered editors only, a rate of the gross, always CGST + SGST halves (see assessOrder). */
  tcs: TaxSplit;
  tds: { totalPaise: number; ratePpm: number; reason: TdsReason; section: string };
  /** gross − commission − gst − tcs − tds: what reaches the editor. */
  sharePaise: number;
}

/** CGST takes the smaller half of an odd paisa so the two always add up to the total. */
function split(totalPaise: number, ratePpm: number, intraState: boolean): TaxSplit {
  if (!intraState) return { cgstPaise: 0, sgstPaise: 0, igstPaise: totalPaise, totalPaise, ratePpm };
  const cgstPaise = Math.floor(totalPaise / 2);
  return { cgstPaise, sgstPaise: totalPaise - cgstPaise, igstPaise: 0, totalPaise, ratePpm };
}

function tdsOf(
  input: AssessInput,
  rates: readonly TaxRateRow[],
): Omit<Assessment['tds'], 'totalPaise'> & { raw: number } {
  const { editor, grossPaise, at } = input;
  // Aadhaar may be quoted instead of PAN (s.139A(5E)), so only someone with neither pays the higher rate.
  if (!editor || (!editor.hasPan && !editor.hasAadhaar)) {
    const row = rateOn(rates, 'tds_ecommerce_no_pan', at);
    return {
      raw: ppmOf(grossPaise, ratePpmOf(row)),
      ratePpm: ratePpmOf(row),
      reason: 'no_pan',
      section: row.section,
    };
  }
  if (editor.entityType === 'individual' || editor.entityType === 'huf') {
    const limit = rateOn(rates, 'tds_exemption_limit', at);
    // The limit is judged order by order as each is credited: orders that stayed within it are not
    // re-taxed when a later one crosses it; the crossing order and every later one in the year are
    // taxed on their whole gross. This follows s.194-O(2) as written for amounts "credited or paid".
    if (input.fyGrossBeforePaise + grossPaise <= amountOf(limit)) {
      return { raw: 0, ratePpm: 0, reason: 'exempt_below_limit', section: limit.section };
    }
  }
  const row = rateOn(rates, 'tds_ecommerce', at);
  return {
    raw: ppmOf(grossPaise, ratePpmOf(row)),
    ratePpm: ratePpmOf(row),
    reason: 'standard',
    section: row.section,
  };
}

function checkInput(input: AssessInput): void {
  const { grossPaise, feePaise, fyGrossBeforePaise } = input;
  for (const [name, n] of Object.entries({ grossPaise, feePaise, fyGrossBeforePaise })) {
    if (!Number.isSafeInteger(n) || n < 0)
      throw new RangeError(`${name} must be whole, non-negative paise: ${n}`);
  }
  if (feePaise > grossPaise) {
    throw new RangeError(`The fee (${feePaise}) exceeds the gross (${grossPaise})`);
  }
}

/**
 * The taxes on one order and the editor's share after them. The GST on the commission sits inside the
 * fee; TCS and TDS come out of what the fee leaves. Should they exceed it (a tiny order, a huge fee),
 * they are taken TCS first, then TDS, each capped at what remains, so the share is never negative.
 */
export function assessOrder(input: AssessInput, rates: readonly TaxRateRow[]): Assessment {
  checkInput(input);
  const { grossPaise, feePaise, at, editor } = input;
  const intraState = editor === null || editor.stateCode === input.platformStateCode;
  let remaining = grossPaise - feePaise;
  const take = (raw: number) => {
    const taken = Math.min(raw, remaining);
    remaining -= taken;
    return taken;
  };

  const gstRow = rateOn(rates, 'gst_on_commission', at);
  // The fee includes its GST: taxable value = fee ÷ (1 + rate), to the paisa; the GST is the rest.
  const gstPpm = ratePpmOf(gstRow);
  const commissionPaise = Math.round((feePaise * PPM) / (PPM + gstPpm));
  const gst = split(feePaise - commissionPaise, gstPpm, intraState);

  // TCS's place of supply is the editor's own state: the creator's address is not on record, so
  // IGST Act s.12(2)(b) puts it at the supplier's location, and the tax is always CGST + SGST.
  let tcs = split(0, 0, true);
  if (editor?.registered) {
    const tcsRow = rateOn(rates, 'tcs_registered', at);
    tcs = split(take(ppmOf(grossPaise, ratePpmOf(tcsRow))), ratePpmOf(tcsRow), true);
  }

  const { raw, ...tdsFacts } = tdsOf(input, rates);
  const tds = { totalPaise: take(raw), ...tdsFacts };

  return { commissionPaise, intraState, gst, tcs, tds, sharePaise: remaining };
}
