/**
 * pdfBytes.ts: the structure tree's PDF text, written as bytes. Whatever is written must be the
 * bytes of the same text built as a string (one byte per character), however small the buffer
 * starts.
 */
import { PdfBytes } from '../../../../src/formats/pdf/internals/pdfBytes';

const latin1 = (bytes: PdfBytes): string => bytes.view().toString('latin1');

describe('PdfBytes', () => {
  it('writes integers as their decimal digits', () => {
    const numbers = [
      0,
      7,
      9,
      10,
      42,
      99,
      100,
      1_000,
      9_999,
      65_535,
      99_999,
      100_000,
      123_456_789,
      2 ** 31 - 1,
      2 ** 31,
      2 ** 40 + 3,
    ];
    const bytes = new PdfBytes(2);
    for (const value of numbers) bytes.integer(value).text(' ');
    expect(latin1(bytes)).toBe(numbers.map((value) => `${value} `).join(''));
  });

  it('writes short and long text byte for byte, a PDF string in UTF-16 included', () => {
    const short = '<</S /P';
    const long = `(\u00fe\u00ff${'\u0000A'.repeat(40)}) /K [1 2 3]`;
    const bytes = new PdfBytes(1).text(short).text(long);
    expect(latin1(bytes)).toBe(short + long);
    expect(bytes.length).toBe(short.length + long.length);
  });

  it('grows from any size without losing what it holds', () => {
    const bytes = new PdfBytes(1);
    let expected = '';
    for (let object = 1; object <= 3_000; object++) {
      bytes.separator().reference(object);
      expected += `${object === 1 ? '' : ' '}${object} 0 R`;
    }
    expect(latin1(bytes)).toBe(expected);
  });

  it('separates array entries, and appends what another holds', () => {
    const kids = new PdfBytes(4);
    kids.separator().integer(3).separator().reference(12);
    const element = new PdfBytes(4).text('<</S /P /K [');
    const from = element.length;
    element.separator(from).append(kids).text(']>>');
    expect(latin1(element)).toBe('<</S /P /K [3 12 0 R]>>');
  });

  it('forgets what came after a shorter length', () => {
    const bytes = new PdfBytes().text('12 0 obj');
    bytes.length = 2;
    expect(latin1(bytes.text(' 1 obj'))).toBe('12 1 obj');
  });
});
