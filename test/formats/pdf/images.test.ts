import { inflateSync } from 'node:zlib';
import { convertToPng } from '../../../src/formats/pdf/imageConversion';
import { writePdf } from '../../../src/formats/pdf/PdfWriter';
import type { Block, ImageBlock } from '../../../src/document/types';
import { pdfImages, pdfText, qpdfJson } from '../../helpers/pdf';
import { makeBlankPng, makeBmp, makeGif, makePng, meta, paragraph } from '../../builders/documents';

const squash = (value: string): string => value.replace(/\s+/g, ' ');

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
  return {
    width,
    height,
    rgba: (x, y) => [...raw.subarray(y * (width * 4 + 1) + 1 + x * 4, y * (width * 4 + 1) + 1 + x * 4 + 4)],
  };
}

describe('convertToPng', () => {
  it('decodes the first frame of a GIF, transparent index included', () => {
    const gif = makeGif(30, 10, [RED, BLUE, [0, 0, 0]], (x, y) => (y === 0 && x === 0 ? 2 : x < 15 ? 0 : 1), {
      transparentIndex: 2,
    });
    const png = decodePng(convertToPng(gif, 'image/gif')!.png);
    expect([png.width, png.height]).toEqual([30, 10]);
    expect(png.rgba(0, 0)[3]).toBe(0);
    expect(png.rgba(3, 5)).toEqual([...RED, 255]);
    expect(png.rgba(20, 9)).toEqual([...BLUE, 255]);
  });

  it('puts the rows of an interlaced GIF back in order', () => {
    const gif = makeGif(4, 11, [RED, BLUE], (_x, y) => y % 2, { interlaced: true });
    const png = decodePng(convertToPng(gif, 'image/gif')!.png);
    for (let y = 0; y < 11; y++) expect(png.rgba(1, y)).toEqual([...(y % 2 ? BLUE : RED), 255]);
  });

  it('decodes bottom-up and top-down 24-bit BMPs', () => {
    for (const topDown of [false, true]) {
      const png = decodePng(
        convertToPng(
          makeBmp(5, 3, (_x, y) => (y === 0 ? RED : BLUE), topDown),
          'image/bmp',
        )!.png,
      );
      expect([png.width, png.height]).toEqual([5, 3]);
      expect(png.rgba(4, 0)).toEqual([...RED, 255]);
      expect(png.rgba(4, 2)).toEqual([...BLUE, 255]);
    }
  });

  it('gives up on damaged or oversized images', () => {
    const gif = makeGif(8, 8, [RED], () => 0);
    expect(convertToPng(gif.subarray(0, 40), 'image/gif')).toBeUndefined();
    const huge = Buffer.from(gif);
    // The screen and the frame (its descriptor follows the 13-byte header and the 768-byte palette).
    for (const at of [6, 8, 781 + 5, 781 + 7]) huge.writeUInt16LE(65535, at);
    expect(convertToPng(new Uint8Array(huge), 'image/gif')).toBeUndefined();
    expect(convertToPng(new Uint8Array([0x42, 0x4d, 1, 2, 3]), 'image/bmp')).toBeUndefined();
  });

  it('converts a small frame on a huge screen at the frame size, saying which share of the width it shows', () => {
    const gif = makeGif(8, 4, [RED], () => 0, { screen: { width: 5000, height: 5000 } });
    const converted = convertToPng(gif, 'image/gif')!;
    expect([converted.width, converted.height, converted.widthShare]).toEqual([8, 4, 8 / 5000]);
    expect(decodePng(converted.png).rgba(7, 3)).toEqual([...RED, 255]);
  });

  it('keeps the screen around a frame that covers a good part of it', () => {
    const converted = convertToPng(
      makeGif(8, 8, [RED], () => 0, { screen: { width: 10, height: 10 } }),
      'image/gif',
    )!;
    expect([converted.width, converted.height, converted.widthShare]).toEqual([10, 10, 1]);
    expect(decodePng(converted.png).rgba(9, 9)[3]).toBe(0);
  });
});

describe('writePdf: GIF and BMP images', () => {
  it('embeds them as PNG, without a note', async () => {
    const bytes = await writePdf({
      meta: meta(),
      blocks: [
        {
          type: 'image',
          data: makeGif(40, 20, [RED, BLUE], (x) => (x < 20 ? 0 : 1)),
          mimeType: 'image/gif',
          width: 40,
          height: 20,
          alt: 'chart',
        },
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

describe('writePdf: image budget and de-duplication', () => {
  const imageStreams = async (bytes: Uint8Array): Promise<number> =>
    Object.values((await qpdfJson(bytes)).qpdf[1]).filter((entry) => entry.stream?.dict['/Subtype'] === '/Image')
      .length;

  it('embeds a GIF with a tiny frame on a 5000 x 5000 screen at its frame size', async () => {
    const bomb = makeGif(4, 2, [RED], () => 0, { screen: { width: 5000, height: 5000 } });
    const bytes = await writePdf({
      meta: meta(),
      blocks: [
        { type: 'image', data: bomb, mimeType: 'image/gif', width: 5000, height: 5000 },
        paragraph('After the image.'),
      ],
    });
    expect((await pdfImages(bytes)).map((image) => [image.width, image.height])).toEqual([[4, 2]]);
  });

  it('shows images past the 50-megapixel budget as notes; copies of an embedded image still show', async () => {
    // Six different 9-megapixel images: five fit the budget, the sixth does not.
    const images: Block[] = [0, 1, 2, 3, 4, 5].map((shade) => ({
      type: 'image',
      data: makeBlankPng(3000, 3000, shade * 40),
      mimeType: 'image/png',
      width: 3000,
      height: 3000,
      alt: `Scan ${shade + 1}`,
    }));
    const again: Block = {
      ...(images[0] as ImageBlock),
      data: new Uint8Array((images[0] as ImageBlock).data),
      alt: 'Scan 1 again',
    };
    const bytes = await writePdf({ meta: meta(), blocks: [...images, again, paragraph('After the scans.')] });
    const text = squash(await pdfText(bytes));
    expect(text).toContain("[Image not shown: the document's images exceed 50 megapixels in total. Scan 6]");
    expect(text).not.toContain('Scan 1 again');
    expect(text).toContain('After the scans.');
    expect(await pdfImages(bytes)).toHaveLength(6);
    expect(await imageStreams(bytes)).toBe(5);
  });

  it('embeds the same picture once, whatever object holds its bytes', async () => {
    const png = makePng(40, 30);
    const copies: Block[] = Array.from({ length: 5 }, () => ({
      type: 'image',
      data: new Uint8Array(png),
      mimeType: 'image/png',
      width: 40,
      height: 30,
    }));
    const bytes = await writePdf({ meta: meta(), blocks: copies });
    expect(await pdfImages(bytes)).toHaveLength(5);
    expect(await imageStreams(bytes)).toBe(1);
  });
});
