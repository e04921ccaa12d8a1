import { Transform, type TransformCallback } from 'node:stream';
import ExifTransformer from 'exif-be-gone';

/*
 * Private metadata (EXIF: GPS position, camera make and serial, dates; XMP; PNG text chunks) is taken out
 * of uploaded images as they stream to storage, without decoding or re-encoding a pixel:
 *
 * - JPEG goes through exif-be-gone (the EXIF, XMP and FLIR APP1 segments). A JPEG whose EXIF
 *   Orientation turns it (anything but 1) gets back a 36-byte EXIF segment holding that one tag, so it
 *   displays as before.
 * - PNG: the tEXt, iTXt, zTXt, eXIf, tIME and dSIG chunks are dropped by our own one-pass filter, and
 *   whatever follows IEND.
 * - WebP: exif-be-gone's WebP support misreads chunk sizes (1.5.1), so its EXIF and XMP chunks are
 *   blanked here instead: renamed JUNK (a chunk readers skip) and zeroed, which keeps every size the
 *   RIFF header and the chunks declare, and their flags cleared in the VP8X header.
 * - GIF, BMP and AVIF pass unchanged (AVIF can hold EXIF, in an item no stream tool rewrites safely).
 *
 * Videos keep their metadata: the upload forms say so.
 */

/** At most this many leading bytes of a JPEG are held back to find its EXIF Orientation. */
export const JPEG_HEAD_LIMIT = 256 * 1024;

const ORIENTATION_TAG = 0x0112;
const EXIF_ID = Buffer.from('Exif\0\0', 'latin1');

type JpegHead = { orientation: number } | { need: number };

/**
 * The EXIF Orientation (1 to 8) of the JPEG starting `head`, read from its first EXIF segment; 1 when it
 * has none or it cannot be read. `need` when that segment (or the way to it) lies past the bytes given.
 */
function readJpegHead(head: Buffer): JpegHead {
  let at = 2; // after SOI
  while (at + 4 <= head.length) {
    if (head[at] !== 0xff) return { orientation: 1 };
    const marker = head[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // no length
      continue;
    }
    // The image data starts (SOS) or ends (EOI): there is no EXIF before it.
    if (marker === 0xda || marker === 0xd9) return { orientation: 1 };
    const end = at + 2 + head.readUInt16BE(at + 2);
    const isExif =
      marker === 0xe1 && (at + 10 > head.length || head.subarray(at + 4, at + 10).equals(EXIF_ID));
    if (isExif) {
      if (end > head.length) return { need: end };
      return { orientation: exifOrientation(head.subarray(at + 10, end)) };
    }
    at = end;
  }
  return { need: at + 4 };
}

/** Orientation from a TIFF structure (EXIF's), 1 when absent or unreadable. */
function exifOrientation(tiff: Buffer): number {
  if (tiff.length < 8) return 1;
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return 1;
  const le = order === 'II';
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd0 = u32(4);
  if (ifd0 + 2 > tiff.length) return 1;
  const count = u16(ifd0);
  for (let i = 0; i < count; i++) {
    const entry = ifd0 + 2 + i * 12;
    if (entry + 12 > tiff.length) break;
    if (u16(entry) !== ORIENTATION_TAG) continue;
    const type = u16(entry + 2);
    const value = type === 3 ? u16(entry + 8) : type === 4 ? u32(entry + 8) : 0;
    return value >= 1 && value <= 8 ? value : 1;
  }
  return 1;
}

/**
 * How many leading bytes of an upload of this type `imageMetadataStripper` wants to see: for a JPEG,
 * through its EXIF segment (up to JPEG_HEAD_LIMIT, past which its orientation is taken as 1); else
 * what `head` already holds.
 */
export function metadataHeadLength(mimeType: string, head: Buffer): number {
  if (mimeType !== 'image/jpeg') return head.length;
  const read = readJpegHead(head);
  return 'need' in read && read.need <= JPEG_HEAD_LIMIT ? Math.max(read.need, head.length) : head.length;
}

/** An EXIF APP1 segment holding only the Orientation tag (big-endian TIFF, one IFD, one entry). */
export function orientationSegment(orientation: number): Buffer {
  const segment = Buffer.alloc(36);
  segment.writeUInt16BE(0xffe1, 0);
  segment.writeUInt16BE(34, 2); // the length counts itself, not the marker
  EXIF_ID.copy(segment, 4);
  segment.write('MM', 10, 'latin1');
  segment.writeUInt16BE(42, 12);
  segment.writeUInt32BE(8, 14); // IFD0 right after the TIFF header
  segment.writeUInt16BE(1, 18); // one entry
  segment.writeUInt16BE(ORIENTATION_TAG, 20);
  segment.writeUInt16BE(3, 22); // SHORT
  segment.writeUInt32BE(1, 24); // one value
  segment.writeUInt16BE(orientation, 28); // in the first two of the four value bytes
  // 30-31 padding of the value, 32-35 next IFD offset: 0 (none)
  return segment;
}

/** Passes a JPEG through with `segment` inserted right after its SOI marker. */
function insertAfterSoi(segment: Buffer): Transform {
  let start: Buffer | null = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      if (!start) return done(null, chunk);
      start = Buffer.concat([start, chunk]);
      if (start.length < 2) return done();
      const out =
        start[0] === 0xff && start[1] === 0xd8
          ? Buffer.concat([start.subarray(0, 2), segment, start.subarray(2)])
          : start;
      start = null;
      done(null, out);
    },
    flush(done: TransformCallback) {
      if (start?.length) this.push(start);
      done();
    },
  });
}

/** PNG chunks that carry text, EXIF, a timestamp or a signature over them: dropped whole. */
const PNG_PRIVATE_CHUNKS = new Set(['tEXt', 'iTXt', 'zTXt', 'eXIf', 'tIME', 'dSIG']);

/**
 * PNG: chunk by chunk, in one pass with no copying of kept bytes (exif-be-gone re-copies what is left of
 * its buffer at every chunk, which takes seconds on a file of many tiny chunks). Private chunks are
 * dropped; so is anything after IEND, where nothing a reader uses can be.
 */
export function pngMetadataStripper(): Transform {
  let pending = Buffer.alloc(0);
  let started = false;
  /** IEND's header was read: once its CRC is out, the file is over. */
  let last = false;
  let ended = false;
  /** Bytes left in the current chunk (data and CRC), and whether they are kept. */
  let remaining = 0;
  let keep = true;
  return new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      let buf = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      pending = Buffer.alloc(0);
      // Kept pieces go out together: one push per chunk received, however many PNG chunks it holds.
      const out: Buffer[] = [];
      while (buf.length && !ended) {
        if (remaining > 0) {
          const n = Math.min(remaining, buf.length);
          if (keep) out.push(buf.subarray(0, n));
          remaining -= n;
          buf = buf.subarray(n);
          ended = last && remaining === 0;
          continue;
        }
        // The signature, then each chunk's length and type: 8 bytes either way.
        if (buf.length < 8) {
          pending = Buffer.from(buf);
          break;
        }
        if (started) {
          const type = buf.toString('latin1', 4, 8);
          remaining = buf.readUInt32BE(0) + 4;
          keep = !PNG_PRIVATE_CHUNKS.has(type);
          last = type === 'IEND';
          if (keep) out.push(buf.subarray(0, 8));
        } else {
          started = true;
          out.push(buf.subarray(0, 8));
        }
        buf = buf.subarray(8);
      }
      if (out.length) this.push(out.length === 1 ? out[0] : Buffer.concat(out));
      done();
    },
    flush(done: TransformCallback) {
      if (pending.length && !ended) this.push(pending);
      done();
    },
  });
}

const VP8X_EXIF_FLAG = 0x08;
const VP8X_XMP_FLAG = 0x04;

/** WebP's EXIF and XMP chunks become zeroed JUNK chunks of the same size; VP8X stops announcing them. */
export function webpMetadataBlanker(): Transform {
  let pending = Buffer.alloc(0);
  let started = false;
  /** Payload bytes (padding included) left in the current chunk, and what to do with them. */
  let remaining = 0;
  let mode: 'keep' | 'blank' | 'vp8x' = 'keep';
  return new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      let buf = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      pending = Buffer.alloc(0);
      while (buf.length) {
        if (remaining > 0) {
          const n = Math.min(remaining, buf.length);
          let part = buf.subarray(0, n);
          if (mode === 'blank') part = Buffer.alloc(n);
          else if (mode === 'vp8x') {
            part = Buffer.from(part);
            part[0] = part[0]! & ~(VP8X_EXIF_FLAG | VP8X_XMP_FLAG);
            mode = 'keep';
          }
          this.push(part);
          remaining -= n;
          buf = buf.subarray(n);
          continue;
        }
        const header = started ? 8 : 12; // a chunk's fourcc and size, or RIFF size WEBP
        if (buf.length < header) {
          pending = Buffer.from(buf);
          break;
        }
        if (!started) {
          started = true;
          this.push(buf.subarray(0, 12));
          buf = buf.subarray(12);
          continue;
        }
        const fourcc = buf.toString('latin1', 0, 4);
        const size = buf.readUInt32LE(4);
        remaining = size + (size & 1);
        if (fourcc === 'EXIF' || fourcc === 'XMP ') {
          mode = 'blank';
          const renamed = Buffer.from(buf.subarray(0, 8));
          renamed.write('JUNK', 0, 'latin1');
          this.push(renamed);
        } else {
          mode = fourcc === 'VP8X' && size > 0 ? 'vp8x' : 'keep';
          this.push(buf.subarray(0, 8));
        }
        buf = buf.subarray(8);
      }
      done();
    },
    flush(done: TransformCallback) {
      if (pending.length) this.push(pending);
      done();
    },
  });
}

/**
 * The stream stages (in order) that take private metadata out of an image of this type, given its first
 * bytes (at least `metadataHeadLength` of them when the file is that long); none for other types.
 * The first chunk they are given must be `head` itself: exif-be-gone tells PNG from JPEG by its first
 * chunk alone.
 */
export function imageMetadataStrippers(mimeType: string, head: Buffer): Transform[] {
  switch (mimeType) {
    case 'image/png':
      return [pngMetadataStripper()];
    case 'image/jpeg': {
      const read = readJpegHead(head);
      const orientation = 'orientation' in read ? read.orientation : 1;
      const stages: Transform[] = [new ExifTransformer()];
      if (orientation !== 1) stages.push(insertAfterSoi(orientationSegment(orientation)));
      return stages;
    }
    case 'image/webp':
      return [webpMetadataBlanker()];
    default:
      return [];
  }
}
