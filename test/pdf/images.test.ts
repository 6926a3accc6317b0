import { inflateSync } from 'node:zlib';
import { convertToPng } from '../../src/exporters/pdf/imageConversion';
import { writePdf } from '../../src/exporters/pdf/PdfWriter';
import { pdfImages, pdfText } from '../helpers/pdf';
import { makeBmp, makeGif, meta, paragraph } from './documents';

const RED: [number, number, number] = [220, 30, 40];
const BLUE: [number, number, number] = [20, 60, 200];

/** Decodes the PNGs convertToPng writes (8-bit RGBA, filter type 0 on every row). */
function decodePng(png: Uint8Array): { width: number; height: number; rgba: (x: number, y: number) => number[] } {
  const bytes = Buffer.from(png);
  let pos = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (pos < bytes.length) {
    const length = bytes.readUInt32BE(pos);
    const type = bytes.toString('latin1', pos + 4, pos + 8);
    const body = bytes.subarray(pos + 8, pos + 8 + length);
    if (type === 'IHDR') [width, height] = [body.readUInt32BE(0), body.readUInt32BE(4)];
    if (type === 'IDAT') idat.push(body);
    pos += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  return { width, height, rgba: (x, y) => [...raw.subarray(y * (width * 4 + 1) + 1 + x * 4, y * (width * 4 + 1) + 1 + x * 4 + 4)] };
}

describe('convertToPng', () => {
  it('decodes the first frame of a GIF, transparent index included', () => {
    const gif = makeGif(30, 10, [RED, BLUE, [0, 0, 0]], (x, y) => (y === 0 && x === 0 ? 2 : x < 15 ? 0 : 1), { transparentIndex: 2 });
    const png = decodePng(convertToPng(gif, 'image/gif')!);
    expect([png.width, png.height]).toEqual([30, 10]);
    expect(png.rgba(0, 0)[3]).toBe(0);
    expect(png.rgba(3, 5)).toEqual([...RED, 255]);
    expect(png.rgba(20, 9)).toEqual([...BLUE, 255]);
  });

  it('puts the rows of an interlaced GIF back in order', () => {
    const gif = makeGif(4, 11, [RED, BLUE], (_x, y) => y % 2, { interlaced: true });
    const png = decodePng(convertToPng(gif, 'image/gif')!);
    for (let y = 0; y < 11; y++) expect(png.rgba(1, y)).toEqual([...(y % 2 ? BLUE : RED), 255]);
  });

  it('decodes bottom-up and top-down 24-bit BMPs', () => {
    for (const topDown of [false, true]) {
      const png = decodePng(convertToPng(makeBmp(5, 3, (_x, y) => (y === 0 ? RED : BLUE), topDown), 'image/bmp')!);
      expect([png.width, png.height]).toEqual([5, 3]);
      expect(png.rgba(4, 0)).toEqual([...RED, 255]);
      expect(png.rgba(4, 2)).toEqual([...BLUE, 255]);
    }
  });

  it('gives up on damaged or oversized images', () => {
    const gif = makeGif(8, 8, [RED], () => 0);
    expect(convertToPng(gif.subarray(0, 40), 'image/gif')).toBeUndefined();
    const huge = Buffer.from(gif);
    huge.writeUInt16LE(65535, 6);
    huge.writeUInt16LE(65535, 8);
    expect(convertToPng(new Uint8Array(huge), 'image/gif')).toBeUndefined();
    expect(convertToPng(new Uint8Array([0x42, 0x4d, 1, 2, 3]), 'image/bmp')).toBeUndefined();
  });
});

describe('writePdf: GIF and BMP images', () => {
  it('embeds them as PNG, without a note', async () => {
    const bytes = await writePdf({
      meta: meta(),
      blocks: [
        { type: 'image', data: makeGif(40, 20, [RED, BLUE], (x) => (x < 20 ? 0 : 1)), mimeType: 'image/gif', width: 40, height: 20, alt: 'chart' },
        { type: 'image', data: makeBmp(30, 10, () => BLUE), mimeType: 'image/bmp', width: 30, height: 10, alt: 'scan' },
        paragraph('After the images.'),
      ],
    });
    expect((await pdfImages(bytes)).map((image) => [image.width, image.height])).toEqual([
      [40, 20],
      [30, 10],
    ]);
    expect(await pdfText(bytes)).not.toContain('Image not shown');
  });
});
