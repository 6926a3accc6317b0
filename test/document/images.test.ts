import { imageBlockFromBytes, MAX_IMAGE_BYTES } from '../../src/document/images';
import { bmp, gif, jpeg, png } from '../builders/imageBytes';

describe('imageBlockFromBytes', () => {
  it.each([
    ['PNG', png(5, 3), 'image/png', 5, 3],
    ['JPEG', jpeg(16, 8), 'image/jpeg', 16, 8],
    ['GIF', gif(), 'image/gif', 1, 1],
    ['BMP', bmp(5, 3), 'image/bmp', 5, 3],
  ])('reads a %s with its type and intrinsic size', (_name, bytes, mimeType, width, height) => {
    const image = imageBlockFromBytes(bytes, ' A chart ');
    expect(image).toMatchObject({ type: 'image', mimeType, width, height, alt: 'A chart' });
    expect(image?.data).toBe(bytes);
  });

  it('leaves alt out when it is blank', () => {
    expect(imageBlockFromBytes(png(2, 2), '   ')).not.toHaveProperty('alt');
  });

  it('refuses a truncated PNG', () => {
    const bytes = png(5, 3);
    expect(imageBlockFromBytes(bytes.subarray(0, bytes.length - 12))).toBeNull();
  });

  it('refuses a PNG whose pixel data was damaged', () => {
    const bytes = Buffer.from(png(5, 3));
    bytes[45] ^= 0xff; // inside the IDAT chunk, so its CRC no longer matches
    expect(imageBlockFromBytes(bytes)).toBeNull();
  });

  it('refuses a JPEG cut off before its end marker', () => {
    const bytes = jpeg(16, 8);
    expect(imageBlockFromBytes(bytes.subarray(0, bytes.length - 2))).toBeNull();
  });

  it('refuses a GIF without its trailer', () => {
    const bytes = gif();
    expect(imageBlockFromBytes(bytes.subarray(0, bytes.length - 1))).toBeNull();
  });

  it('refuses a BMP whose pixel data lies beyond the file', () => {
    expect(imageBlockFromBytes(bmp(5, 3).subarray(0, 54))).toBeNull();
  });

  it('refuses images larger than 10000 pixels on a side', () => {
    expect(imageBlockFromBytes(png(10_001, 1))).toBeNull();
    expect(imageBlockFromBytes(png(10_000, 1))).toMatchObject({ width: 10_000, height: 1 });
  });

  it('refuses more bytes than the limit', () => {
    const oversized = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    png(1, 1).copy(oversized);
    expect(imageBlockFromBytes(oversized)).toBeNull();
  });

  it.each([
    ['empty bytes', Buffer.alloc(0)],
    ['text', Buffer.from('hello, world')],
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>')],
    [
      'WebP',
      Buffer.from(
        'RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00\x2f\x00\x00\x00\x10\x07\x10\x11\x11\x88\x88\xfe\x07\x00',
        'latin1',
      ),
    ],
    ['TIFF', Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00])],
  ])('returns null for %s', (_name, bytes) => {
    expect(imageBlockFromBytes(bytes)).toBeNull();
  });

  it('never throws on damaged images', () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (const valid of [png(5, 3), jpeg(16, 8), gif(), bmp(5, 3)]) {
      for (let attempt = 0; attempt < 200; attempt++) {
        const damaged = Buffer.from(valid.subarray(0, Math.floor(random() * valid.length) + 1));
        for (let flips = 0; flips < 3; flips++)
          damaged[Math.floor(random() * damaged.length)] = Math.floor(random() * 256);
        expect(() => imageBlockFromBytes(damaged)).not.toThrow();
      }
    }
  });
});
