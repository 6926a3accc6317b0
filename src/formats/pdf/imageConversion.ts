/**
 * GIF and BMP -> PNG, because pdfkit embeds only PNG and JPEG. Small, bounded decoders: the first
 * frame of a GIF (animation is lost), and uncompressed or bit-field BMPs. Anything else, or
 * anything malformed, returns undefined and the writer shows a note instead.
 */
import zlib from 'node:zlib';

/** Decoded images above this many pixels are refused (about 100 MB of RGBA). */
const MAX_PIXELS = 25_000_000;

interface Rgba {
  width: number;
  height: number;
  /** width * height * 4 bytes, rows top to bottom. */
  pixels: Uint8Array;
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(data.length, 0);
  header.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(data, zlib.crc32(header.subarray(4))), 0);
  return Buffer.concat([header, data, crc]);
}

function encodePng({ width, height, pixels }: Rgba): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  const stride = width * 4;
  const raw = Buffer.alloc(height * (stride + 1));
  for (let y = 0; y < height; y++) raw.set(pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', header),
      pngChunk('IDAT', zlib.deflateSync(raw)),
      pngChunk('IEND', new Uint8Array(0)),
    ]),
  );
}

const sizeAllowed = (width: number, height: number): boolean => width > 0 && height > 0 && width * height <= MAX_PIXELS;

/** Reads GIF variable-length-code LZW data into `output` (palette indices); returns false on corrupt data. */
function decodeLzw(data: Uint8Array, minCodeSize: number, output: Uint8Array): boolean {
  if (minCodeSize < 2 || minCodeSize > 8) return false;
  const clear = 1 << minCodeSize;
  const end = clear + 1;
  const prefix = new Int16Array(4096);
  const suffix = new Uint8Array(4096);
  const stack = new Uint8Array(4097);
  let codeSize = minCodeSize + 1;
  let next = end + 1;
  let previous = -1;
  let first = 0;
  let bits = 0;
  let buffer = 0;
  let written = 0;
  for (let i = 0; i < clear; i++) suffix[i] = i;
  for (let index = 0; index < data.length && written < output.length;) {
    buffer |= data[index++] << bits;
    bits += 8;
    while (bits >= codeSize && written < output.length) {
      const code = buffer & ((1 << codeSize) - 1);
      buffer >>>= codeSize;
      bits -= codeSize;
      if (code === clear) {
        codeSize = minCodeSize + 1;
        next = end + 1;
        previous = -1;
        continue;
      }
      if (code === end) return true;
      if (previous === -1) {
        if (code >= clear) return false;
        output[written++] = code;
        previous = first = code;
        continue;
      }
      let current = code;
      let depth = 0;
      if (code > next || (code === next && next >= 4096)) return false;
      if (code === next) {
        stack[depth++] = first;
        current = previous;
      }
      while (current >= clear) {
        stack[depth++] = suffix[current];
        current = prefix[current];
        if (depth > 4096) return false;
      }
      first = suffix[current];
      stack[depth++] = first;
      while (depth > 0 && written < output.length) output[written++] = stack[--depth];
      if (next < 4096) {
        prefix[next] = previous;
        suffix[next] = first;
        next++;
        if (next === 1 << codeSize && codeSize < 12) codeSize++;
      }
      previous = code;
    }
  }
  return true;
}

/** Where a GIF's first frame sits and how it is stored; its pixels are not decoded yet. */
interface GifFrame {
  screenWidth: number;
  screenHeight: number;
  left: number;
  top: number;
  width: number;
  height: number;
  interlaced: boolean;
  colors: Uint8Array;
  transparent: number;
  minCodeSize: number;
  /** The LZW data, in sub-blocks. */
  chunks: Uint8Array[];
}

function readGifFrame(data: Uint8Array): GifFrame | undefined {
  const ascii = Buffer.from(data.subarray(0, 6)).toString('latin1');
  if ((ascii !== 'GIF87a' && ascii !== 'GIF89a') || data.length < 13) return undefined;
  const u16 = (at: number): number => data[at] | (data[at + 1] << 8);
  let pos = 13;
  let globalColors: Uint8Array | undefined;
  if (data[10] & 0x80) {
    const size = 3 * (2 << (data[10] & 7));
    globalColors = data.subarray(pos, pos + size);
    pos += size;
  }
  let transparent = -1;
  const skipSubBlocks = (): void => {
    while (pos < data.length && data[pos] !== 0) pos += data[pos] + 1;
    pos++;
  };
  while (pos < data.length) {
    const marker = data[pos++];
    if (marker === 0x21) {
      const label = data[pos++];
      if (label === 0xf9 && data[pos] === 4 && pos + 5 < data.length)
        transparent = data[pos + 1] & 1 ? data[pos + 4] : -1;
      skipSubBlocks();
    } else if (marker === 0x2c) {
      if (pos + 9 > data.length) return undefined;
      const [left, top, width, height] = [u16(pos), u16(pos + 2), u16(pos + 4), u16(pos + 6)];
      const flags = data[pos + 8];
      pos += 9;
      let colors = globalColors;
      if (flags & 0x80) {
        const size = 3 * (2 << (flags & 7));
        colors = data.subarray(pos, pos + size);
        pos += size;
      }
      if (!colors || pos >= data.length) return undefined;
      const minCodeSize = data[pos++];
      const chunks: Uint8Array[] = [];
      while (pos < data.length && data[pos] !== 0) {
        chunks.push(data.subarray(pos + 1, pos + 1 + data[pos]));
        pos += data[pos] + 1;
      }
      return {
        screenWidth: u16(6),
        screenHeight: u16(8),
        left,
        top,
        width,
        height,
        interlaced: (flags & 0x40) !== 0,
        colors,
        transparent,
        minCodeSize,
        chunks,
      };
    } else {
      return undefined;
    }
  }
  return undefined;
}

/**
 * A frame covering less than a quarter of the GIF's screen is converted on its own: a tiny file
 * may declare a huge, empty screen around a small picture.
 */
const framedAlone = (frame: GifFrame): boolean =>
  frame.width * frame.height * 4 < frame.screenWidth * frame.screenHeight;

const gifCanvas = (frame: GifFrame): { width: number; height: number } =>
  framedAlone(frame)
    ? { width: frame.width, height: frame.height }
    : { width: frame.screenWidth, height: frame.screenHeight };

/** The first frame of a GIF, on a transparent canvas of the GIF's screen size (or of its own size, see framedAlone). */
function decodeGif(frame: GifFrame): Rgba | undefined {
  if (!sizeAllowed(frame.width, frame.height)) return undefined;
  const { width, height } = gifCanvas(frame);
  if (!sizeAllowed(width, height)) return undefined;
  const [left, top] = framedAlone(frame) ? [0, 0] : [frame.left, frame.top];
  const { colors, transparent } = frame;
  const indices = new Uint8Array(frame.width * frame.height);
  if (!decodeLzw(Buffer.concat(frame.chunks), frame.minCodeSize, indices)) return undefined;
  // Interlaced frames store rows in four passes.
  const rowOrder: number[] = [];
  if (frame.interlaced) {
    for (const [start, step] of [
      [0, 8],
      [4, 8],
      [2, 4],
      [1, 2],
    ])
      for (let y = start; y < frame.height; y += step) rowOrder.push(y);
  } else {
    for (let y = 0; y < frame.height; y++) rowOrder.push(y);
  }
  const pixels = new Uint8Array(width * height * 4);
  rowOrder.forEach((y, stored) => {
    const canvasY = top + y;
    if (canvasY >= height) return;
    for (let x = 0; x < frame.width && left + x < width; x++) {
      const index = indices[stored * frame.width + x];
      if (index === transparent || index * 3 + 2 >= colors.length) continue;
      const out = (canvasY * width + left + x) * 4;
      pixels[out] = colors[index * 3];
      pixels[out + 1] = colors[index * 3 + 1];
      pixels[out + 2] = colors[index * 3 + 2];
      pixels[out + 3] = 255;
    }
  });
  return { width, height, pixels };
}

/** Uncompressed (1, 4, 8, 24, 32 bits) and bit-field (16, 32 bits) BMPs. */
function decodeBmp(data: Uint8Array): Rgba | undefined {
  if (data.length < 54 || data[0] !== 0x42 || data[1] !== 0x4d) return undefined;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const pixelOffset = view.getUint32(10, true);
  const headerSize = view.getUint32(14, true);
  if (headerSize < 40) return undefined;
  const width = view.getInt32(18, true);
  const rawHeight = view.getInt32(22, true);
  const height = Math.abs(rawHeight);
  const bits = view.getUint16(28, true);
  const compression = view.getUint32(30, true);
  if (!sizeAllowed(width, height)) return undefined;
  const stride = Math.ceil((width * bits) / 32) * 4;
  if (pixelOffset + stride * height > data.length) return undefined;

  let readPixel: (row: number, x: number) => [number, number, number, number];
  if (compression === 0 && bits <= 8 && [1, 4, 8].includes(bits)) {
    const paletteStart = 14 + headerSize;
    const colorsUsed = view.getUint32(46, true) || 1 << bits;
    if (paletteStart + colorsUsed * 4 > pixelOffset) return undefined;
    readPixel = (row, x) => {
      const bit = x * bits;
      const index = (data[row + (bit >> 3)] >> (8 - bits - (bit & 7))) & ((1 << bits) - 1);
      if (index >= colorsUsed) return [0, 0, 0, 255];
      const at = paletteStart + index * 4;
      return [data[at + 2], data[at + 1], data[at], 255];
    };
  } else if (compression === 0 && (bits === 24 || bits === 32)) {
    const step = bits / 8;
    readPixel = (row, x) => [data[row + x * step + 2], data[row + x * step + 1], data[row + x * step], 255];
  } else if (compression === 3 && (bits === 16 || bits === 32) && data.length >= 66) {
    const masks = [view.getUint32(54, true), view.getUint32(58, true), view.getUint32(62, true)];
    const channel = (value: number, mask: number): number => {
      if (mask === 0) return 0;
      const shift = Math.clz32(mask & -mask) ^ 31;
      const max = mask >>> shift;
      return Math.round((((value & mask) >>> shift) * 255) / max);
    };
    readPixel = (row, x) => {
      const value = bits === 16 ? view.getUint16(row + x * 2, true) : view.getUint32(row + x * 4, true);
      return [channel(value, masks[0]), channel(value, masks[1]), channel(value, masks[2]), 255];
    };
  } else {
    return undefined;
  }
  const pixels = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    // Rows are stored bottom-up unless the height is negative.
    const row = pixelOffset + (rawHeight > 0 ? height - 1 - y : y) * stride;
    for (let x = 0; x < width; x++) pixels.set(readPixel(row, x), (y * width + x) * 4);
  }
  return { width, height, pixels };
}

export interface ConvertedImage {
  png: Uint8Array;
  width: number;
  height: number;
  /** The share of the source image's width the PNG shows (below 1 for a GIF frame converted alone). */
  widthShare: number;
}

/**
 * Size in pixels of the PNG convertToPng would write, read from the headers alone (nothing is
 * decoded), so that a caller can refuse an image before paying for it. Undefined when unreadable.
 */
export function convertedSize(
  data: Uint8Array,
  mimeType: 'image/gif' | 'image/bmp',
): { width: number; height: number } | undefined {
  if (mimeType === 'image/gif') {
    const frame = readGifFrame(data);
    return frame ? gifCanvas(frame) : undefined;
  }
  if (data.length < 26 || data[0] !== 0x42 || data[1] !== 0x4d) return undefined;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  return { width: view.getInt32(18, true), height: Math.abs(view.getInt32(22, true)) };
}

/** PNG for a GIF or BMP image, or undefined when it cannot be converted. */
export function convertToPng(data: Uint8Array, mimeType: 'image/gif' | 'image/bmp'): ConvertedImage | undefined {
  try {
    const frame = mimeType === 'image/gif' ? readGifFrame(data) : undefined;
    const decoded = mimeType === 'image/gif' ? frame && decodeGif(frame) : decodeBmp(data);
    if (!decoded) return undefined;
    const widthShare = frame && framedAlone(frame) ? frame.width / frame.screenWidth : 1;
    return { png: encodePng(decoded), width: decoded.width, height: decoded.height, widthShare };
  } catch {
    return undefined;
  }
}
