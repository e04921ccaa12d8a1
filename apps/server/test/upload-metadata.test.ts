import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolioSamples } from '../src/db/schema';
import { bytesOf, openRoom, sendDelivery, settledDelivery } from './delivery-fixtures';
import { createPricedEditor, eventually } from './fakes/payment-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { sampleForm, saveStructure } from './portfolio-fixtures';

/**
 * Security finding #16: the originals editors upload (public portfolio samples, deliveries released to the
 * creator) must not carry where and with what a photo was taken. Images only: they are stripped as they
 * stream in, so no background job is waited on here beyond a delivery's image preview (polled, bounded).
 */

const GPS = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '51/1 30/1 2610/100',
  GPSLongitudeRef: 'W',
  GPSLongitude: '0/1 7/1 3960/100',
};
const XMP = '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF>TestXmpCreator</rdf:RDF></x:xmpmeta>';

/** A small noisy photo (so its pixels are worth comparing) carrying a camera make, GPS and XMP. */
function photo(format: 'jpeg' | 'png' | 'webp', orientation?: number): Promise<Buffer> {
  let img = sharp({
    create: {
      width: 320,
      height: 160,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  });
  if (orientation) img = img.withMetadata({ orientation });
  return img
    .withExifMerge({
      IFD0: { Make: 'TestCam', Model: 'TestCam Pro' },
      IFD3: GPS,
    })
    .withXmp(XMP)
    .toFormat(format)
    .toBuffer();
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** `png` with a tEXt chunk (keyword, NUL, text) added right after its IHDR. */
function withTextChunk(png: Buffer, keyword: string, text: string): Buffer {
  const data = Buffer.from(`${keyword}\0${text}`, 'latin1');
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write('tEXt', 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  const afterIhdr = 8 + 12 + png.readUInt32BE(8);
  return Buffer.concat([png.subarray(0, afterIhdr), chunk, png.subarray(afterIhdr)]);
}

const pixels = (image: Buffer) => sharp(image).raw().toBuffer();

/** What a stored image must show: no EXIF but `orientation`'s, no XMP, no trace of the camera. */
async function expectStripped(stored: Buffer, uploaded: Buffer, orientation?: number) {
  const before = await sharp(uploaded).metadata();
  const after = await sharp(stored).metadata();
  // The upload did carry them: the GPS IFD's pointer (tag 0x8825, little-endian as sharp writes it).
  expect(before.exif!.includes(Buffer.from([0x25, 0x88]))).toBe(true);
  expect(uploaded.includes('TestCam')).toBe(true);
  expect(after.format).toBe(before.format);
  expect(after.xmp).toBeUndefined();
  if (orientation) {
    // Only the orientation is left, so the photo displays as it did.
    expect(after.orientation).toBe(orientation);
    expect(after.exif!.length).toBeLessThan(40);
  } else expect(after.exif).toBeUndefined();
  expect(stored.includes('TestCam')).toBe(false);
  expect(stored.includes('TestXmpCreator')).toBe(false);
  expect({ ...after.autoOrient }).toEqual({ ...before.autoOrient });
  // Lossless: not a pixel differs.
  expect((await pixels(stored)).equals(await pixels(uploaded))).toBe(true);
}

describe('uploaded images lose their private metadata', { timeout: 20_000 }, () => {
  let server: TestServer;
  let api: ApiClient;
  let admin: TestUser;
  let sampleEditor: TestUser;
  let creator: TestUser;
  let deliveryEditor: TestUser;
  let roomId: string;

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
    [admin, sampleEditor, creator, deliveryEditor] = await Promise.all([
      createTestUser(server.db, 'admin'),
      createTestUser(server.db, 'editor'),
      createTestUser(server.db, 'creator'),
      createPricedEditor(server.db, { basic: 999 }),
    ]);
    await saveStructure(api, admin.token, sampleEditor.id);
    roomId = await openRoom(api, creator, deliveryEditor);
  });
  afterAll(() => server?.close());

  /** Uploads one portfolio sample; its public original and thumbnail as anyone fetches them. */
  async function uploadSample(name: string, bytes: Buffer) {
    const res = await api.patch(
      `/api/admin/editors/${sampleEditor.id}/portfolio/samples`,
      sampleForm([{ tier: 'basic', index: 0, name, bytes }]),
      { token: admin.token },
    );
    expect(res.status).toBe(200);
    const samples = res.body.data.tiers[0].samples;
    const sample = samples[samples.length - 1];
    const original = await bytesOf(`${server.url}${sample.url}`);
    expect(original.status).toBe(200);
    const [row] = await server.db.select().from(portfolioSamples).where(eq(portfolioSamples.id, sample._id));
    const thumbnail = await bytesOf(`${server.url}${sample.thumbnailUrl}`);
    return { original: original.body, sizeBytes: row!.sizeBytes, thumbnail: thumbnail.body };
  }

  it('a portfolio JPEG: EXIF (GPS, camera) and XMP gone, pixels untouched, its recorded size the stored one', async () => {
    const uploaded = await photo('jpeg');
    const { original, sizeBytes, thumbnail } = await uploadSample('holiday.jpg', uploaded);
    await expectStripped(original, uploaded);
    expect(original.length).toBeLessThan(uploaded.length);
    expect(sizeBytes).toBe(original.length);
    // The thumbnail, made by sharp, carries none either.
    const thumb = await sharp(thumbnail).metadata();
    expect(thumb.exif).toBeUndefined();
    expect(thumb.xmp).toBeUndefined();
  });

  it('a portfolio PNG: its tEXt chunk, eXIf and XMP gone, pixels untouched', async () => {
    const uploaded = withTextChunk(await photo('png'), 'Comment', 'Shot with TestCam at home');
    expect(uploaded.includes('tEXt')).toBe(true);
    const { original, sizeBytes } = await uploadSample('screen.png', uploaded);
    await expectStripped(original, uploaded);
    expect(original.includes('tEXt')).toBe(false);
    expect(original.includes('eXIf')).toBe(false);
    expect(sizeBytes).toBe(original.length);
  });

  it('a portfolio WebP: its EXIF and XMP chunks blanked, the file the same size, pixels untouched', async () => {
    const uploaded = await photo('webp');
    const { original, sizeBytes } = await uploadSample('export.webp', uploaded);
    await expectStripped(original, uploaded);
    expect(original.length).toBe(uploaded.length);
    expect(sizeBytes).toBe(original.length);
  });

  it('a JPEG turned by its EXIF Orientation (6) keeps that tag alone, so it displays turned as before', async () => {
    const uploaded = await photo('jpeg', 6);
    expect(await sharp(uploaded).metadata()).toMatchObject({ width: 320, height: 160, orientation: 6 });
    const { original, thumbnail } = await uploadSample('portrait.jpg', uploaded);
    await expectStripped(original, uploaded, 6);
    expect((await sharp(original).metadata()).autoOrient).toEqual({ width: 160, height: 320 });
    // Displayed upright: the thumbnail (turned by sharp) is portrait.
    expect(await sharp(thumbnail).metadata()).toMatchObject({ width: 160, height: 320 });
  });

  it('a delivered JPEG reaches the creator without its EXIF once released', async () => {
    const uploaded = await photo('jpeg');
    // Paid up front (Pay Now): the delivery sent for that order is released as soon as it is approved.
    const bought = await api.post(
      `/api/payment/${deliveryEditor.id}/basic`,
      { phone: '9876543210' },
      { token: creator.token },
    );
    expect(bought.status).toBe(201);
    await fetch(`${server.url}/simulator/checkout/${bought.body.paymentSessionId}/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ outcome: 'SUCCESS' }).toString(),
      redirect: 'manual',
    });
    await eventually(async () => {
      const s = await api.get(`/api/payment/status/${bought.body.orderId}`, { token: creator.token });
      return s.body.payment?.status === 'SUCCESS';
    });
    const sent = await sendDelivery(api, deliveryEditor, roomId, {
      file: uploaded,
      name: 'final.jpg',
      type: 'image/jpeg',
      orderId: bought.body.order._id,
    });
    expect(sent.status).toBe(201);
    // Approval waits for the image preview (a background job: sharp on a small picture), polled, bounded.
    const delivery = await settledDelivery(api, creator, roomId, sent.body.data._id, 8_000);
    expect(delivery.preview.status).toBe('ready');
    const approved = await api.post(`/api/deliveries/${delivery._id}/approve`, undefined, {
      token: creator.token,
    });
    expect(approved.body.data).toMatchObject({ status: 'approved', paid: true, canDownload: true });
    const link = await api.get(`/api/deliveries/${delivery._id}/final`, {
      token: creator.token,
      headers: { accept: 'application/json' },
    });
    expect(link.status).toBe(200);
    const file = await bytesOf(`${server.url}${link.body.url}`);
    expect(file.status).toBe(200);
    await expectStripped(file.body, uploaded);
    expect(approved.body.data.sizeBytes).toBe(file.body.length);
  });
});
