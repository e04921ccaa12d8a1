import type { TaxRateRow } from './assess';

const ITA_2025_SUCCESSOR = (of: string) =>
  `Income-tax Act, 2025 (successor of ${of}; confirm the section number)`;

/**
 * Every rate and threshold the withholding rules have used, as a migration seeds them. Rates change by
 * notification or Finance Act, so they are data with their source, never literals in the rules; a new
 * row with a later effectiveFrom is how a change is made.
 */
export const TAX_RATE_HISTORY: readonly TaxRateRow[] = [
  {
    kind: 'gst_on_commission',
    ratePpm: 180_000,
    amountPaise: null,
    effectiveFrom: '2017-07-01',
    section: 'CGST Act, 2017 s.9 and IGST Act, 2017 s.5; SAC 9985 (support services)',
    source: 'Notification 11/2017-Central Tax (Rate)',
  },
  {
    kind: 'tcs_registered',
    ratePpm: 10_000,
    amountPaise: null,
    effectiveFrom: '2018-10-01',
    section: 'CGST Act, 2017 s.52',
    source: 'Notification 52/2018-Central Tax (0.5 % CGST + 0.5 % SGST/UTGST)',
  },
  {
    kind: 'tcs_registered',
    ratePpm: 5_000,
    amountPaise: null,
    effectiveFrom: '2024-07-10',
    section: 'CGST Act, 2017 s.52',
    source: 'Notification 15/2024-Central Tax (0.25 % CGST + 0.25 % SGST/UTGST)',
  },
  {
    kind: 'tds_ecommerce',
    ratePpm: 10_000,
    amountPaise: null,
    effectiveFrom: '2020-10-01',
    section: 'Income-tax Act, 1961 s.194-O',
    source: 'Finance Act, 2020',
  },
  {
    kind: 'tds_ecommerce',
    ratePpm: 1_000,
    amountPaise: null,
    effectiveFrom: '2024-10-01',
    section: 'Income-tax Act, 1961 s.194-O',
    source: 'Finance (No. 2) Act, 2024',
  },
  {
    kind: 'tds_ecommerce_no_pan',
    ratePpm: 50_000,
    amountPaise: null,
    effectiveFrom: '2020-10-01',
    section: 'Income-tax Act, 1961 s.206AA(1A)',
    source: 'Finance Act, 2020',
  },
  {
    kind: 'tds_exemption_limit',
    ratePpm: null,
    amountPaise: 50_000_000,
    effectiveFrom: '2020-10-01',
    section: 'Income-tax Act, 1961 s.194-O(2)',
    source: 'Finance Act, 2020',
  },
  {
    kind: 'tds_ecommerce',
    ratePpm: 1_000,
    amountPaise: null,
    effectiveFrom: '2026-04-01',
    section: ITA_2025_SUCCESSOR('s.194-O'),
    source: 'Income-tax Act, 2025',
  },
  {
    kind: 'tds_ecommerce_no_pan',
    ratePpm: 50_000,
    amountPaise: null,
    effectiveFrom: '2026-04-01',
    section: ITA_2025_SUCCESSOR('s.194-O with s.206AA(1A)'),
    source: 'Income-tax Act, 2025',
  },
  {
    kind: 'tds_exemption_limit',
    ratePpm: null,
    amountPaise: 50_000_000,
    effectiveFrom: '2026-04-01',
    section: ITA_2025_SUCCESSOR('s.194-O(2)'),
    source: 'Income-tax Act, 2025',
  },
];
