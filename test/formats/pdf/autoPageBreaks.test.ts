/**
 * Automatic page breaks (`description-page-break: auto`, issue 34 item 3): a description starts a
 * new page only where less than a third of the page's text height is left, so pages are not left
 * half empty, and never one starts in the page's last lines. Nothing is drawn over the running
 * header when the break moves it.
 */
import type { Block } from '../../../src/document/types';
import { writePdf } from '../../../src/formats/pdf/PdfWriter';
import { heading, meta, paragraph } from '../../builders/documents';
import { pdfWords, type PdfWord } from '../../helpers/pdf';

const page = meta({ footerText: '' });
/** A4 with one-inch margins: 698 points of text height. */
const TEXT_TOP = 72;
const lines = (count: number): Block[] => Array.from({ length: count }, (_, i) => paragraph(`Line${i + 1}`));
const description = (title: string): Block[] => [
  { type: 'pageBreak', auto: true },
  heading(2, title),
  paragraph('Template: a dataset template', { style: 'caption' }),
  heading(3, 'Dataset identity'),
  paragraph('Dataset title', { style: 'label' }),
  paragraph('The answer to the first question.'),
];

const where = (words: PdfWord[], text: string): PdfWord => {
  const word = words.find((w) => w.text === text);
  if (!word) throw new Error(`${text} is not printed`);
  return word;
};

describe('writePdf: automatic page breaks', () => {
  it('keeps a description on the page when a third of it or more is left', async () => {
    // About 18 points a line: 15 lines fill about 40 % of the page.
    const words = await pdfWords(await writePdf({ meta: page, blocks: [...lines(15), ...description('Second')] }));
    expect(where(words, 'Second').page).toBe(1);
    expect(where(words, 'Second').yMin).toBeGreaterThan(where(words, 'Line15').yMax);
  });

  it('starts a description on the next page when less than a third of the page is left', async () => {
    const words = await pdfWords(await writePdf({ meta: page, blocks: [...lines(27), ...description('Second')] }));
    expect(where(words, 'Line27').page).toBe(1);
    const second = where(words, 'Second');
    expect(second.page).toBe(2);
    // At the top of the text area (a heading's glyph box reaches a little above its line), well
    // below the running header (which ends about 45 points down), not over it.
    expect(second.yMin).toBeGreaterThanOrEqual(TEXT_TOP - 6);
    expect(second.yMin).toBeLessThan(TEXT_TOP + 30);
    expect(where(words, 'answer').page).toBe(2);
  });

  it('is no break at the top of a page, nor in a table cell', async () => {
    const words = await pdfWords(
      await writePdf({
        meta: page,
        blocks: [
          ...description('First'),
          {
            type: 'table',
            headerRows: 0,
            rows: [
              { cells: [{ blocks: [paragraph('Before'), { type: 'pageBreak', auto: true }, paragraph('After')] }] },
            ],
          },
        ],
      }),
    );
    expect(where(words, 'First').page).toBe(1);
    expect(where(words, 'First').yMin).toBeLessThan(TEXT_TOP + 30);
    expect(where(words, 'After').page).toBe(1);
  });
});
