import path from 'node:path';
import sharp, { type OutputInfo } from 'sharp';
import { UnusableMediaError } from './errors';
import { PREVIEW_LONG_SIDE, WATERMARK_FONT_FAMILY, WATERMARK_TEXT, watermarkFontSize } from './watermark';

export interface ImagePreview {
  /** JPEG, scaled down, watermarked; no metadata from the original. */
  previewPath: string;
  width: number;
  height: number;
}

/** A large centred mark plus a faint diagonal tiling, so that no crop of the picture is clean. */
export function watermarkSvg(width: number, height: number): Buffer {
  const size = watermarkFontSize(width, height);
  const small = Math.max(10, Math.round(size / 2.6));
  const font = `font-family="${WATERMARK_FONT_FAMILY}, sans-serif" font-weight="bold"`;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<defs><pattern id="tile" width="${small * 14}" height="${small * 7}" patternUnits="userSpaceOnUse" patternTransform="rotate(-30)">` +
      `<text x="0" y="${small * 2}" ${font} font-size="${small}" fill="#fff" fill-opacity="0.22">${WATERMARK_TEXT}</text>` +
      `</pattern></defs>` +
      `<rect width="100%" height="100%" fill="url(#tile)"/>` +
      `<text x="50%" y="50%" text-anchor="middle" dominant-baseline="central" ${font} font-size="${size}" ` +
      `fill="#fff" fill-opacity="0.55" stroke="#000" stroke-opacity="0.35" stroke-width="${Math.max(1, Math.round(size / 30))}">` +
      `${WATERMARK_TEXT}</text></svg>`,
  );
}

/** Makes the watermarked preview of an image (first frame of an animation) in outDir. */
export async function makeImagePreview(input: string, outDir: string): Promise<ImagePreview> {
  const previewPath = path.join(outDir, 'preview.jpg');
  let scaled: { data: Buffer; info: OutputInfo };
  try {
    scaled = await sharp(input, { failOn: 'error' })
      .autoOrient()
      .resize({
        width: PREVIEW_LONG_SIDE,
        height: PREVIEW_LONG_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .png({ compressionLevel: 1 })
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    throw new UnusableMediaError(`The image could not be read: ${(err as Error).message}`);
  }
  const { width, height } = scaled.info;
  await sharp(scaled.data)
    .composite([{ input: watermarkSvg(width, height) }])
    .jpeg({ quality: 72, mozjpeg: true })
    .toFile(previewPath);
  return { previewPath, width, height };
}
