/**
 * The page estimate behind the DOCX table of contents' page numbers: lines from font metrics, pages
 * from Word's rules. How close it comes to a real layout is measured in tocPages.test.ts.
 */
import type { Block } from '../../../src/document/types';
import { lineCount } from '../../../src/formats/docx/lineCount';
import { estimateHeadingPages, type PageEstimateOptions } from '../../../src/formats/docx/pageEstimate';
import { pageGeometry } from '../../../src/formats/docx/page';
import { resolveTheme } from '../../../src/formats/docx/styles';
import { meta, para, text } from '../../builders/documents';

const page = pageGeometry(meta());
const options: PageEstimateOptions = {
  textWidthPt: page.textWidthPt,
  textHeightPt: page.textHeightPt,
  theme: resolveTheme(undefined),
  contents: [],
};
const heading = (title: string, level: 1 | 2 | 3 = 2): Block => ({ type: 'heading', level, content: [text(title)] });
const lines = (count: number): Block[] => Array.from({ length: count }, (_, i) => para(text(`Line ${i + 1}`)));
const estimate = (blocks: Block[], extra: Partial<PageEstimateOptions> = {}) =>
  estimateHeadingPages(blocks, { ...options, ...extra });

describe('line count', () => {
  it('wraps at the line width and keeps words whole', () => {
    const words = [text(Array.from({ length: 10 }, () => 'word').join(' '))];
    // "word" is 2.476 em wide in DejaVu Sans, a space 0.318 em: ten words take 27.6 em.
    expect(lineCount(words, 28, { bold: false })).toBe(1);
    // A line just too narrow for the tenth word moves it down whole.
    expect(lineCount(words, 27, { bold: false })).toBe(2);
    // Three words a line (8.1 em), four would not fit in 10 em.
    expect(lineCount(words, 10, { bold: false })).toBe(4);
  });

  it('starts a line at each line break, and counts bold text wider', () => {
    expect(lineCount([text('one'), { type: 'break' }, text('two\nthree')], 30, { bold: false })).toBe(3);
    // 1,000 m's: 974 em regular, 1,042 em bold.
    const long = [text('m'.repeat(1000))];
    expect(lineCount(long, 30, { bold: false })).toBe(33);
    expect(lineCount(long, 30, { bold: true })).toBe(35);
  });

  it('breaks a word wider than the line, as text without spaces (Chinese) is', () => {
    expect(lineCount([text('数据管理计划'.repeat(10))], 20, { bold: false })).toBe(3);
  });
});

describe('heading pages', () => {
  const perPage = (() => {
    // How many one-line paragraphs the estimate puts on a page: the second heading moves past it.
    for (let count = 10; count < 100; count++) if (estimate([...lines(count), heading('Next')])[0] === 2) return count;
    throw new Error('no page filled');
  })();

  it('fills an A4 page with about as many body lines as Word does (10 pt DejaVu Sans, 1.1 line spacing, 6 pt after)', () => {
    expect(perPage).toBeGreaterThanOrEqual(34);
    expect(perPage).toBeLessThanOrEqual(39);
  });

  it('starts headings after a page break on the next page, and counts pages before the body', () => {
    const blocks: Block[] = [
      heading('One'),
      para(text('a')),
      { type: 'pageBreak' },
      heading('Two'),
      { type: 'pageBreak' },
      { type: 'pageBreak' },
      heading('Three'),
    ];
    expect(estimate(blocks)).toEqual([1, 2, 3]);
    expect(estimate(blocks, { pagesBefore: 2 })).toEqual([3, 4, 5]);
  });

  it('moves a heading that would end a page to the next, with its first lines', () => {
    // The most lines a heading alone still follows on the first page.
    let alone = perPage;
    while (estimate([...lines(alone), heading('Alone')])[0] !== 1) alone -= 1;
    // A paragraph of several lines: the heading needs its first two below it.
    const text4 = para(text('A sentence that takes its share of the line. '.repeat(8)));
    expect(estimate([...lines(alone), heading('Kept with its text'), text4])).toEqual([2]);
    expect(estimate([...lines(alone - 2), heading('Room enough'), text4])).toEqual([1]);
  });

  it('counts the lines of the table of contents itself, and headings in lists, quotes and table cells in order', () => {
    // A hundred entries of about 19 pt take nearly three pages.
    const contents = Array.from({ length: 100 }, () => ({ level: 1, title: 'An entry' }));
    const blocks: Block[] = [
      { type: 'toc', title: 'Contents' },
      { type: 'pageBreak' },
      heading('After the contents'),
      { type: 'list', ordered: false, items: [[heading('In a list')]] },
      { type: 'blockquote', children: [heading('In a quote')] },
      { type: 'table', headerRows: 0, rows: [{ cells: [{ blocks: [heading('In a cell')] }] }] },
    ];
    const pages = estimate(blocks, { contents });
    expect(pages).toHaveLength(4);
    expect(pages[0]).toBe(4);
    expect(pages.every((p) => p === 4)).toBe(true);
    expect(estimate(blocks)[0]).toBe(2);
  });

  it('moves a table row that does not fit to the next page whole', () => {
    const table = (): Block => ({
      type: 'table',
      headerRows: 0,
      rows: [{ cells: [{ blocks: [heading('In the row')] }, { blocks: lines(6) }] }],
    });
    expect(estimate([...lines(perPage - 2), table()])).toEqual([2]);
    expect(estimate([...lines(5), table()])).toEqual([1]);
  });
});
