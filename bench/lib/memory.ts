import { readFileSync } from 'node:fs';

export interface ProcessMemory {
  /** Resident set size now, bytes. */
  rss: number;
  /** Peak resident set size since the process started (VmHWM), bytes. */
  hwm: number;
}

/** Reads another process's memory from /proc/<pid>/status (Linux). */
export function readProcessMemory(pid: number): ProcessMemory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => {
    const match = status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
    if (!match) throw new Error(`/proc/${pid}/status has no ${field}`);
    return Number(match[1]) * 1024;
  };
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** Samples a process's VmRSS at a fixed interval and keeps the peak (VmHWM alone would include start-up peaks). */
export class RssSampler {
  private timer: NodeJS.Timeout | undefined;
  peak = 0;
  samples = 0;

  constructor(
    private readonly pid: number,
    private readonly intervalMs = 10,
  ) {}

  start(): this {
    const sample = () => {
      try {
        const { rss } = readProcessMemory(this.pid);
        this.peak = Math.max(this.peak, rss);
        this.samples++;
      } catch {
        // the process ended; the caller notices through its own checks
      }
    };
    sample();
    this.timer = setInterval(sample, this.intervalMs);
    return this;
  }

  stop(): { peak: number; samples: number } {
    clearInterval(this.timer);
    return { peak: this.peak, samples: this.samples };
  }
}
