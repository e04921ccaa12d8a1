import { useEffect, useRef, useState } from 'react';
import { CheckCircle2, XCircle } from 'lucide-react';
import { toast } from 'sonner';
import type { Dispute } from '@cutroom/contracts/disputes';
import { wholePercent } from '@cutroom/contracts/money';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { ProgressBar } from '../../../components/ui/progress';
import { useAttachFiles, type FileUpload } from '../hooks/use-attach-files';
import { DISPUTE_TEXTS } from '../utils/texts';
import { EvidenceFilesField } from './evidence-files-field';

function UploadRow({ upload: u }: { upload: FileUpload }) {
  return (
    <li className="space-y-1 text-sm" data-testid="evidence-upload" data-state={u.state}>
      <p className="flex min-w-0 items-center gap-1.5">
        {u.state === 'done' && <CheckCircle2 className="size-4 shrink-0 text-emerald-600" aria-hidden />}
        {u.state === 'failed' && <XCircle className="size-4 shrink-0 text-red-600" aria-hidden />}
        <span className="min-w-0 truncate" title={u.file.name}>
          {u.file.name}
        </span>
        <span className="ml-auto shrink-0 text-xs text-slate-500">
          {u.state === 'waiting'
            ? 'Waiting'
            : u.state === 'done'
              ? 'Attached'
              : u.state === 'failed'
                ? 'Not attached'
                : ''}
        </span>
      </p>
      {u.state === 'sending' && (
        <ProgressBar
          value={u.progress}
          label={`Uploading ${u.file.name}`}
          caption={`Uploading ${wholePercent(u.progress)}%`}
        />
      )}
      {u.error && (
        <p role="alert" className="text-xs font-medium text-red-600">
          {u.error}
        </p>
      )}
    </li>
  );
}

/**
 * Attaching files to an open dispute: chosen here ('Add files' on the dispute), or handed over by the
 * statement form once the dispute is opened or answered (`initial`, sent at once). Closes itself when
 * every file is attached; a refused file stays listed with its reason, to send again or leave.
 */
export function AttachFilesDialog(props: {
  dispute: Dispute;
  side: 'creator' | 'editor';
  initial?: File[];
  onOpenChange: (open: boolean) => void;
}) {
  const { dispute, side, onOpenChange } = props;
  const attached = dispute.evidence.filter((e) => e.kind === 'file' && e.side === side).length;
  const [files, setFiles] = useState<File[]>(props.initial ?? []);
  const [refusal, setRefusal] = useState<string | null>(null);
  const attach = useAttachFiles(dispute);
  const started = useRef(false);

  const send = async (list: File[]) => {
    if (!list.length) return setRefusal('Choose a file to attach');
    if (await attach.send(dispute._id, list)) {
      toast.success(list.length === 1 ? 'File attached' : `${list.length} files attached`);
      onOpenChange(false);
    }
  };
  // Files handed over by the statement form go at once: the person already chose to send them.
  useEffect(() => {
    if (started.current || !props.initial?.length) return;
    started.current = true;
    void send(props.initial);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, []);

  // Refused, or never sent because the person stopped: what 'Send the rest' sends.
  const unsent = attach.uploads
    .filter((u) => u.state === 'failed' || u.state === 'waiting')
    .map((u) => u.file);
  const shown = attach.uploads.length > 0;
  return (
    <Modal
      open
      onOpenChange={(next) => !attach.sending && onOpenChange(next)}
      title={DISPUTE_TEXTS.attach}
      description={`Evidence for the dispute on order ${dispute.orderReference}.`}
    >
      <div className="space-y-4">
        {shown ? (
          <ul className="space-y-2" aria-label="Files being attached">
            {attach.uploads.map((u) => (
              <UploadRow key={`${u.file.name}-${u.file.size}`} upload={u} />
            ))}
          </ul>
        ) : (
          <EvidenceFilesField
            files={files}
            attached={attached}
            refusal={refusal}
            onChange={(next, why) => {
              setFiles(next);
              setRefusal(why);
            }}
          />
        )}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          {attach.sending ? (
            <Button variant="secondary" onClick={attach.cancel}>
              Stop
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              {shown ? 'Close' : 'Cancel'}
            </Button>
          )}
          {!shown && (
            <Button onClick={() => void send(files)} disabled={!files.length}>
              {DISPUTE_TEXTS.attachSubmit}
            </Button>
          )}
          {shown && !attach.sending && unsent.length > 0 && (
            <Button onClick={() => void send(unsent)}>Send the rest</Button>
          )}
        </div>
      </div>
    </Modal>
  );
}
