/**
 * Images for pdfkit. pdfkit embeds PNG and JPEG only, and it trusts its input: a corrupt JPEG
 * throws in the middle of layout, and a PNG with transparency is decoded in an asynchronous zlib
 * callback whose errors escape every try/catch and kill the thread. So each image is checked
 * here first, completely and with bounded memory; GIF and BMP are converted to PNG; anything else
 * becomes a visible note.
 *
 * A document's images share a budget of decoded pixels: a file of a few hundred bytes can declare
 * a 25-megapixel bitmap that takes seconds and hundreds of megabytes to check and embed. JPEGs
 * are not counted: pdfkit copies their bytes into the PDF without decoding them.
 */
import zlib from 'node:zlib';
import type { ImageBlock } from '../../document/types';
import { convertedSize, convertToPng } from './imageConversion';

/** Larger decoded images are refused (about 25 megapixels of RGBA). */
const MAX_DECODED_BYTES = 100 * 1024 * 1024;

/** Decoded pixels (PNG, GIF, BMP) one document may embed; images past it become notes. */
export const DOCUMENT_PIXEL_BUDGET = 50_000_000;

const OVER_BUDGET = `the document's images exceed ${DOCUMENT_PIXEL_BUDGET / 1_000_000} megapixels in total`;

type ImageCheck = { ok: true; width: number; height: number } | { ok: false; reason: string };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Allowed bit depths per PNG colour type, and channels per pixel. */
const PNG_COLOR_TYPES: Record<number, { depths: number[]; channels: number }> = {
  0: { depths: [1, 2, 4, 8, 16], channels: 1 },
  2: { depths: [8, 16], channels: 3 },
  3: { depths: [1, 2, 4, 8], channels: 1 },
  4: { depths: [8, 16], channels: 2 },
  6: { depths: [8, 16], channels: 4 },
};
/** Adam7 passes: x0, y0, dx, dy. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];

/** `pixelsLeft`: the PNG is refused, before anything is decompressed, when it has more pixels. */
function checkPng(data: Buffer, pixelsLeft: number): ImageCheck {
  if (data.length < 8 || !data.subarray(0, 8).equals(PNG_SIGNATURE)) return { ok: false, reason: 'not a PNG file' };
  let pos = 8;
  let header: { width: number; height: number; depth: number; colorType: number; interlaced: boolean } | undefined;
  let hasPalette = false;
  const compressed: Buffer[] = [];
  let ended = false;
  while (pos + 12 <= data.length && !ended) {
    const length = data.readUInt32BE(pos);
    const type = data.toString('latin1', pos + 4, pos + 8);
    const bodyEnd = pos + 8 + length;
    if (bodyEnd + 4 > data.length) return { ok: false, reason: 'truncated PNG' };
    const body = data.subarray(pos + 8, bodyEnd);
    if (zlib.crc32(data.subarray(pos + 4, bodyEnd)) !== data.readUInt32BE(bodyEnd))
      return { ok: false, reason: 'damaged PNG' };
    if (type === 'IHDR' && length === 13) {
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        depth: body[8],
        colorType: body[9],
        interlaced: body[12] === 1,
      };
      if (body[10] !== 0 || body[11] !== 0 || body[12] > 1) return { ok: false, reason: 'unsupported PNG' };
    } else if (type === 'PLTE') {
      hasPalette = true;
    } else if (type === 'IDAT') {
      compressed.push(body);
    } else if (type === 'IEND') {
      ended = true;
    }
    pos = bodyEnd + 4;
  }
  if (!header || !ended || compressed.length === 0) return { ok: false, reason: 'incomplete PNG' };
  const format = PNG_COLOR_TYPES[header.colorType];
  if (!format || !format.depths.includes(header.depth) || (header.colorType === 3 && !hasPalette)) {
    return { ok: false, reason: 'unsupported PNG' };
  }
  if (header.width === 0 || header.height === 0) return { ok: false, reason: 'empty PNG' };
  if (header.width * header.height > pixelsLeft) return { ok: false, reason: OVER_BUDGET };
  const bitsPerPixel = format.channels * header.depth;
  const scanlines = header.interlaced
    ? ADAM7.map(([x0, y0, dx, dy]) => ({
        rows: Math.max(0, Math.ceil((header.height - y0) / dy)),
        columns: Math.max(0, Math.ceil((header.width - x0) / dx)),
      })).filter((pass) => pass.rows > 0 && pass.columns > 0)
    : [{ rows: header.height, columns: header.width }];
  const expected = scanlines.reduce(
    (sum, pass) => sum + pass.rows * (1 + Math.ceil((pass.columns * bitsPerPixel) / 8)),
    0,
  );
  if (expected > MAX_DECODED_BYTES || header.width * header.height * 4 > MAX_DECODED_BYTES) {
    return { ok: false, reason: 'image too large' };
  }
  let raw: Buffer;
  try {
    raw = zlib.inflateSync(Buffer.concat(compressed), { maxOutputLength: expected });
  } catch {
    return { ok: false, reason: 'damaged PNG' };
  }
  if (raw.length !== expected) return { ok: false, reason: 'damaged PNG' };
  // Every scanline starts with a filter type 0..4; pdfkit's decoder throws on anything else.
  let offset = 0;
  for (const pass of scanlines) {
    const stride = 1 + Math.ceil((pass.columns * bitsPerPixel) / 8);
    for (let row = 0; row < pass.rows; row++, offset += stride) {
      if (raw[offset] > 4) return { ok: false, reason: 'damaged PNG' };
    }
  }
  return { ok: true, width: header.width, height: header.height };
}

const JPEG_FRAME_MARKERS = new Set([
  0xffc0, 0xffc1, 0xffc2, 0xffc3, 0xffc5, 0xffc6, 0xffc7, 0xffc8, 0xffc9, 0xffca, 0xffcb, 0xffcc, 0xffcd, 0xffce,
  0xffcf,
]);

/** Walks the markers the way pdfkit does, but never past the end of the data. */
function checkJpeg(data: Buffer): ImageCheck {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) return { ok: false, reason: 'not a JPEG file' };
  let pos = 2;
  while (pos < data.length) {
    while (pos < data.length && data[pos] !== 0xff) pos++;
    if (pos + 4 > data.length) break;
    const marker = data.readUInt16BE(pos);
    pos += 2;
    if (JPEG_FRAME_MARKERS.has(marker)) {
      if (pos + 8 > data.length) break;
      const height = data.readUInt16BE(pos + 3);
      const width = data.readUInt16BE(pos + 5);
      const channels = data[pos + 7];
      if (width === 0 || height === 0 || ![1, 3, 4].includes(channels))
        return { ok: false, reason: 'unsupported JPEG' };
      return { ok: true, width, height };
    }
    pos += data.readUInt16BE(pos);
  }
  return { ok: false, reason: 'damaged JPEG' };
}

export type EmbeddableImage =
  | {
      ok: true;
      data: Uint8Array;
      mimeType: 'image/png' | 'image/jpeg';
      /** Size of the embedded bitmap in pixels. */
      width: number;
      height: number;
      /** The share of the image's width the bitmap shows (below 1 for a GIF frame converted alone). */
      widthShare: number;
      /** Decoded pixels charged to the document's budget. */
      decodedPixels: number;
    }
  | { ok: false; reason: string };

/**
 * The image as pdfkit can embed it safely: checked PNG or JPEG bytes, GIF and BMP converted to PNG.
 * Images with more decoded pixels than `pixelsLeft` are refused before they are decoded.
 */
export function embeddableImage(image: ImageBlock, pixelsLeft: number): EmbeddableImage {
  const bytes = (data: Uint8Array): Buffer => Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  switch (image.mimeType) {
    case 'image/png': {
      const check = checkPng(bytes(image.data), pixelsLeft);
      if (!check.ok) return check;
      return {
        ok: true,
        data: image.data,
        mimeType: 'image/png',
        width: check.width,
        height: check.height,
        widthShare: 1,
        decodedPixels: check.width * check.height,
      };
    }
    case 'image/jpeg': {
      const check = checkJpeg(bytes(image.data));
      if (!check.ok) return check;
      return {
        ok: true,
        data: image.data,
        mimeType: 'image/jpeg',
        width: check.width,
        height: check.height,
        widthShare: 1,
        decodedPixels: 0,
      };
    }
    case 'image/gif':
    case 'image/bmp': {
      const failed = {
        ok: false,
        reason: `unsupported or damaged ${image.mimeType === 'image/gif' ? 'GIF' : 'BMP'}`,
      } as const;
      const size = convertedSize(image.data, image.mimeType);
      if (!size) return failed;
      if (size.width * size.height > pixelsLeft) return { ok: false, reason: OVER_BUDGET };
      const converted = convertToPng(image.data, image.mimeType);
      if (!converted) return failed;
      const { png, width, height, widthShare } = converted;
      return { ok: true, data: png, mimeType: 'image/png', width, height, widthShare, decodedPixels: width * height };
    }
    default:
      return { ok: false, reason: 'unsupported image type' };
  }
}

export function imageDataUrl(image: { data: Uint8Array; mimeType: string }): string {
  return `data:${image.mimeType};base64,${Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength).toString('base64')}`;
}

/** CSS pixels to points. */
const POINTS_PER_PIXEL = 0.75;

/** Display width in points: the requested or intrinsic width, never wider than `maxWidth`. */
export function imageDisplayWidth(image: ImageBlock, maxWidth: number): number {
  const requested =
    typeof image.displayWidth === 'number' && image.displayWidth > 0
      ? image.displayWidth
      : image.width * POINTS_PER_PIXEL;
  return Math.max(1, Math.min(Number.isFinite(requested) && requested > 0 ? requested : maxWidth, maxWidth));
}
