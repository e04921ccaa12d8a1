import { Download, FileText } from 'lucide-react';
import { formatPayoutRupees } from '@cutroom/contracts/payouts';
import type { TaxDocumentSummary } from '@cutroom/contracts';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { downloadDocumentPdf } from '../api/download-tax-files';
import { useTaxDocuments } from '../api/get-tax-documents';
import { useDownload } from '../hooks/use-download';
import { formatEarningDay } from '../utils/format';
import { TaxStatements } from './tax-statements';

export const NO_TAX_DOCUMENTS =
  "No invoices yet. The platform's tax invoice for its commission appears here when an order completes.";

/** The editor's commission invoices and credit notes, newest first, then the statement and TDS downloads. */
export function TaxDocuments() {
  return (
    <section aria-labelledby="tax-documents-title" className="space-y-3">
      <h2 id="tax-documents-title" className="text-lg font-bold text-slate-900">
        Tax documents
      </h2>
      <TaxDocumentList />
      <TaxStatements />
    </section>
  );
}

function TaxDocumentList() {
  const list = useTaxDocuments();
  const download = useDownload();

  if (list.isPending) return <Spinner label="Loading your invoices..." />;
  if (list.isError && !list.data) {
    return <LoadError message="Failed to load your invoices." onRetry={() => list.refetch()} />;
  }
  const docs = list.data.pages.flatMap((p) => p.items);
  if (docs.length === 0) {
    return (
      <Card className="flex flex-col items-center px-6 py-10 text-center">
        <FileText className="size-10 text-slate-400" aria-hidden />
        <p className="mt-3 text-slate-700">{NO_TAX_DOCUMENTS}</p>
      </Card>
    );
  }

  return (
    <div className="space-y-3">
      <ul className="space-y-2" aria-label="Invoices and credit notes">
        {docs.map((d) => (
          <li key={d.id}>
            <DocumentRow
              doc={d}
              downloading={download.pending === d.id}
              onDownload={() => download.run(d.id, () => downloadDocumentPdf(d))}
            />
          </li>
        ))}
      </ul>
      {download.error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {download.error}
        </p>
      )}
      {list.isFetchNextPageError && (
        <p role="alert" className="text-center text-sm font-medium text-red-700">
          More invoices could not be loaded. Please try again.
        </p>
      )}
      {list.hasNextPage && (
        <div className="text-center">
          <Button variant="secondary" onClick={() => list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
    </div>
  );
}

/** One document; on a phone the button drops under the details rather than squeezing them. */
export function DocumentRow({
  doc,
  downloading,
  onDownload,
}: {
  doc: TaxDocumentSummary;
  downloading: boolean;
  onDownload: () => void;
}) {
  return (
    <Card className="flex flex-wrap items-center justify-between gap-3 p-3 sm:p-4" data-document={doc.number}>
      <div className="min-w-0 flex-1 basis-56">
        <p className="font-semibold break-words text-slate-900">{doc.kindLabel}</p>
        <p className="font-mono text-xs break-all text-slate-600">{doc.number}</p>
        <p className="mt-1 text-xs text-slate-500">
          <time dateTime={doc.issuedAt}>{formatEarningDay(doc.issuedAt)}</time> · Order {doc.orderReference}
          {doc.refersTo && <> · reduces {doc.refersTo}</>}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-3">
        <span className="font-semibold text-slate-900 tabular-nums">{formatPayoutRupees(doc.total)}</span>
        <Button
          variant="secondary"
          size="sm"
          onClick={onDownload}
          disabled={downloading}
          aria-busy={downloading}
          aria-label={`Download PDF of ${doc.kindLabel.toLowerCase()} ${doc.number}`}
        >
          <Download className="size-4" aria-hidden />
          {downloading ? 'Downloading...' : 'Download PDF'}
        </Button>
      </div>
    </Card>
  );
}
