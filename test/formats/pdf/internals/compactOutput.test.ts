/**
 * compactOutput.ts: a page's operators are kept as text and turned into bytes once, colours are
 * written with four decimals, and page contents are deflated. What a reader gets must not change:
 * the operators in the order they were written, whatever mix of text and bytes, and a valid file.
 */
import { inflateSync } from 'node:zlib';
import { configuredPdfmake } from '../../../../src/formats/pdf/engine';
import { pdfkitClass } from '../../../../src/formats/pdf/internals/libraries';
import { qpdfCheck } from '../../../helpers/pdf';

interface Document {
  page: { content: { uncompressedLength: number }; write(chunk: unknown): void };
  addPage(): Document;
  addContent(operators: string): Document;
  fillColor(color: string): Document;
  rect(x: number, y: number, width: number, height: number): Document;
  fill(): Document;
  on(event: 'data', listener: (chunk: Buffer) => void): void;
  on(event: 'end', listener: () => void): void;
  end(): void;
}

/** A pdfkit document with the writer's hooks installed (configuredPdfmake installs them once per thread). */
function newDocument(): Document {
  configuredPdfmake();
  const PdfKit = pdfkitClass<new (options: object) => Document>();
  return new PdfKit({ autoFirstPage: false, font: null });
}

function bytesOf(doc: Document): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk) => chunks.push(chunk));
  return new Promise((resolve) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.end();
  });
}

/** The inflated content streams of a PDF, in file order. */
function contents(pdf: Buffer): string[] {
  const source = pdf.toString('latin1');
  return [...source.matchAll(/\/FlateDecode[^]*?stream\r?\n/g)].map((match) => {
    const start = (match.index ?? 0) + match[0].length;
    return inflateSync(pdf.subarray(start, source.indexOf('endstream', start))).toString('latin1');
  });
}

describe('page contents', () => {
  it('keeps the order of operators written as text and as bytes, and counts every byte as it is written', async () => {
    const doc = newDocument().addPage();
    const before = doc.page.content.uncompressedLength;
    doc.addContent('% first');
    expect(doc.page.content.uncompressedLength).toBe(before + '% first\n'.length);
    doc.page.write(Buffer.from('% second\n', 'latin1'));
    doc.addContent('% third \u00e9');
    doc.page.write(new Uint8Array(Buffer.from('% fourth\n', 'latin1')));
    expect(doc.page.content.uncompressedLength).toBe(before + '% first\n% second\n% third \u00e9\n% fourth\n'.length);
    doc.addPage().addContent('% next page');
    const pdf = await bytesOf(doc);
    const [first, second] = contents(pdf).filter((content) => content.includes('%'));
    expect(first.slice(first.indexOf('% first'))).toBe('% first\n% second\n% third \u00e9\n% fourth\n');
    expect(second).toContain('% next page\n');
    expect((await qpdfCheck(pdf)).ok).toBe(true);
  });

  // The same pixels as with pdfkit's full doubles: plainLines.test.ts compares whole pages.
  it('writes colour components with four decimals', async () => {
    const doc = newDocument().addPage();
    doc.fillColor('#1a1a1a').rect(10, 10, 20, 20).fill();
    doc.fillColor('#1a1a1a').rect(40, 10, 20, 20).fill();
    const [content] = contents(await bytesOf(doc)).filter((text) => text.includes(' re'));
    expect(content.match(/^.* scn$/gm)).toEqual(['0.102 0.102 0.102 scn', '0.102 0.102 0.102 scn']);
  });
});
