import {
  DISPUTE_FILE_LIMITS,
  DISPUTE_FILE_MESSAGES,
  isDisputeFileType,
} from '@cutroom/contracts/dispute-files';

/**
 * Files a side adds to those already chosen, checked as the server will (type, size, how many each side
 * may attach): those kept, and the first refusal to say beside the field. The browser's type is a first
 * look only; the server reads the bytes.
 */
export function addEvidenceFiles(
  chosen: File[],
  added: File[],
  alreadyAttached: number,
): { files: File[]; refusal: string | null } {
  const files = [...chosen];
  let refusal: string | null = null;
  for (const file of added) {
    if (files.some((f) => f.name === file.name && f.size === file.size)) continue;
    if (!isDisputeFileType(file.type)) refusal ??= `${file.name}: ${DISPUTE_FILE_MESSAGES.wrongType}`;
    else if (file.size > DISPUTE_FILE_LIMITS.maxBytes) refusal ??= DISPUTE_FILE_MESSAGES.tooLarge(file.name);
    else if (alreadyAttached + files.length >= DISPUTE_FILE_LIMITS.perSide)
      refusal ??= DISPUTE_FILE_MESSAGES.tooMany;
    else files.push(file);
  }
  return { files, refusal };
}
