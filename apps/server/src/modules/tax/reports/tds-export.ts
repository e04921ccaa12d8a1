import type { Db } from '../../../db/client';
import { csvField, csvText, pagedCsv } from '../../../lib/csv';
import { creditsPage } from './editor-tds';
import { istDayCell, percentCell, rupeesCell } from './format';
import { openIdentifier } from './identity';

const HEADER = [
  'Deductee PAN',
  'Deductee name',
  'Section',
  'Date of credit',
  'Amount credited',
  'TDS rate (%)',
  'TDS deducted',
  'Reason',
];

/** The return's remark: 'C' is the higher rate for want of PAN; exempt credits are reported too. */
const REASONS: Record<string, string> = { no_pan: 'C', exempt_below_limit: 'exempt below limit' };

/**
 * The quarter's TDS return fields, one row per credit (exempt ones included): amounts after refunds,
 * the whole PAN (this file is what is filed), the section frozen with the assessment.
 */
export async function tdsExportCsv(db: Db, key: Buffer, range: { from: Date; to: Date }) {
  const page = creditsPage(db, range, null);
  return pagedCsv({
    header: HEADER,
    first: await page(null),
    next: (last) => page(last),
    line: (r) => [
      csvField(openIdentifier(key, r.editorId, 'pan', r.panSealed)),
      csvText(r.legalName ?? r.username),
      csvField(r.tdsSection),
      istDayCell(r.assessedAt),
      rupeesCell(r.grossPaise - r.refundedPaise),
      percentCell(r.tdsRatePpm),
      rupeesCell(r.tdsPaise),
      csvField(REASONS[r.tdsReason] ?? ''),
    ],
  });
}
