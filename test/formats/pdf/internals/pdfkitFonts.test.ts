/**
 * The adjustments internals/pdfkitFonts.ts makes to pdfkit's font handling, observed on pdfkit itself:
 * documents share the thread's decoded font tables and word shaping (sharedWordLayouts.ts), and
 * right-to-left ligatures extract in reading order whatever bytes a font was opened from.
 */
import path from 'node:path';
import * as fontkit from 'fontkit';
import { configuredPdfmake } from '../../../../src/formats/pdf/engine';
import { FONT_FILES, fontFileBuffer, sharedParsedFont } from '../../../../src/formats/pdf/fonts';
import { sharedTables } from '../../../../src/formats/pdf/internals/pdfkitFonts';
import { writePdf } from '../../../../src/formats/pdf/PdfWriter';
import { sharedGlyphCount } from '../../../../src/formats/pdf/internals/sharedWordLayouts';
import { pdfText } from '../../../helpers/pdf';
import { meta, paragraph } from '../../../builders/documents';

interface PdfKitDocument {
  _font?: { font?: unknown };
  font(source: unknown): PdfKitDocument;
  text(text: string): PdfKitDocument;
  on(event: 'data', listener: (chunk: Buffer) => void): void;
  on(event: 'end', listener: () => void): void;
  end(): void;
}

interface PdfKitClass {
  new (): PdfKitDocument;
  prototype: PdfKitDocument;
}

/** The pdfkit pdfmake uses (its own dependency). */
const PdfKit = require(
  require.resolve('pdfkit', { paths: [path.dirname(require.resolve('pdfmake/package.json'))] }),
) as PdfKitClass;

beforeAll(() => {
  configuredPdfmake();
});

describe('pdfkit font adjustments', () => {
  it('gives every font pdfmake opens the decoded tables of the thread copy of its bytes', async () => {
    const opened = { shared: 0, own: 0 };
    const adjusted = PdfKit.prototype.font;
    PdfKit.prototype.font = function font(this: PdfKitDocument, source: unknown) {
      const result = adjusted.call(this, source);
      const threadCopy = source instanceof Uint8Array ? sharedParsedFont(source) : undefined;
      const tables = (this._font?.font as unknown as { _tables?: object } | undefined)?._tables;
      if (threadCopy) opened[tables === sharedTables(threadCopy) ? 'shared' : 'own']++;
      return result;
    };
    try {
      await writePdf({ meta: meta(), blocks: [paragraph('Shared tables'), paragraph('Bold', { style: 'label' })] });
    } finally {
      PdfKit.prototype.font = adjusted;
    }
    expect(opened.shared).toBeGreaterThan(0);
    expect(opened.own).toBe(0);
  });

  it('shapes a word once per thread: a second document with the same words lays none out again', async () => {
    const document = {
      meta: meta(),
      blocks: [paragraph('Shaped once, kerned: AVATAR Wavy office.'), paragraph('Bold too', { style: 'label' })],
    };
    await writePdf(document);
    // fontkit's TrueType font class: every font of ours, the thread's copies and each document's.
    const fontPrototype = Object.getPrototypeOf(sharedParsedFont(fontFileBuffer(FONT_FILES.Roboto.normal))) as {
      layout: (...args: unknown[]) => unknown;
    };
    const layout = fontPrototype.layout;
    let layouts = 0;
    fontPrototype.layout = function countedLayout(this: unknown, ...args: unknown[]) {
      layouts++;
      return layout.apply(this, args);
    };
    try {
      const again = await writePdf(document);
      expect(await pdfText(again)).toContain('Shaped once, kerned: AVATAR Wavy office.');
    } finally {
      fontPrototype.layout = layout;
    }
    expect(layouts).toBe(0);
  });

  it('keeps at most 40,000 shaped glyphs per thread, and a document past that still has all its text', async () => {
    // ~56,000 glyphs: each word and the space after it.
    const words = Array.from({ length: 12_000 }, (_, index) => `w${index.toString(36)}`);
    const bytes = await writePdf({ meta: meta(), blocks: [paragraph(words.join(' '))] });
    expect(sharedGlyphCount()).toBeLessThanOrEqual(40_000);
    expect(sharedGlyphCount()).toBeGreaterThan(0);
    const extracted = (await pdfText(bytes)).split(/\s+/);
    expect(extracted).toEqual(expect.arrayContaining([words[0], words[5_999], words[11_999]]));
  });

  it('leaves a word longer than 64 characters to each document: drawn, not kept', async () => {
    // Narrow letters: the whole word fits on one line, so it reaches pdfkit in one piece.
    const long = 'ilj'.repeat(30);
    await writePdf({ meta: meta(), blocks: [paragraph('short')] });
    const before = sharedGlyphCount();
    const text = await pdfText(await writePdf({ meta: meta(), blocks: [paragraph(long)] }));
    expect(text.replace(/\s+/g, '')).toContain(long);
    expect(sharedGlyphCount()).toBe(before);
  });

  it('gives a document the characters of its own text for a glyph that several characters share', async () => {
    // Roboto draws GREEK CAPITAL LETTER OMEGA and OHM SIGN with one glyph. A document's
    // ToUnicode map takes the character that document used, not one an earlier export used.
    const omega = '\u03a9';
    const ohm = '\u2126';
    expect(sharedParsedFont(fontFileBuffer(FONT_FILES.Roboto.normal))?.glyphForCodePoint(0x2126).id).toBe(
      (fontkit.create(fontFileBuffer(FONT_FILES.Roboto.normal)) as fontkit.Font).glyphForCodePoint(0x3a9).id,
    );
    const inRoboto = meta({ theme: { bodyFont: 'Roboto' } });
    const greek = await pdfText(
      await writePdf({ meta: inRoboto, blocks: [paragraph(`Resistance in ${omega} units`)] }),
    );
    const ohms = await pdfText(await writePdf({ meta: inRoboto, blocks: [paragraph(`Resistance in ${ohm} units`)] }));
    expect(greek).toContain(`Resistance in ${omega} units`);
    expect(ohms).toContain(`Resistance in ${ohm} units`);
  });

  it('maps right-to-left ligatures in reading order for a font opened from bytes the thread does not share', async () => {
    const doc = new PdfKit();
    const chunks: Buffer[] = [];
    doc.on('data', (chunk) => chunks.push(chunk));
    const ended = new Promise<void>((resolve) => doc.on('end', resolve));
    // A copy of the bytes: not the thread's buffer, so no tables are shared.
    doc.font(Buffer.from(fontFileBuffer(FONT_FILES.DejaVuArabic.normal))).text('الاسم');
    doc.end();
    await ended;
    expect((await pdfText(new Uint8Array(Buffer.concat(chunks)))).trim()).toBe('الاسم');
  });
});
