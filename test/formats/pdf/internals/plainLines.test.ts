/**
 * lineMeasuring.ts and lineDrawing.ts measure and draw the lines text.ts has laid out themselves,
 * instead of pdfmake's per-run style look-ups and pdfkit's text() run by run. What a reader sees
 * must not change: the same document drawn by a pdfmake without any of our hooks (a fresh copy of
 * the module) gives the same pixels on every page and the same text.
 */
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import type { Block, Inline } from '../../../../src/document/types';
import { buildPdfDefinition } from '../../../../src/formats/pdf/definition';
import { renderDocDefinition } from '../../../../src/formats/pdf/engine';
import { FONT_FILES, fontFileBuffer } from '../../../../src/formats/pdf/fonts';
import { pdfPageBitmaps, pdfText, qpdfJson } from '../../../helpers/pdf';
import { heading, meta, paragraph, text } from '../../../builders/documents';

type PdfMake = typeof import('pdfmake');

/** pdfmake and pdfkit as published: a fresh copy of the modules, none of our hooks installed. */
function plainPdfmake(): PdfMake {
  let fresh: PdfMake | undefined;
  jest.isolateModules(() => {
    fresh = require('pdfmake') as PdfMake;
  });
  const instance = fresh as PdfMake;
  instance.setUrlAccessPolicy(() => false);
  // Fonts come from its virtual file system, as in engine.ts.
  instance.setLocalAccessPolicy(() => false);
  instance.setFonts(structuredClone(FONT_FILES));
  const vfs = (instance as unknown as { virtualfs: { writeFileSync(file: string, content: Buffer): void } }).virtualfs;
  for (const family of Object.values(FONT_FILES))
    for (const file of Object.values(family)) vfs.writeFileSync(file, fontFileBuffer(file));
  return instance;
}

const styled: Inline[] = [
  text('Kerning pairs: AVATAR, Toward, WAVE, Yes. '),
  text('Bold', { bold: true }),
  text(' and '),
  text('italic', { italic: true }),
  text(', '),
  text('underlined', { underline: true }),
  text(' and '),
  text('struck', { strike: true }),
  text(' words; H'),
  text('2', { sub: true }),
  text('O and E = mc'),
  text('2', { sup: true }),
  text('; '),
  text('inline code()', { code: true }),
  text('.'),
];

/** A line with a link is left to pdfmake: its annotation and tagging go with pdfkit's text(). */
const linked: Inline[] = [
  text('A '),
  { type: 'link', href: 'https://example.org/data', children: [text('link to the data')] },
  text(' in a line.'),
];

function documentBlocks(): Block[] {
  const blocks: Block[] = [
    heading(1, 'Data collection'),
    { type: 'paragraph', content: styled },
    { type: 'paragraph', content: linked },
  ];
  blocks.push(paragraph('Ελληνικά, русский текст, and ligatures: office, affinity, fjord.'));
  blocks.push(paragraph('العربية: خطة إدارة البيانات (2026) مع نص English في الوسط.', { direction: 'rtl' }));
  blocks.push(paragraph('Right aligned line of text.', { align: 'right' }));
  blocks.push(paragraph('Centred line of text.', { align: 'center' }));
  blocks.push({ type: 'code', text: 'const   indented = "spaces kept";\n    return indented;' });
  // The same short text again and again, in two fonts: each font keeps its own joined glyphs and widths.
  for (let index = 0; index < 3; index++) {
    blocks.push(paragraph('Storage and backup'), {
      type: 'paragraph',
      content: [text('Storage and backup', { bold: true })],
    });
  }
  for (let index = 0; index < 40; index++) {
    if (index % 10 === 0) blocks.push(heading(index === 20 ? 1 : 2, `Part ${index / 10 + 1}`));
    blocks.push(
      paragraph(
        `Paragraph ${index + 1}: the data are kept for ten years in the institutional repository, then reviewed by the data steward.`,
      ),
    );
  }
  return blocks;
}

/** A fresh definition each time: pdfmake fills in the one it renders. */
function definition(): { definition: TDocumentDefinitions; fontFiles: Set<string> } {
  const built = buildPdfDefinition({ meta: meta(), blocks: documentBlocks() }, { profile: 'standard' });
  return { definition: built.definition, fontFiles: new Set(built.fontFiles) };
}

/** Rendered by our engine, with every hook. */
function renderOurs(): Promise<Buffer> {
  const built = definition();
  return renderDocDefinition(built.definition, built.fontFiles);
}

interface OutlineItem {
  title: string;
  destpageposfrom1: number;
  dest: unknown[];
  kids: OutlineItem[];
}

/** An outline without object numbers: titles, pages, views and nesting. */
const outlineOf = (items: OutlineItem[]): unknown[] =>
  items.map((item) => ({
    title: item.title,
    page: item.destpageposfrom1,
    view: item.dest.slice(1),
    kids: outlineOf(item.kids),
  }));

/** The named destinations of a PDF (name and view, the page object aside), and its outline. */
async function navigation(pdf: Buffer): Promise<{ destinations: unknown[][]; outline: unknown[] }> {
  const json = await qpdfJson(pdf);
  const destinations: unknown[][] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== 'object' || value === null) return;
    const names = (value as Record<string, unknown>)['/Names'];
    if (Array.isArray(names)) {
      for (let index = 0; index + 1 < names.length; index += 2) {
        const view = names[index + 1];
        if (Array.isArray(view) && view[1] === '/XYZ') destinations.push([names[index], ...view.slice(1)]);
      }
    }
    Object.values(value).forEach(visit);
  };
  for (const { value } of Object.values(json.qpdf[1])) visit(value);
  return { destinations, outline: outlineOf(json.outlines as unknown as OutlineItem[]) };
}

/** The deflated streams of a PDF, inflated (page contents, fonts...), one after another. */
function streams(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const contents: string[] = [];
  for (const match of source.matchAll(/\/FlateDecode[^]*?stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    contents.push(inflateSync(pdf.subarray(start, source.indexOf('endstream', start))).toString('latin1'));
  }
  return contents.join('\n');
}

/** Text objects (BT ... ET) in the content streams of a PDF. */
const textObjects = (pdf: Buffer): number => (streams(pdf).match(/^BT$/gm) ?? []).length;

/** How often an operator occurs in the content streams of a PDF. */
const operatorCount = (pdf: Buffer, operator: string): number =>
  (streams(pdf).match(new RegExp(` ${operator}$`, 'gm')) ?? []).length;

let ours: Buffer;
let reference: Buffer;

beforeAll(async () => {
  ours = await renderOurs();
  reference = await plainPdfmake().createPdf(definition().definition).getBuffer();
});

describe('drawing lines of plain text', () => {
  it('draws every page exactly as pdfmake and pdfkit alone do, and extracts the same text', async () => {
    const [ourPages, referencePages] = await Promise.all([pdfPageBitmaps(ours, 150), pdfPageBitmaps(reference, 150)]);
    expect(ourPages.length).toBeGreaterThan(1);
    expect(ourPages.length).toBe(referencePages.length);
    ourPages.forEach((page, index) =>
      expect({ page: index + 1, same: page.equals(referencePages[index]) }).toEqual({ page: index + 1, same: true }),
    );
    expect(await pdfText(ours)).toBe(await pdfText(reference));
  });

  it("gives the headings drawn here pdfmake's named destinations and outline entries", async () => {
    const [ourNavigation, referenceNavigation] = await Promise.all([navigation(ours), navigation(reference)]);
    expect(ourNavigation.destinations.length).toBe(5);
    expect(ourNavigation).toEqual(referenceNavigation);
  });

  it("measures the laid-out lines without pdfmake's own measuring", async () => {
    const textInlines = (
      require(path.join(path.dirname(require.resolve('pdfmake/package.json')), 'js', 'TextInlines')) as {
        default: { prototype: { buildInlines(): unknown } };
      }
    ).default.prototype;
    const pdfmakeMeasuring = jest.spyOn(textInlines, 'buildInlines');
    try {
      await renderOurs();
      const lines = textObjects(ours);
      // Only text it does not lay out line by line is left to pdfmake (the header, the footer's page numbers).
      expect(pdfmakeMeasuring.mock.calls.length).toBeLessThan(lines / 4);
    } finally {
      pdfmakeMeasuring.mockRestore();
    }
  });

  it('writes a smaller file than pdfkit alone: no save and flip around each line, colours with four decimals', () => {
    // pdfkit turns the page upright around every run of text (q, cm, Q); the lines drawn here need no turn.
    expect(operatorCount(ours, 'cm')).toBeLessThan(operatorCount(reference, 'cm') / 4);
    // 0.10196078431372549 for #1a: pdfkit alone writes every colour component so.
    const longComponents = (pdf: Buffer): number =>
      (streams(pdf).match(/^(?:[\d.]+ )*\d\.\d{5,}(?: [\d.]+)* (?:scn|SCN)$/gm) ?? []).length;
    expect(longComponents(reference)).toBeGreaterThan(0);
    expect(longComponents(ours)).toBe(0);
    // Page contents are deflated at a faster level (compactOutput.ts): the file still comes out smaller.
    expect(ours.length).toBeLessThan(reference.length);
  });

  it('writes a line of several runs as one text object where pdfkit alone writes one per run', () => {
    const ourCount = textObjects(ours);
    expect(ourCount).toBeGreaterThan(0);
    expect(ourCount).toBeLessThan(textObjects(reference));
  });
});
