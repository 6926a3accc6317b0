/**
 * The two adjustments pdfkitFonts.ts makes to pdfkit's font handling, observed on pdfkit itself:
 * documents share the thread's decoded font tables, and right-to-left ligatures extract in
 * reading order whatever bytes a font was opened from.
 */
import path from 'node:path';
import { configuredPdfmake } from '../../src/exporters/pdf/engine';
import { FONT_FILES, fontFileBuffer, sharedParsedFont, sharedTables } from '../../src/exporters/pdf/fonts';
import { writePdf } from '../../src/exporters/pdf/PdfWriter';
import { pdfText } from '../helpers/pdf';
import { meta, paragraph } from './documents';

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
const PdfKit = require(require.resolve('pdfkit', { paths: [path.dirname(require.resolve('pdfmake/package.json'))] })) as PdfKitClass;

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
