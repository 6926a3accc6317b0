/**
 * Where pages break: headings and labels stay with what follows them, table header rows with the
 * first body row, and nothing (a long answer, a tall first row) is ever lost on the way.
 */
import type { Block } from '../../../src/document/types';
import { writePdf } from '../../../src/formats/pdf/PdfWriter';
import { pdfPages, pdfText, pdfWords, type PdfWord } from '../../helpers/pdf';
import { heading, meta, paragraph } from '../../builders/documents';

/** "P1\nP2\n...": a textarea answer of `count` lines. */
const numberedLines = (prefix: string, count: number): string =>
  Array.from({ length: count }, (_, index) => `${prefix}${index + 1}`).join('\n');
const bare = meta({ headerText: '', footerText: '' });

function pageOf(words: PdfWord[], text: string): number | undefined {
  return words.find((word) => word.text === text)?.page;
}

function expectAllLines(words: PdfWord[], prefix: string, count: number): void {
  const texts = new Set(words.map((word) => word.text));
  const missing = Array.from({ length: count }, (_, index) => `${prefix}${index + 1}`).filter(
    (line) => !texts.has(line),
  );
  expect(missing).toEqual([]);
}

describe('writePdf: a heading or label followed by a long answer', () => {
  it('keeps the label and every line of a 90-line answer', async () => {
    const words = await pdfWords(
      await writePdf({
        meta: bare,
        blocks: [
          paragraph('Which datasets will you reuse?', { style: 'label' }),
          paragraph(numberedLines('D', 90)),
          paragraph('Next question', { style: 'label' }),
          paragraph('Next answer'),
        ],
      }),
    );
    expect(words.map((word) => word.text).join(' ')).toContain('Which datasets will you reuse?');
    expectAllLines(words, 'D', 90);
    expect(pageOf(words, 'D1')).toBe(pageOf(words, 'Which'));
  });

  it('keeps the heading, every line of a 90-line answer and the heading entry in the table of contents', async () => {
    const bytes = await writePdf({
      meta: bare,
      blocks: [
        { type: 'toc', title: 'Contents' },
        { type: 'pageBreak' },
        heading(1, 'Intro'),
        paragraph('x'),
        heading(1, 'Reused datasets'),
        paragraph(numberedLines('R', 90)),
        heading(1, 'Storage'),
        paragraph('y'),
      ],
    });
    const words = await pdfWords(bytes);
    expectAllLines(words, 'R', 90);
    const pages = await pdfPages(bytes);
    const headingPage = pages.findIndex((page, index) => index > 0 && page.includes('Reused datasets')) + 1;
    expect(headingPage).toBeGreaterThan(0);
    expect(pageOf(words, 'R1')).toBe(headingPage);
    expect(await pdfText(bytes, { layout: true, lastPage: 1 })).toMatch(
      new RegExp(`Reused datasets +(?:\\. ?){3,}${headingPage}\\n`),
    );
  });
});

describe('writePdf: a heading or label at the foot of a page', () => {
  /** Filler lines that push what follows towards the foot of the first page, and past it. */
  const fillers = [50, 51, 52, 53, 54, 55, 56, 57];

  it.each([
    ['a label', paragraph('Question', { style: 'label' })],
    ['a heading', heading(2, 'Question')],
  ])('moves %s to the next page with its short answer', async (_kind, lead) => {
    let moved = false;
    for (const filler of fillers) {
      const words = await pdfWords(
        await writePdf({
          meta: bare,
          blocks: [paragraph(numberedLines('F', filler)), lead, paragraph('Short answer')],
        }),
      );
      expect([filler, pageOf(words, 'Short')]).toEqual([filler, pageOf(words, 'Question')]);
      if (pageOf(words, 'Question') === 2 && pageOf(words, `F${filler}`) === 1) moved = true;
    }
    expect(moved).toBe(true);
  });

  it('moves a label to the next page with the first lines of a long answer', async () => {
    const answer = Array.from({ length: 30 }, (_, index) => `A${index + 1} measured weekly at every site`).join('\n');
    for (const filler of fillers) {
      const blocks: Block[] = [
        paragraph(numberedLines('F', filler)),
        paragraph('Question', { style: 'label' }),
        paragraph(answer),
      ];
      const words = await pdfWords(await writePdf({ meta: bare, blocks }));
      expect([filler, pageOf(words, 'A2')]).toEqual([filler, pageOf(words, 'Question')]);
      expectAllLines(words, 'A', 30);
    }
  });
});

describe('writePdf: table header rows', () => {
  it('keeps a header row and a first row taller than a page, every line of it, the header repeated', async () => {
    const bytes = await writePdf({
      meta: bare,
      blocks: [
        paragraph('before'),
        {
          type: 'table',
          headerRows: 1,
          rows: [
            { cells: [{ blocks: [paragraph('Id')] }, { blocks: [paragraph('Readings')] }] },
            { cells: [{ blocks: [paragraph('S1')] }, { blocks: [paragraph(numberedLines('L', 90))] }] },
            { cells: [{ blocks: [paragraph('S2')] }, { blocks: [paragraph('x')] }] },
          ],
        },
        paragraph('after'),
      ],
    });
    const words = await pdfWords(bytes);
    expectAllLines(words, 'L', 90);
    for (const text of ['Id', 'S1', 'S2', 'after']) expect(words.map((word) => word.text)).toContain(text);
    const headerPages = words.filter((word) => word.text === 'Readings').map((word) => word.page);
    expect(headerPages).toEqual([1, 2]);
  });

  it('moves rows whole to the next page, cells spanning rows included, every cell shown once', async () => {
    // Groups of three rows: a cell spanning the group, and a 5-line answer in each row.
    const rows = Array.from({ length: 60 }, (_, index) => ({
      cells: [
        ...(index % 3 === 0 ? [{ blocks: [paragraph(`G${index / 3 + 1}`)], rowSpan: 3 }] : []),
        { blocks: [paragraph(`R${index + 1}`)] },
        { blocks: [paragraph([1, 2, 3, 4, 5].map((line) => `R${index + 1}L${line}`).join('\n'))] },
      ],
    }));
    const header = {
      cells: [{ blocks: [paragraph('Group')] }, { blocks: [paragraph('Row')] }, { blocks: [paragraph('Lines')] }],
    };
    const words = await pdfWords(
      await writePdf({ meta: bare, blocks: [{ type: 'table', headerRows: 1, rows: [header, ...rows] }] }),
    );
    const texts = words.map((word) => word.text);
    for (let row = 1; row <= 60; row++) {
      const lines = [1, 2, 3, 4, 5].map((line) => words.filter((word) => word.text === `R${row}L${line}`));
      expect(lines.map((found) => found.length)).toEqual([1, 1, 1, 1, 1]);
      expect(new Set(lines.map(([word]) => word.page)).size).toBe(1);
    }
    for (let group = 1; group <= 20; group++) expect(texts.filter((text) => text === `G${group}`)).toHaveLength(1);
    const pages = new Set(words.map((word) => word.page));
    expect(pages.size).toBeGreaterThan(2);
    expect(words.filter((word) => word.text === 'Lines').map((word) => word.page)).toEqual([...pages]);
  });

  it('repeats a short header row on every page of a long table', async () => {
    const rows = Array.from({ length: 80 }, (_, index) => ({
      cells: [{ blocks: [paragraph(`Row ${index + 1}`)] }, { blocks: [paragraph('value')] }],
    }));
    const bytes = await writePdf({
      meta: bare,
      blocks: [
        {
          type: 'table',
          headerRows: 1,
          rows: [{ cells: [{ blocks: [paragraph('Name')] }, { blocks: [paragraph('Value')] }] }, ...rows],
        },
      ],
    });
    const pages = await pdfPages(bytes);
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page).toMatch(/Name\s+Value/);
  });
});
