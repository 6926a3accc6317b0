/**
 * Automatic page breaks in the DOCX (`description-page-break: auto`, issue 34 item 3): Word has no
 * "break only when short of room", so the writer decides with its page estimate (pageEstimate.ts)
 * and writes a page break before the description only where less than a third of the page is
 * left. Checked in the XML and on LibreOffice's pages.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Block } from '../../../src/document/types';
import { writeDocx } from '../../../src/formats/docx/DocxWriter';
import { heading, meta, paragraph } from '../../builders/documents';
import { convertAllWithLibreOffice } from '../../helpers/libreoffice';
import { attr, elements, openDocx, paragraphWithText } from '../../helpers/ooxml';
import { pdfWords, type PdfWord } from '../../helpers/pdf';

const lines = (count: number): Block[] => Array.from({ length: count }, (_, i) => paragraph(`Line${i + 1}`));
const description = (title: string): Block[] => [
  { type: 'pageBreak', auto: true },
  heading(2, title),
  paragraph('Template: a dataset template', { style: 'caption' }),
  heading(3, 'Dataset identity'),
  paragraph('Dataset title', { style: 'label' }),
  paragraph('The answer to the first question.'),
];
/** About 19 points a line: 15 lines fill 40 % of an A4 page with one-inch margins, 28 lines 75 %. */
const ROOM = [...lines(15), ...description('Second')];
const SHORT = [...lines(28), ...description('Second')];

const breaksBefore = async (blocks: Block[]): Promise<boolean> => {
  const document = (await openDocx(await writeDocx({ meta: meta(), blocks }))).xml('word/document.xml');
  return elements(paragraphWithText(document, 'Second'), 'w:pageBreakBefore').length > 0;
};

describe('writeDocx: automatic page breaks', () => {
  it('writes a page break before a description only where the page is short of room', async () => {
    expect(await breaksBefore(ROOM)).toBe(false);
    expect(await breaksBefore(SHORT)).toBe(true);
    // At the top of the body there is nothing to break from.
    expect(await breaksBefore(description('Second'))).toBe(false);
  });

  it('writes no empty paragraph for the break, nor a hard break', async () => {
    const document = (await openDocx(await writeDocx({ meta: meta(), blocks: SHORT }))).xml('word/document.xml');
    expect(elements(document, 'w:br').filter((br) => attr(br, 'w:type') === 'page')).toHaveLength(0);
  });

  it('lands where LibreOffice lays the pages out', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'docx-auto-break-'));
    try {
      const paths = [join(folder, 'room.docx'), join(folder, 'short.docx')];
      await writeFile(paths[0], await writeDocx({ meta: meta(), blocks: ROOM }));
      await writeFile(paths[1], await writeDocx({ meta: meta(), blocks: SHORT }));
      const [room, short] = await Promise.all(
        (await convertAllWithLibreOffice(paths, 'pdf', 120_000)).map(async (pdf) => pdfWords(await readFile(pdf))),
      );
      const pageOf = (words: PdfWord[], text: string) => words.find((word) => word.text === text)?.page;
      expect(pageOf(room, 'Second')).toBe(1);
      expect(pageOf(short, 'Line28')).toBe(1);
      expect(pageOf(short, 'Second')).toBe(2);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 150_000);
});
