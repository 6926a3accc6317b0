/**
 * Image bytes -> ImageBlock. Every image that reaches the document model passes through here, so
 * the writers can rely on what it guarantees: a PNG, JPEG, GIF or BMP whose file structure is
 * complete (no truncated uploads or half-pasted data: URIs), with a sane intrinsic size.
 */
import { crc32 } from 'node:zlib';
import { imageSize } from 'image-size';
import type { ImageBlock } from './types';

/** Largest image accepted, in bytes. Bigger ones are photos that belong in attachments, not in text. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Largest width or height accepted, in pixels. */
export const MAX_IMAGE_SIDE = 10_000;

type ImageMimeType = ImageBlock['mimeType'];

/** image-size's name for each type we accept. */
const IMAGE_SIZE_TYPES: Record<ImageMimeType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/bmp': 'bmp',
};

/**
 * Bytes -> ImageBlock with the intrinsic size in pixels, or null when the bytes are not a complete
 * PNG/JPEG/GIF/BMP image within the size bounds. Never throws.
 */
export function imageBlockFromBytes(bytes: Uint8Array, alt?: string): ImageBlock | null {
  if (bytes.length === 0 || bytes.length > MAX_IMAGE_BYTES) return null;
  const mimeType = sniffMimeType(bytes);
  if (mimeType === null || !isStructurallyComplete(bytes, mimeType)) return null;
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    return null;
  }
  if (size.type !== IMAGE_SIZE_TYPES[mimeType] || !isSaneSide(size.width) || !isSaneSide(size.height)) return null;
  const block: ImageBlock = { type: 'image', data: bytes, mimeType, width: size.width, height: size.height };
  const trimmedAlt = alt?.trim();
  if (trimmedAlt) block.alt = trimmedAlt;
  return block;
}

function isSaneSide(pixels: number): boolean {
  return Number.isInteger(pixels) && pixels > 0 && pixels <= MAX_IMAGE_SIDE;
}

function sniffMimeType(bytes: Uint8Array): ImageMimeType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) {
    return 'image/gif';
  }
  if (startsWith(bytes, [0x42, 0x4d])) return 'image/bmp';
  return null;
}

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte);
}

function isStructurallyComplete(bytes: Uint8Array, mimeType: ImageMimeType): boolean {
  switch (mimeType) {
    case 'image/png':
      return isCompletePng(bytes);
    case 'image/jpeg':
      return isCompleteJpeg(bytes);
    case 'image/gif':
      // The logical screen descriptor, and the trailer byte that ends every complete GIF.
      return bytes.length >= 14 && bytes[bytes.length - 1] === 0x3b;
    case 'image/bmp':
      return isCompleteBmp(bytes);
  }
}

/** IHDR first, at least one IDAT, an IEND, and every chunk's CRC intact (catches truncation and corruption). */
function isCompletePng(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 8;
  let sawImageData = false;
  while (offset + 12 <= bytes.length) {
    const dataLength = view.getUint32(offset);
    const typeStart = offset + 4;
    const dataEnd = typeStart + 4 + dataLength;
    if (dataEnd + 4 > bytes.length) return false;
    const chunkType = String.fromCharCode(
      bytes[typeStart],
      bytes[typeStart + 1],
      bytes[typeStart + 2],
      bytes[typeStart + 3],
    );
    if (offset === 8 && chunkType !== 'IHDR') return false;
    if (crc32(bytes.subarray(typeStart, dataEnd)) !== view.getUint32(dataEnd)) return false;
    if (chunkType === 'IDAT') sawImageData = true;
    if (chunkType === 'IEND') return sawImageData;
    offset = dataEnd + 4;
  }
  return false;
}

/** Segments well-formed up to the first scan, and an end-of-image marker after it. */
function isCompleteJpeg(bytes: Uint8Array): boolean {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return false;
    const marker = bytes[offset + 1];
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      offset += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9) return false; // end of image before any scan
    const segmentLength = (bytes[offset + 2] << 8) | bytes[offset + 3];
    if (segmentLength < 2) return false;
    const segmentEnd = offset + 2 + segmentLength;
    if (marker === 0xda) return hasEndOfImageMarker(bytes, segmentEnd);
    offset = segmentEnd;
  }
  return false;
}

/** Inside entropy-coded data 0xFF is always stuffed, so FF D9 after the scan header can only be the real end. */
function hasEndOfImageMarker(bytes: Uint8Array, from: number): boolean {
  for (let index = bytes.length - 2; index >= from; index--) {
    if (bytes[index] === 0xff && bytes[index + 1] === 0xd9) return true;
  }
  return false;
}

/** A BITMAPINFOHEADER or later (the layout image-size reads), with pixel data starting inside the file. */
function isCompleteBmp(bytes: Uint8Array): boolean {
  if (bytes.length < 26) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const pixelDataOffset = view.getUint32(10, true);
  const dibHeaderSize = view.getUint32(14, true);
  return dibHeaderSize >= 40 && pixelDataOffset >= 14 + dibHeaderSize && pixelDataOffset < bytes.length;
}
