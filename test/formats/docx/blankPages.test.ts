/**
 * No blank pages in LibreOffice. A page break written as a paragraph of its own, and the paragraph
 * a TOC field ends in, each make a blank page when the content before them ends exactly at the
 * foot of a page: they land alone on the next page. Which count of lines fills a page depends on
 * the fonts, so each trap is laid for a range of counts around the one that fills an A4 page here.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Block, DocumentModel } from '../../../src/document/types';
import { writeDocx } from '../../../src/formats/docx/DocxWriter';
import { convertAllWithLibreOffice } from '../../helpers/libreoffice';
import { pdfPages } from '../../helpers/pdf';
import { meta as documentMeta, para, text } from '../../builders/documents';

const meta = documentMeta();
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** As the default layout begins: a cover line, a break, the contents, a break, then `headings` sections. */
function contentsDocument(headings: number): DocumentModel {
  const sections = range(1, headings).flatMap((i): Block[] => [
    { type: 'heading', level: 2, content: [text(`Section ${i}`)] },
    para(text(`Answer ${i}`)),
  ]);
  return {
    meta,
    blocks: [
      { type: 'paragraph', style: 'title', content: [text('Cover')] },
      { type: 'pageBreak' },
      { type: 'toc', title: 'Contents' },
      { type: 'pageBreak' },
      ...sections,
    ],
  };
}

/** Runs of `lines` one-line paragraphs for every count in the range, each followed by a page break. */
function breaksDocument(lines: number[]): DocumentModel {
  const blocks = lines.flatMap((count): Block[] => [
    ...range(1, count).map((i) => para(text(`Run of ${count}, line ${i}`))),
    { type: 'pageBreak' },
  ]);
  return { meta, blocks: [...blocks, { type: 'heading', level: 1, content: [text('After the last break')] }] };
}

/** Pages with nothing but the running header and footer, numbered from 1. */
function blankPages(pages: string[]): number[] {
  const content = (page: string) =>
    page
      .split('\n')
      .filter((line) => line.trim() !== meta.headerText && !/^Page \d+ of \d+$/.test(line.trim()))
      .join('')
      .trim();
  return pages.flatMap((page, index) => (content(page) === '' ? [index + 1] : []));
}

describe('DOCX pages in LibreOffice', () => {
  let folder: string;
  const documents: Record<string, DocumentModel> = {
    breaks: breaksDocument(range(30, 40)),
    ...Object.fromEntries(range(29, 37).map((headings) => [`contents-${headings}`, contentsDocument(headings)])),
  };
  const pages: Record<string, string[]> = {};

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'blank-pages-'));
    const paths = await Promise.all(
      Object.entries(documents).map(async ([name, model]) => {
        const path = join(folder, `${name}.docx`);
        await writeFile(path, await writeDocx(model));
        return path;
      }),
    );
    const pdfs = await convertAllWithLibreOffice(paths, 'pdf', 120_000);
    await Promise.all(
      Object.keys(documents).map(async (name, i) => (pages[name] = await pdfPages(await readFile(pdfs[i])))),
    );
  }, 150_000);

  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('has no blank page where a page break follows a full page', () => {
    expect(blankPages(pages.breaks)).toEqual([]);
    // Each run starts a page: the breaks are all there.
    for (const count of range(30, 40)) {
      expect(pages.breaks.findIndex((page) => page.includes(`Run of ${count}, line 1\n`))).toBeGreaterThanOrEqual(0);
    }
    const first = (count: number) => pages.breaks.findIndex((page) => page.includes(`Run of ${count}, line 1\n`));
    expect(pages.breaks[first(31)]).not.toContain('Run of 30');
  });

  it.each(range(29, 37))('has no blank page after a table of contents of %i entries', (headings) => {
    const document = pages[`contents-${headings}`];
    expect(blankPages(document)).toEqual([]);
    expect(document[0]).toContain('Cover');
    expect(document[1]).toContain('Contents');
    // The sections start on a page of their own, after the contents.
    const firstSection = document.findIndex((page) => /^Section 1$/m.test(page) && page.includes('Answer 1'));
    expect(firstSection).toBeGreaterThan(1);
    expect(
      document[firstSection].split('\n').find((line) => line.trim() !== '' && line.trim() !== meta.headerText),
    ).toBe('Section 1');
  });
});
