import { sig } from './format';

/** PASS/MISS: a performance target; OK/FAIL: correctness (lost messages, errors); INFO: no target. */
export type Verdict = 'PASS' | 'MISS' | 'OK' | 'FAIL' | 'INFO';

export interface Line {
  bench: string;
  kind: 'figure' | 'ratio' | 'target' | 'check' | 'note';
  label: string;
  text: string;
  verdict: Verdict;
  value?: number;
  baseline?: number;
  unit?: string;
}

export interface Bound {
  /** The figure must be at least this. */
  min?: number;
  /** The figure must be below this. */
  max?: number;
  /** The figure may equal this but not exceed it. */
  atMost?: number;
}

const describeBound = (b: Bound) =>
  [
    b.min !== undefined ? `≥ ${b.min}` : '',
    b.max !== undefined ? `< ${b.max}` : '',
    b.atMost !== undefined ? `≤ ${b.atMost}` : '',
  ]
    .filter(Boolean)
    .join(' and ');
const meets = (value: number, b: Bound) =>
  (b.min === undefined || value >= b.min) &&
  (b.max === undefined || value < b.max) &&
  (b.atMost === undefined || value <= b.atMost);

/** Collects and prints one benchmark's figures; the runner prints every PASS/MISS/FAIL again at the end. */
export class Report {
  readonly lines: Line[] = [];

  constructor(readonly bench: string) {}

  private add(line: Omit<Line, 'bench'>) {
    this.lines.push({ bench: this.bench, ...line });
    const tag = line.kind.padEnd(6);
    const verdict = line.verdict === 'INFO' ? '' : `  ${line.verdict}`;
    console.log(`  ${tag}  ${line.label.padEnd(46)} ${line.text}${verdict}`);
  }

  section(title: string) {
    console.log(`\n  ── ${title}`);
  }

  note(text: string) {
    this.lines.push({ bench: this.bench, kind: 'note', label: '', text, verdict: 'INFO' });
    console.log(`  ${text}`);
  }

  figure(label: string, value: number, unit: string, extra = '') {
    this.add({
      kind: 'figure',
      label,
      value,
      unit,
      text: `${sig(value)} ${unit}${extra ? `  (${extra})` : ''}`,
      verdict: 'INFO',
    });
  }

  /** value / baseline, both measured in this run; a bound makes it a target. */
  ratio(label: string, value: number, baseline: number, unit: string, bound?: Bound): number {
    const ratio = value / baseline;
    const verdict: Verdict = bound ? (meets(ratio, bound) ? 'PASS' : 'MISS') : 'INFO';
    this.add({
      kind: 'ratio',
      label,
      value,
      baseline,
      unit,
      text:
        `${sig(ratio)} = ${sig(value)} / ${sig(baseline)} ${unit} (real / baseline)` +
        (bound ? `  target ${describeBound(bound)}` : ''),
      verdict,
    });
    return ratio;
  }

  target(label: string, value: number, unit: string, bound: Bound): boolean {
    const ok = meets(value, bound);
    this.add({
      kind: 'target',
      label,
      value,
      unit,
      text: `${sig(value)} ${unit}  target ${describeBound(bound)} ${unit}`,
      verdict: ok ? 'PASS' : 'MISS',
    });
    return ok;
  }

  /** A correctness condition: a FAIL makes the whole run fail, smoke or not. */
  check(label: string, ok: boolean, detail: string): boolean {
    this.add({ kind: 'check', label, text: detail, verdict: ok ? 'OK' : 'FAIL' });
    return ok;
  }
}
