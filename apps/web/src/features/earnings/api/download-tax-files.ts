import type { TaxDocumentSummary } from '@cutroom/contracts';
import { fetchDownload, saveBlob } from '../../../lib/download';

const enc = encodeURIComponent;

/** Addresses relative to /api, like every other call. */
export const documentPdfPath = (id: string) => `/documents/${enc(id)}/pdf`;
export const statementPath = (month: string) => `/earnings/statements/${enc(month)}`;
export const tdsPath = (quarter: string) => `/earnings/tds/${enc(quarter)}`;

/** Fetches a file with the session and saves it under the server's name, else `fallback`. */
async function download(path: string, accept: string, fallback: string) {
  const { blob, filename } = await fetchDownload(path, accept);
  saveBlob(blob, filename ?? fallback);
}

/** 'CR/INV/2026-27/000042' → 'CR-INV-2026-27-000042.pdf', the name the server gives it too. */
export const documentFileName = (number: string) => `${number.replace(/[^\w.-]+/g, '-')}.pdf`;

export const downloadDocumentPdf = (doc: Pick<TaxDocumentSummary, 'id' | 'number'>) =>
  download(documentPdfPath(doc.id), 'application/pdf', documentFileName(doc.number));

export const downloadStatement = (month: string) =>
  download(statementPath(month), 'text/csv', `cutroom-statement-${month}.csv`);

export const downloadTdsFigures = (quarter: string) =>
  download(tdsPath(quarter), 'text/csv', `cutroom-tds-${quarter}.csv`);
