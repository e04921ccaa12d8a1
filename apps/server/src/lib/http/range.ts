import type { ByteRange } from '../storage';

/**
 * Reads a single-range `Range: bytes=…` header against an object of `size` bytes.
 * undefined: no usable range (serve the whole object); 'unsatisfiable': answer 416.
 * Several ranges in one header are answered with the whole object, which HTTP allows.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return undefined;
  const [, startText = '', endText = ''] = m;
  if (startText === '' && endText === '') return undefined;
  if (size === 0) return 'unsatisfiable';
  if (startText === '') {
    // Suffix range: the last N bytes.
    const suffix = Number(endText);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(startText);
  const end = endText === '' ? size - 1 : Math.min(Number(endText), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
