import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size';

describe('formatFileSize', () => {
  it('reads as a file picker shows sizes', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(1023)).toBe('1023 B');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(14 * 1024 + 100)).toBe('14 KB');
    expect(formatFileSize(50 * 1024 * 1024)).toBe('50 MB');
    expect(formatFileSize(3.44 * 1024 * 1024)).toBe('3.4 MB');
    expect(formatFileSize(1.2 * 1024 ** 3)).toBe('1.2 GB');
  });
});
