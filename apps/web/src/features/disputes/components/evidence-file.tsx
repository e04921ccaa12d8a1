import { useState } from 'react';
import { Download } from 'lucide-react';
import { toast } from 'sonner';
import type { DisputeEvidence } from '@cutroom/contracts/disputes';
import { errorMessage } from '../../../lib/api';
import { saveBlob } from '../../../lib/download';
import { formatFileSize } from '../../../lib/file-size';
import { downloadEvidence } from '../api/attach-evidence';

/**
 * An attached file in the evidence: its name, type and size, the start of its SHA-256 (whole on hover and
 * for screen readers, so both sides can check they hold the same bytes), and its download.
 */
export function EvidenceFile({ disputeId, evidence: e }: { disputeId: string; evidence: DisputeEvidence }) {
  const [busy, setBusy] = useState(false);
  if (!e.file) return <>{e.summary}</>;
  const file = e.file;
  const download = async () => {
    setBusy(true);
    try {
      const { blob } = await downloadEvidence(disputeId, e._id);
      saveBlob(blob, e.summary);
    } catch (err) {
      toast.error(errorMessage(err, 'The file could not be downloaded'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="inline-flex min-w-0 flex-wrap items-baseline gap-x-2 gap-y-0.5">
      <span className="min-w-0 break-all">{e.summary}</span>
      <span className="text-xs text-slate-600">
        {file.typeLabel} · {formatFileSize(file.bytes)} ·{' '}
        <abbr title={`SHA-256 ${file.sha256}`} className="font-mono no-underline">
          <span className="sr-only">SHA-256 </span>
          {file.sha256.slice(0, 12)}…
        </abbr>
      </span>
      <button
        type="button"
        className="inline-flex items-center gap-1 rounded text-xs font-semibold whitespace-nowrap text-brand-700 hover:underline focus-visible:outline-2! focus-visible:outline-offset-2! focus-visible:outline-brand-600! disabled:opacity-60"
        onClick={() => void download()}
        disabled={busy}
        aria-label={`Download ${e.summary}`}
      >
        <Download className="size-3.5" aria-hidden />
        {busy ? 'Downloading…' : 'Download'}
      </button>
    </span>
  );
}
