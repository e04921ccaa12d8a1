import { useId, useRef } from 'react';
import { Paperclip, X } from 'lucide-react';
import { DISPUTE_FILE_ACCEPT, DISPUTE_FILE_LIMITS } from '@cutroom/contracts/dispute-files';
import { Button } from '../../../components/ui/button';
import { formatFileSize } from '../../../lib/file-size';
import { addEvidenceFiles } from '../utils/evidence-files';

/**
 * Files to attach as evidence: chosen with the system's picker (any number at once), listed with their
 * sizes, each removable; a file the server would refuse is left out and the reason said beside the field.
 */
export function EvidenceFilesField(props: {
  files: File[];
  onChange: (files: File[], refusal: string | null) => void;
  /** Files this side already attached to the dispute. */
  attached?: number;
  refusal: string | null;
  disabled?: boolean;
  /** Beside a statement, files are optional; said in the legend as for cited messages. */
  optional?: boolean;
}) {
  const { files, attached = 0, disabled } = props;
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const left = DISPUTE_FILE_LIMITS.perSide - attached - files.length;
  return (
    <fieldset className="space-y-1.5" aria-describedby={`${id}-hint`}>
      <legend className="text-sm font-medium text-slate-700">
        {props.optional ? 'Files (optional)' : 'Files'}
      </legend>
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        Screenshots, documents, clips or audio, up to {DISPUTE_FILE_LIMITS.maxBytes / (1024 * 1024)} MB each
        and {DISPUTE_FILE_LIMITS.perSide} in all. The other side and Cutroom support can download them.
      </p>
      {files.length > 0 && (
        <ul className="space-y-1" aria-label="Files to attach">
          {files.map((f, i) => (
            <li
              key={`${f.name}-${f.size}`}
              className="flex items-center gap-2 rounded-lg bg-slate-50 px-2 py-1 text-sm ring-1 ring-slate-200"
            >
              <Paperclip className="size-3.5 shrink-0 text-slate-500" aria-hidden />
              <span className="min-w-0 flex-1 truncate" title={f.name}>
                {f.name}
              </span>
              <span className="shrink-0 text-xs text-slate-500">{formatFileSize(f.size)}</span>
              <button
                type="button"
                className="rounded p-1 text-slate-500 hover:bg-slate-200 hover:text-slate-800 focus-visible:outline-2! focus-visible:outline-offset-1! focus-visible:outline-brand-600! disabled:opacity-50"
                aria-label={`Remove ${f.name}`}
                disabled={disabled}
                onClick={() =>
                  props.onChange(
                    files.filter((_, j) => j !== i),
                    null,
                  )
                }
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        ref={input}
        id={id}
        type="file"
        multiple
        accept={DISPUTE_FILE_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label="Choose files"
        disabled={disabled || left <= 0}
        onChange={(e) => {
          const added = Array.from(e.target.files ?? []);
          e.target.value = '';
          const next = addEvidenceFiles(files, added, attached);
          props.onChange(next.files, next.refusal);
        }}
      />
      <Button
        size="sm"
        variant="secondary"
        disabled={disabled || left <= 0}
        onClick={() => input.current?.click()}
      >
        <Paperclip className="size-4" aria-hidden />
        {files.length ? 'Add more files' : 'Choose files'}
      </Button>
      {props.refusal && (
        <p role="alert" className="text-xs font-medium text-red-600">
          {props.refusal}
        </p>
      )}
    </fieldset>
  );
}
