/** The words every preview carries across its picture. */
export const WATERMARK_TEXT = 'Cutroom preview';

/** Debian's fonts-dejavu-core: ffmpeg's drawtext needs a font file; sharp's SVG finds it by family. */
export const WATERMARK_FONT_FILE = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
export const WATERMARK_FONT_FAMILY = 'DejaVu Sans';

/** Previews fit in this box (720p), turned to match the picture's orientation; never enlarged. */
export const PREVIEW_LONG_SIDE = 1280;
export const PREVIEW_SHORT_SIDE = 720;

/** Large enough to spoil the picture, small enough that the words fit its width (bold DejaVu). */
export const watermarkFontSize = (width: number, height: number) =>
  Math.max(12, Math.round(Math.min(height / 8, width / 11)));
