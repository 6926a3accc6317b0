/**
 * Which uploaded files the exports show as pictures: PNG, JPEG, GIF and BMP, told by the file's
 * type, or by its name only when it has no type. Anything else (SVG, WebP, a type with
 * parameters, a name that only contains an image extension) is listed as a file.
 */
import { buildFileView } from '../../src/plan/buildPlanView';

const file = (filename: string | null, mimeType: string | null) =>
  buildFileView({ filename, mimeType, fileRef: null, bytes: new Uint8Array([1]) });

describe('a picture or a file', () => {
  it.each(['image/png', 'image/jpeg', 'image/jpg', 'image/gif', 'image/bmp', 'IMAGE/PNG'])(
    'shows a %s upload as a picture, whatever its name',
    (mimeType) => {
      expect(file('scan.bin', mimeType).isImage).toBe(true);
    },
  );

  it.each([
    'image/svg+xml',
    'image/webp',
    'image/tiff',
    'ximage/png',
    'image/pngx',
    'image/png; charset=x',
    'application/png',
    'image/jpgg',
  ])('lists a %s upload as a file, whatever its name', (mimeType) => {
    expect(file('photo.png', mimeType).isImage).toBe(false);
  });

  it.each(['a.png', 'a.jpg', 'a.jpeg', 'a.gif', 'a.bmp', 'A.PNG', 'my.photo.JpEg'])(
    'shows %s without a type as a picture',
    (filename) => {
      expect(file(filename, null).isImage).toBe(true);
      expect(file(filename, '').isImage).toBe(true);
    },
  );

  it.each(['png', 'apng', 'a.png.txt', 'a.pngx', 'a.svg', 'a.jpgg', 'a.jeg'])(
    'lists %s without a type as a file',
    (filename) => {
      expect(file(filename, null).isImage).toBe(false);
    },
  );

  it('lists a file with neither name nor type as a file, and keeps what it was given', () => {
    const view = file(null, null);
    expect(view).toEqual({ filename: null, mimeType: null, bytes: new Uint8Array([1]), isImage: false });
  });
});
