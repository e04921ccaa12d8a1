import { TAX_EXPORT_PERIOD, type TaxExportKind } from '@cutroom/contracts';
import type { Db } from '../../../db/client';
import { rangeOf } from './format';
import { gstExportCsv } from './gst-export';
import { ledgerExportCsv } from './ledger-export';
import { tcsExportCsv } from './tcs-export';
import { tdsExportCsv } from './tds-export';

/**
 * One of the admins' exports for the returns, for a period of the kind's own (a month, or a quarter for
 * TDS). The first rows are read before this returns, so a failure is an ordinary error reply.
 */
export async function taxExportCsv(
  db: Db,
  key: Buffer,
  kind: TaxExportKind,
  period: string,
): Promise<AsyncIterable<string>> {
  const range = rangeOf(TAX_EXPORT_PERIOD[kind], period);
  switch (kind) {
    case 'tcs':
      return tcsExportCsv(db, key, range);
    case 'tds':
      return tdsExportCsv(db, key, range);
    case 'gst':
      return gstExportCsv(db, range);
    case 'ledger':
      return ledgerExportCsv(db, range);
  }
}
