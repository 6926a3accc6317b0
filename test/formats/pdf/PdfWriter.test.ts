import type { Block, DocumentModel } from '../../../src/document/types';
import { writePdf } from '../../../src/formats/pdf/PdfWriter';
import {
  pdfCatalog,
  pdfFonts,
  pdfImages,
  pdfInfo,
  pdfObjects,
  pdfPages,
  pdfText,
  pdfWords,
  qpdfCheck,
  qpdfJson,
} from '../../helpers/pdf';
import { heading, makeCorruptPng, makePng, meta, paragraph, text } from '../../builders/documents';

const squash = (value: string): string => value.replace(/\s+/g, ' ');

/** Every block type, a cover page, a contents page and a table long enough for two pages. */
function fullDocument(): DocumentModel {
  const datasetRows = Array.from({ length: 70 }, (_, index) => ({
    cells: [
      { blocks: [paragraph(`Dataset ${index + 1}`)] },
      { blocks: [paragraph(index % 2 ? 'CSV' : 'NetCDF')] },
      { blocks: [paragraph(`${index + 1} GB`)] },
    ],
  }));
  const blocks: Block[] = [
    paragraph('Soil Moisture Plan', { style: 'title' }),
    paragraph('Funded by the Example Foundation', { style: 'subtitle' }),
    { type: 'pageBreak' },
    { type: 'toc', title: 'Table of contents' },
    { type: 'pageBreak' },
    heading(1, 'Data collection'),
    paragraph('Which data will you collect?', { style: 'label' }),
    {
      type: 'paragraph',
      content: [
        text('Plain, '),
        text('bold', { bold: true }),
        text(', '),
        text('italic', { italic: true }),
        text(', '),
        text('underlined', { underline: true }),
        text(', '),
        text('struck', { strike: true }),
        text(', H'),
        text('2', { sub: true }),
        text('O, m'),
        text('3', { sup: true }),
        text(' and '),
        text('code()', { code: true }),
        text(' with a '),
        { type: 'link', href: 'https://example.org/methods', children: [text('methods page')] },
        { type: 'break' },
        text('after a line break'),
      ],
    },
    paragraph('Guidance: describe the instruments.', { style: 'caption' }),
    paragraph('No answer was given.', { style: 'note' }),
    {
      type: 'list',
      ordered: true,
      start: 4,
      items: [
        [paragraph('Fourth step')],
        [
          paragraph('Fifth step'),
          { type: 'list', ordered: false, items: [[paragraph('Nested bullet')], [paragraph('Second nested bullet')]] },
        ],
      ],
    },
    heading(2, 'Datasets'),
    {
      type: 'table',
      headerRows: 1,
      rows: [
        {
          cells: [
            { blocks: [paragraph('Name')] },
            { blocks: [paragraph('Format')] },
            { blocks: [paragraph('Volume')] },
          ],
        },
        ...datasetRows,
        {
          cells: [
            { blocks: [paragraph('Spans two columns')], colSpan: 2 },
            { blocks: [paragraph('Spans two rows')], rowSpan: 2 },
          ],
        },
        { cells: [{ blocks: [paragraph('Left cell')] }, { blocks: [paragraph('Middle cell')] }] },
      ],
    },
    heading(2, 'Other material'),
    { type: 'blockquote', children: [paragraph('A quoted requirement of the funder.')] },
    { type: 'code', text: 'def mean(values):\n    return sum(values) / len(values)' },
    { type: 'rule' },
    { type: 'image', data: makePng(400, 200), mimeType: 'image/png', width: 400, height: 200, alt: 'Site map' },
    {
      type: 'image',
      data: makePng(64, 64, true),
      mimeType: 'image/png',
      width: 64,
      height: 64,
      displayWidth: 30,
      alt: 'Transparent logo',
    },
    {
      type: 'image',
      data: new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]),
      mimeType: 'image/gif',
      width: 1,
      height: 1,
      alt: 'Truncated chart',
    },
    heading(1, 'Storage'),
    heading(3, 'Backups', { toc: false }),
    paragraph('Nightly backups.'),
    heading(3, 'Retention'),
    paragraph('Ten years.'),
  ];
  return { meta: meta(), blocks };
}

describe('writePdf: a document with every block type', () => {
  let bytes: Uint8Array;
  let pages: string[];

  beforeAll(async () => {
    bytes = await writePdf(fullDocument());
    pages = await pdfPages(bytes);
  });

  it('writes a PDF that qpdf finds sound', async () => {
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const check = await qpdfCheck(bytes);
    expect(check.output).toContain('No syntax or stream encoding errors');
    expect(check.ok).toBe(true);
  });

  it('sets title, author, subject, keywords and the A4 page size', async () => {
    const info = await pdfInfo(bytes);
    expect(info.Title).toBe('Data management plan');
    expect(info.Author).toBe('Ada Lovelace');
    expect(info.Subject).toBe('Research data');
    expect(info.Keywords).toBe('data, plan');
    expect(info['Page size']).toMatch(/^595\.28 x 841\.89 pts/);
    expect(Number(info.Pages)).toBe(pages.length);
  });

  it('declares the document language in the catalog', async () => {
    expect(pdfCatalog(await qpdfJson(bytes))['/Lang']).toBe('u:en');
  });

  it('contains the text of paragraphs, marks, links, lists, captions and notes', async () => {
    const all = squash(pages.join('\n'));
    expect(all).toContain('Soil Moisture Plan');
    expect(all).toContain('Which data will you collect?');
    expect(all).toContain('Plain, bold, italic, underlined, struck, H2O, m3 and code() with a methods page');
    expect(all).toContain('after a line break');
    expect(all).toContain('Guidance: describe the instruments.');
    expect(all).toContain('No answer was given.');
    expect(all).toMatch(/4\. ?Fourth step/);
    expect(all).toMatch(/5\. ?Fifth step/);
    expect(all).toContain('Nested bullet');
    expect(all).toContain('A quoted requirement of the funder.');
    expect(all).toContain('return sum(values) / len(values)');
  });

  it('keeps the line break and the indentation of code', async () => {
    const layout = await pdfText(bytes, { layout: true });
    expect(layout).toMatch(/with a methods page\s*\n\s*after a line break/);
    expect(layout).toMatch(/def mean\(values\):\n {4,}return sum/);
  });

  it('puts every table cell in the PDF, spans included', () => {
    const all = squash(pages.join('\n'));
    for (let row = 1; row <= 70; row++) expect(all).toContain(`Dataset ${row}`);
    expect(all).toContain('Spans two columns');
    expect(all).toContain('Spans two rows');
    expect(all).toContain('Middle cell');
  });

  it('repeats the table header row on the next page', () => {
    const tablePages = pages.filter((page) => /Dataset \d+/.test(page));
    expect(tablePages.length).toBeGreaterThanOrEqual(2);
    for (const page of tablePages) expect(page).toMatch(/Name\s+Format\s+Volume/);
  });

  it('makes the link clickable: a URI annotation to its href', async () => {
    const actions = pdfObjects(await qpdfJson(bytes)) as Array<Record<string, unknown> | null>;
    expect(actions).toContainEqual({ '/S': '/URI', '/URI': 'u:https://example.org/methods' });
  });

  it('lists headings of levels 1-3 with their page numbers in the table of contents', () => {
    const tocPage = pages.findIndex((page) => page.includes('Table of contents'));
    expect(tocPage).toBe(1);
    const pageOf = (title: string): number =>
      pages.findIndex((page, index) => index !== tocPage && page.includes(title)) + 1;
    const toc = squash(pages[tocPage]);
    for (const title of ['Data collection', 'Datasets', 'Other material', 'Storage', 'Retention']) {
      // Title, dotted leader, page number.
      expect(toc).toMatch(new RegExp(`${title} (?:\\. ?){3,}${pageOf(title)}\\b`));
    }
    expect(toc).not.toContain('Backups');
  });

  it('builds the outline from the headings, nested by level', async () => {
    const { outlines } = await qpdfJson(bytes);
    expect(outlines.map((entry) => entry.title)).toEqual(['Data collection', 'Storage']);
    expect(outlines[0].kids.map((entry) => entry.title)).toEqual(['Datasets', 'Other material']);
    expect(outlines[1].kids.map((entry) => entry.title)).toEqual(['Retention']);
  });

  it('prints the footer with page numbers on every page and the header after the cover', () => {
    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
      if (index > 0) expect(page).toContain('Running header of the plan');
    });
    expect(pages[0]).not.toContain('Running header of the plan');
  });

  it('embeds the PNG images and shows a note for the damaged GIF', async () => {
    const images = await pdfImages(bytes);
    expect(images.map((image) => [image.width, image.height])).toEqual(
      expect.arrayContaining([
        [400, 200],
        [64, 64],
      ]),
    );
    expect(squash(pages.join('\n'))).toContain('[Image not shown: unsupported or damaged GIF. Truncated chart]');
  });

  it('scales images down to the text width, and honours a smaller display width', async () => {
    const words = await pdfWords(
      await writePdf({
        meta: meta(),
        blocks: [
          paragraph('before'),
          { type: 'image', data: makePng(2000, 500), mimeType: 'image/png', width: 2000, height: 500 },
          paragraph('after'),
        ],
      }),
    );
    const before = words.find((word) => word.text === 'before')!;
    const after = words.find((word) => word.text === 'after')!;
    // 2000 px wide -> the 483 pt text width, so 120.8 pt high (not 375 pt at 0.75 pt per px).
    expect(after.yMin - before.yMax).toBeGreaterThan(110);
    expect(after.yMin - before.yMax).toBeLessThan(150);
    const small = await pdfWords(
      await writePdf({
        meta: meta(),
        blocks: [
          paragraph('before'),
          { type: 'image', data: makePng(400, 400), mimeType: 'image/png', width: 400, height: 400, displayWidth: 50 },
          paragraph('after'),
        ],
      }),
    );
    const gap = small.find((word) => word.text === 'after')!.yMin - small.find((word) => word.text === 'before')!.yMax;
    expect(gap).toBeGreaterThan(45);
    expect(gap).toBeLessThan(75);
  });

  it('embeds every font, as subsets with a ToUnicode map', async () => {
    const fonts = await pdfFonts(bytes);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) {
      expect(font).toMatchObject({ embedded: true, subset: true, hasToUnicode: true });
    }
    expect(fonts.map((font) => font.name.replace(/^[A-Z]{6}\+/, ''))).toEqual(
      expect.arrayContaining(['DejaVuSans', 'DejaVuSans-Bold', 'DejaVuSans-Oblique', 'DejaVuSansMono']),
    );
  });
});

describe('writePdf: page setup and theme', () => {
  it('uses Letter landscape with the given margins', async () => {
    const bytes = await writePdf({
      meta: meta({
        pageSize: 'Letter',
        orientation: 'landscape',
        margins: { top: 30, right: 100, bottom: 30, left: 100 },
      }),
      blocks: [paragraph('Landscape page')],
    });
    expect((await pdfInfo(bytes))['Page size']).toMatch(/^792 x 612 pts/);
    const word = (await pdfWords(bytes)).find((candidate) => candidate.text === 'Landscape')!;
    expect(word.xMin).toBeCloseTo(100, 0);
  });

  it('justifies paragraphs marked justify: full lines reach the right margin, the last line does not', async () => {
    const sentence = Array.from({ length: 12 }, () => 'Samples are logged, labelled and stored in cold rooms.').join(
      ' ',
    );
    const words = (
      await pdfWords(
        await writePdf({
          meta: meta({ headerText: '', footerText: '' }),
          blocks: [paragraph(sentence, { align: 'justify' })],
        }),
      )
    ).filter((word) => word.page === 1);
    const lineEnds = [...new Set(words.map((word) => Math.round(word.yMax)))].map((baseline) =>
      Math.max(...words.filter((word) => Math.round(word.yMax) === baseline).map((word) => word.xMax)),
    );
    expect(lineEnds.length).toBeGreaterThan(2);
    for (const end of lineEnds.slice(0, -1)) expect(end).toBeCloseTo(595.28 - 56, 0);
    expect(lineEnds[lineEnds.length - 1]).toBeLessThan(595.28 - 56 - 20);
  });

  it('keeps a right-aligned paragraph right-aligned on both pages when its first lines go with the heading above it', async () => {
    // Taller than a page: its first lines are kept with the heading and the rest flows on (placed.ts).
    const content = Array.from({ length: 60 }, (_, index) => [
      text(`Line ${index + 1} of the retention schedule.`),
      { type: 'break' } as const,
    ]).flat();
    const schedule: Block = { type: 'paragraph', content, align: 'right' };
    const words = await pdfWords(
      await writePdf({ meta: meta({ headerText: '', footerText: '' }), blocks: [heading(1, 'Retention'), schedule] }),
    );
    const lineEnds = words
      .filter((word) => word.text === 'schedule.')
      .map((word) => ({ page: word.page, xMax: word.xMax }));
    expect(lineEnds).toHaveLength(60);
    expect(new Set(lineEnds.map((end) => end.page))).toEqual(new Set([1, 2]));
    for (const end of lineEnds) expect(end.xMax).toBeCloseTo(595.28 - 56, 0);
  });

  it('puts the running header on the first page when there is no cover', async () => {
    const pages = await pdfPages(
      await writePdf({ meta: meta(), blocks: [heading(1, 'Introduction'), paragraph('Text.')] }),
    );
    expect(pages[0]).toContain('Running header of the plan');
    expect(pages[0]).toContain('Page 1 of 1');
  });

  it('applies theme sizes and fonts: a 30 pt serif heading', async () => {
    const plain = await pdfWords(await writePdf({ meta: meta(), blocks: [heading(1, 'Sized')] }));
    const themed = await writePdf({
      meta: meta({ theme: { headingSizes: [30], headingFont: 'DejaVu Serif', textColor: 'not a colour' } }),
      blocks: [heading(1, 'Sized')],
    });
    const height = (words: Awaited<ReturnType<typeof pdfWords>>): number => {
      const word = words.find((candidate) => candidate.text === 'Sized')!;
      return word.yMax - word.yMin;
    };
    expect(height(await pdfWords(themed)) / height(plain)).toBeCloseTo(1.5, 1);
    expect((await pdfFonts(themed)).map((font) => font.name)).toEqual(
      expect.arrayContaining([expect.stringMatching(/DejaVuSerif-Bold$/)]),
    );
  });
});

describe('writePdf: broken input degrades to visible notes', () => {
  it('shows a note for undecodable images instead of failing (PNG with and without alpha, JPEG)', async () => {
    const bytes = await writePdf({
      meta: meta(),
      blocks: [
        {
          type: 'image',
          data: makeCorruptPng(true),
          mimeType: 'image/png',
          width: 8,
          height: 8,
          alt: 'broken transparent',
        },
        {
          type: 'image',
          data: makeCorruptPng(false),
          mimeType: 'image/png',
          width: 8,
          height: 8,
          alt: 'broken opaque',
        },
        {
          type: 'image',
          data: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a]),
          mimeType: 'image/jpeg',
          width: 8,
          height: 8,
          alt: 'broken photo',
        },
        { type: 'image', data: makePng(8, 8), mimeType: 'image/jpeg', width: 8, height: 8, alt: 'mislabelled' },
        paragraph('Still here.'),
      ],
    });
    const all = squash(await pdfText(bytes));
    expect(all).toContain('[Image not shown: damaged PNG. broken transparent]');
    expect(all).toContain('[Image not shown: damaged PNG. broken opaque]');
    expect(all).toContain('[Image not shown: damaged JPEG. broken photo]');
    expect(all).toContain('[Image not shown: not a JPEG file. mislabelled]');
    expect(all).toContain('Still here.');
    expect(await pdfImages(bytes)).toEqual([]);
  });

  it('renders odd tables: ragged rows, spans past the edge, only header rows, no cells', async () => {
    const bytes = await writePdf({
      meta: meta(),
      blocks: [
        {
          type: 'table',
          headerRows: 5,
          rows: [
            { cells: [{ blocks: [paragraph('A1')], colSpan: 9, rowSpan: 9 }] },
            { cells: [{ blocks: [paragraph('B2')] }, { blocks: [paragraph('B3')] }] },
            { cells: [] },
          ],
        },
        { type: 'table', headerRows: 1, rows: [{ cells: [{ blocks: [paragraph('Header only')] }] }] },
        { type: 'table', headerRows: 0, rows: [] },
        { type: 'list', ordered: false, items: [] },
        paragraph('After the tables.'),
      ],
    });
    expect((await qpdfCheck(bytes)).ok).toBe(true);
    const all = squash(await pdfText(bytes));
    for (const cell of ['A1', 'B2', 'B3', 'Header only', 'After the tables.']) expect(all).toContain(cell);
  });

  it('renders a heading object that appears twice (its outline entry and link target once)', async () => {
    const repeated = heading(1, 'Repeated heading');
    const bytes = await writePdf({
      meta: meta(),
      blocks: [{ type: 'toc', title: 'Contents' }, repeated, paragraph('Between.'), repeated],
    });
    expect(squash(await pdfText(bytes)).match(/Repeated heading/g)).toHaveLength(3);
    expect((await qpdfJson(bytes)).outlines.map((entry) => entry.title)).toEqual(['Repeated heading']);
  });

  it('writes an empty document', async () => {
    const bytes = await writePdf({ meta: meta({ headerText: '', footerText: '' }), blocks: [] });
    expect(Number((await pdfInfo(bytes)).Pages)).toBe(1);
  });

  it('keeps very long words and URLs inside the page', async () => {
    const url = `https://example.org/${'segment/'.repeat(40)}end`;
    const words = await pdfWords(
      await writePdf({ meta: meta(), blocks: [paragraph(`See ${url} for details.`), paragraph('x'.repeat(400))] }),
    );
    for (const word of words) expect(word.xMax).toBeLessThanOrEqual(595.28 - 56 + 0.5);
    expect(words.map((word) => word.text).join('')).toContain(url.replace(/^https:\/\//, '').slice(0, 60));
  });
});
