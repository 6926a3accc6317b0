/**
 * Pictures as Word takes them: the bytes checked against the type they claim (docx embeds whatever
 * it is given, and Word then shows a broken picture), the size scaled down to the room there is.
 */
import type { ImageBlock } from '../../document/types';
import { PIXELS_PER_POINT } from './page';

export const DOCX_IMAGE_TYPE = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/bmp': 'bmp',
} as const;

const SIGNATURES: Record<ImageBlock['mimeType'], number[]> = {
  'image/png': [0x89, 0x50, 0x4e, 0x47],
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/gif': [0x47, 0x49, 0x46, 0x38],
  'image/bmp': [0x42, 0x4d],
};
/** Word refuses drawings wider or taller than this many pixels. */
const MAX_DRAWING_PIXELS = 225_000;

/** Throws, saying why, when Word could not show the picture. */
export function checkImage(image: ImageBlock): void {
  const signature = SIGNATURES[image.mimeType];
  if (!signature) throw new Error(`unsupported image type ${String(image.mimeType)}`);
  const data = image.data;
  if (!(
    data instanceof Uint8Array &&
    data.length > signature.length &&
    signature.every((byte, i) => data[i] === byte)
  )) {
    throw new Error(`the image data is not in the ${image.mimeType} format`);
  }
  if (!(image.width > 0 && image.height > 0 && Number.isFinite(image.width) && Number.isFinite(image.height))) {
    throw new Error(`the image has no usable size (${image.width}×${image.height} pixels)`);
  }
}

/** Pixels at 96 dpi: the picture's own size, or the width asked for, scaled down to fit the column and the page. */
export function displaySize(
  image: ImageBlock,
  maxWidthPt: number,
  maxHeightPt: number,
): { width: number; height: number } {
  const naturalWidthPt = image.width / PIXELS_PER_POINT;
  const asked = typeof image.displayWidth === 'number' && image.displayWidth > 0 ? image.displayWidth : naturalWidthPt;
  let widthPt = Math.min(asked, Math.max(maxWidthPt, 1));
  let heightPt = (widthPt * image.height) / image.width;
  if (heightPt > maxHeightPt) {
    widthPt *= maxHeightPt / heightPt;
    heightPt = maxHeightPt;
  }
  const pixels = (points: number) => Math.min(MAX_DRAWING_PIXELS, Math.max(1, Math.round(points * PIXELS_PER_POINT)));
  return { width: pixels(widthPt), height: pixels(heightPt) };
}
