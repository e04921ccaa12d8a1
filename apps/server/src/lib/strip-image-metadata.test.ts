import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '@cutroom/contracts';
import { mediaUploadStream } from './media-upload-stream';
import { JPEG_HEAD_LIMIT } from './strip-image-metadata';

/** A noisy photo with a camera make, GPS, XMP and, when asked, an orientation and a long description. */
function photo(format: 'jpeg' | 'png' | 'webp', opts: { orientation?: number; description?: string } = {}) {
  let img = sharp({
    create: {
      width: 96,
      height: 48,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  });
  if (opts.orientation) img = img.withMetadata({ orientation: opts.orientation });
  return img
    .withExifMerge({
      IFD0: { Make: 'TestCam', ImageDescription: opts.description ?? 'at home' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
    })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/">TestXmp</x:xmpmeta>')
    .toFormat(format)
    .toBuffer();
}

/** `bytes` as an upload arriving in pieces of `size`, and what would be stored of it. */
async function stored(bytes: Buffer, size: number): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) pieces.push(bytes.subarray(at, at + size));
  const media = await mediaUploadStream(Readable.from(pieces), 'photo');
  return buffer(media!.stream);
}

const PIECE_SIZES = [1, 7, 4099, 4100, 4101, 65536, 1 << 24];

describe('image metadata stripping on upload streams', () => {
  it.each(['jpeg', 'png', 'webp'] as const)(
    '%s: the same stored bytes however the upload is cut, without EXIF or XMP',
    async (format) => {
      const input = await photo(format);
      const outputs = await Promise.all(PIECE_SIZES.map((size) => stored(input, size)));
      for (const out of outputs) expect(out.equals(outputs[0]!)).toBe(true);
      const meta = await sharp(outputs[0]!).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(outputs[0]!.includes('TestCam')).toBe(false);
      expect((await sharp(outputs[0]!).raw().toBuffer()).equals(await sharp(input).raw().toBuffer())).toBe(
        true,
      );
    },
  );

  it('reads the orientation of a JPEG whose EXIF ends far past the sniffed bytes', async () => {
    const input = await photo('jpeg', { orientation: 8, description: 'x'.repeat(40_000) });
    expect(input.length).toBeLessThan(JPEG_HEAD_LIMIT);
    for (const size of [1000, 65536]) {
      const out = await stored(input, size);
      const meta = await sharp(out).metadata();
      expect(meta.orientation).toBe(8);
      expect(meta.exif!.length).toBeLessThan(40);
      expect(out.length).toBeLessThan(input.length - 40_000);
    }
  });

  it('clears the EXIF and XMP flags of a WebP VP8X header and keeps the RIFF size true', async () => {
    const input = await photo('webp');
    expect(input.toString('latin1', 12, 16)).toBe('VP8X');
    expect(input[20]! & 0x0c).toBe(0x0c);
    const out = await stored(input, 7);
    expect(out[20]! & 0x0c).toBe(0);
    expect(out.readUInt32LE(4)).toBe(out.length - 8);
    expect(out.includes('EXIF')).toBe(false);
    expect(out.includes('XMP ')).toBe(false);
  });

  it('applies the size limit to the bytes sent, not to what is left once stripped', async () => {
    // A JPEG one byte over the limit once its EXIF segment (~60 KB) is counted, well under it without.
    const exif = Buffer.alloc(4 + 60_000);
    exif.writeUInt16BE(0xffe1, 0);
    exif.writeUInt16BE(exif.length - 2, 2);
    exif.write('Exif\0\0MM', 4, 'latin1');
    const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    const padding = Buffer.alloc(IMAGE_MAX_BYTES + 1 - image.length - exif.length);
    const upload = Buffer.concat([image.subarray(0, 2), exif, image.subarray(2), padding]);
    expect(upload.length).toBe(IMAGE_MAX_BYTES + 1);
    const media = await mediaUploadStream(
      Readable.from([upload.subarray(0, 5000), upload.subarray(5000)]),
      'big.jpg',
    );
    await expect(buffer(media!.stream)).rejects.toMatchObject({ statusCode: 413 });
    expect(media!.stream.exceeded?.statusCode).toBe(413);
  });

  it("drops what follows a PNG's IEND, and strips a PNG of ten megabytes of tiny chunks in one pass", async () => {
    const png = await photo('png');
    const trailing = Buffer.concat([png, Buffer.from('hidden: 51.5N 0.1W TestCam')]);
    const cut = await stored(trailing, 4101);
    expect(cut.includes('hidden')).toBe(false);
    expect((await sharp(cut).raw().toBuffer()).equals(await sharp(png).raw().toBuffer())).toBe(true);

    // 870,000 empty chunks before IEND: exif-be-gone re-copied its buffer at each (4 s for 12 MB).
    const iend = png.length - 12;
    const tiny = Buffer.alloc(IMAGE_MAX_BYTES - png.length - 64);
    for (let at = 0; at + 12 <= tiny.length; at += 12) tiny.write('abCd', at + 4, 'latin1');
    const crafted = Buffer.concat([png.subarray(0, iend), tiny, png.subarray(iend)]);
    // CPU time, not wall time: a busy machine (CI beside another run) stretches the wall clock, while
    // the work itself, which is what this bounds, stays the same.
    const cpuBefore = process.cpuUsage();
    const out = await stored(crafted, 65536);
    const cpu = process.cpuUsage(cpuBefore);
    // A generous bound (one pass takes about 0.3 s here): only a pass per chunk would exceed it.
    expect((cpu.user + cpu.system) / 1000).toBeLessThan(3000);
    // The empty chunks are kept (they are not private); the image reads as before, its metadata gone.
    expect(out.includes('TestCam')).toBe(false);
    expect((await sharp(out).raw().toBuffer()).equals(await sharp(png).raw().toBuffer())).toBe(true);
  });

  it('keeps a limit crossed before the caller reads from being an uncaught error, and still reports it', async () => {
    // Bytes after IEND are dropped, so nothing pushes back on the limiter while nobody reads.
    const png = await photo('png');
    const media = await mediaUploadStream(Readable.from([png, Buffer.alloc(IMAGE_MAX_BYTES)]), 'big.png');
    await new Promise((r) => setTimeout(r, 200)); // the caller is busy (storage making its folder)
    await expect(
      pipeline(media!.stream, new Writable({ write: (_c, _e, done) => done() })),
    ).rejects.toMatchObject({ statusCode: 413 });
    expect(media!.stream.exceeded?.statusCode).toBe(413);
  });

  it('passes videos through untouched', async () => {
    // The first bytes of an MP4 (ftyp isom) and some more: a video as far as sniffing goes.
    const video = Buffer.concat([
      Buffer.from('0000001c6674797069736f6d0000020069736f6d69736f326d703431', 'hex'),
      Buffer.alloc(10_000, 0xe1),
    ]);
    const media = await mediaUploadStream(Readable.from([video]), 'clip.mp4');
    expect(media!.kind).toBe('video');
    expect((await buffer(media!.stream)).equals(video)).toBe(true);
  });
});
