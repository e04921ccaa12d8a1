import { PassThrough } from 'node:stream';
import { setImmediate as tick } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { mediaUploadStream } from './media-upload-stream';

/** The start of an MP4 file: an `ftyp` box (isom), enough for the type to be recognised. */
const mp4Head = () => {
  const box = Buffer.alloc(32);
  box.writeUInt32BE(32, 0);
  box.write('ftypisom', 4, 'latin1');
  box.writeUInt32BE(0x200, 12);
  box.write('isomiso2avc1mp41', 16, 'latin1');
  return Buffer.concat([box, Buffer.alloc(8192, 1)]);
};

describe('mediaUploadStream', () => {
  // Found under load in the API suite: a video upload whose client vanished while the route was still
  // preparing storage raised an uncaught 'aborted' (the stream had no listener yet), which would take a
  // server process down.
  it('keeps a failure before the caller attaches from being uncaught, and keeps it for the caller', async () => {
    const source = new PassThrough();
    source.write(mp4Head());
    const media = await mediaUploadStream(source, 'v.mp4');
    expect(media?.kind).toBe('video');
    const aborted = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    source.destroy(aborted);
    await tick();
    await tick();
    expect(media!.stream.destroyed).toBe(true);
    expect(media!.stream.errored).toBe(aborted);
  });
});
