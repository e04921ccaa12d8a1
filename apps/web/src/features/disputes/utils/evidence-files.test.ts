import { describe, expect, it } from 'vitest';
import { DISPUTE_FILE_LIMITS, DISPUTE_FILE_MESSAGES } from '@cutroom/contracts/dispute-files';
import { addEvidenceFiles } from './evidence-files';

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('addEvidenceFiles', () => {
  it('keeps the types the server keeps and says why another is left out', () => {
    const pdf = file('brief.pdf', 'application/pdf');
    const zip = file('all.zip', 'application/zip');
    const out = addEvidenceFiles([], [pdf, zip], 0);
    expect(out.files).toEqual([pdf]);
    expect(out.refusal).toBe(`all.zip: ${DISPUTE_FILE_MESSAGES.wrongType}`);
  });

  it('refuses a file over the limit, and the same file twice is added once', () => {
    const big = file('take.mp4', 'video/mp4', DISPUTE_FILE_LIMITS.maxBytes + 1);
    const shot = file('shot.png', 'image/png');
    const out = addEvidenceFiles([shot], [big, file('shot.png', 'image/png')], 0);
    expect(out.files).toEqual([shot]);
    expect(out.refusal).toBe(DISPUTE_FILE_MESSAGES.tooLarge('take.mp4'));
  });

  it('counts what the side already attached against its allowance', () => {
    const left = DISPUTE_FILE_LIMITS.perSide - 1;
    const out = addEvidenceFiles([], [file('a.png', 'image/png'), file('b.png', 'image/png')], left);
    expect(out.files.map((f) => f.name)).toEqual(['a.png']);
    expect(out.refusal).toBe(DISPUTE_FILE_MESSAGES.tooMany);
  });
});
