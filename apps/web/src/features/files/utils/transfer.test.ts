import { describe, expect, it } from 'vitest';
import { speedMeter, timeLeftLabel, transferCaption, videoLine } from './transfer';

describe('transfer captions', () => {
  it('says how much, how fast and how long', () => {
    expect(transferCaption(120 * 1024 ** 2, 1.2 * 1024 ** 3, 8 * 1024 ** 2)).toBe(
      '120 MB of 1.2 GB · 8 MB/s · 2 min left',
    );
    expect(transferCaption(0, 2048, null)).toBe('0 B of 2 KB');
  });

  it('reads waits as people do', () => {
    expect(timeLeftLabel(0.2)).toBe('1 s left');
    expect(timeLeftLabel(59)).toBe('59 s left');
    expect(timeLeftLabel(65 * 60)).toBe('1 h 5 min left');
    expect(timeLeftLabel(Number.POSITIVE_INFINITY)).toBe('');
  });

  it('averages speed over its window', () => {
    const meter = speedMeter(5000);
    expect(meter.add(0, 0)).toBeNull();
    expect(meter.add(1000, 1000)).toBe(1000);
    expect(meter.add(3000, 2000)).toBe(1500);
    // Old samples leave the window.
    expect(meter.add(13000, 10_000)).toBe(1250);
  });

  it('describes a video', () => {
    expect(
      videoLine({ width: 1920, height: 1080, frameRate: 29.97, codec: 'h264', durationSeconds: 62.4 }),
    ).toBe('1920×1080 · 29.97 fps · H264 · 1:02');
    expect(
      videoLine({ width: null, height: null, frameRate: null, codec: null, durationSeconds: 3725 }),
    ).toBe('1:02:05');
  });
});
