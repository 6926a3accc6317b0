/**
 * Small real images built in code (no binary fixtures): each decodes in ordinary viewers.
 */
import { encodePng } from '../../fixtures/lib/png';

/** A width x height opaque RGB PNG of one colour. */
export function png(width: number, height: number): Buffer {
  return encodePng(width, height, () => [0x40, 0x40, 0x40]);
}

/**
 * A baseline grey JPEG of width x height (multiples of 8): one component, every block a flat
 * DC of 0 (mid grey), with one-code Huffman tables.
 */
export function jpeg(width: number, height: number): Buffer {
  const segment = (marker: number, body: number[]) => [
    0xff,
    marker,
    (body.length + 2) >> 8,
    (body.length + 2) & 0xff,
    ...body,
  ];
  const quantisation = segment(0xdb, [0x00, ...new Array(64).fill(1)]);
  const frame = segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]);
  const oneCodeTable = (tableClass: number) => [tableClass << 4, 1, ...new Array(15).fill(0), 0x00];
  const huffman = segment(0xc4, [...oneCodeTable(0), ...oneCodeTable(1)]);
  const scan = segment(0xda, [1, 1, 0x00, 0, 63, 0]);
  // Each block is DC "0" + end-of-block "0": two bits; pad the last byte with ones.
  const blocks = (width / 8) * (height / 8);
  const bits = '00'.repeat(blocks).padEnd(Math.ceil((blocks * 2) / 8) * 8, '1');
  const entropy = bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2));
  return Buffer.from([0xff, 0xd8, ...quantisation, ...frame, ...huffman, ...scan, ...entropy, 0xff, 0xd9]);
}

/** The classic 1x1 GIF (one white pixel). */
export function gif(): Buffer {
  return Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
}

/** A width x height 24-bit BMP of one colour. */
export function bmp(width: number, height: number): Buffer {
  const rowSize = Math.ceil((width * 3) / 4) * 4;
  const pixels = Buffer.alloc(rowSize * height, 0x80);
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(54 + pixels.length, 2);
  header.writeUInt32LE(54, 10); // pixel data offset
  header.writeUInt32LE(40, 14); // BITMAPINFOHEADER
  header.writeInt32LE(width, 18);
  header.writeInt32LE(height, 22);
  header.writeUInt16LE(1, 26); // planes
  header.writeUInt16LE(24, 28); // bits per pixel
  header.writeUInt32LE(pixels.length, 34);
  return Buffer.concat([header, pixels]);
}
