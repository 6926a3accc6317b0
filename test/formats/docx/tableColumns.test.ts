/**
 * DOCX tables sized from their content (issue 34, item 2), as LibreOffice draws them: the humanities
 * plan's 8-column table (fixtures/typography/humanities-wide-table.json) breaks none of its words of
 * up to 12 letters, as the PDF does not, where equal columns broke "Shelfmar|k". Word gets the
 * same grid with automatic layout.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportFixture } from '../../builders/fixtureExports';
import { convertWithLibreOffice } from '../../helpers/libreoffice';
import type { Element, Document as XmlDocument } from '@xmldom/xmldom';
import { attr, elements, openDocx } from '../../helpers/ooxml';
import { pdfWords, type PdfWord } from '../../helpers/pdf';
import { brokenShortWords, headerRows } from '../../helpers/tableWords';

const FIXTURE = 'typography/humanities-wide-table.json';

let docx: Uint8Array;

/** The 8-column table of sources (the cover's facts table comes first). */
const sourcesTable = (document: XmlDocument): Element =>
  elements(document, 'w:tbl').find((table) => elements(table, 'w:gridCol').length === 8)!;
let words: PdfWord[];

beforeAll(async () => {
  docx = await exportFixture(FIXTURE, 'docx');
  const folder = await mkdtemp(join(tmpdir(), 'docx-table-'));
  try {
    const path = join(folder, 'table.docx');
    await writeFile(path, docx);
    words = await pdfWords(await readFile(await convertWithLibreOffice(path, 'pdf', 120_000)));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}, 180_000);

describe('the humanities plan as DOCX, drawn by LibreOffice', () => {
  it('breaks no word of up to 12 letters across lines in a cell', () => {
    expect(headerRows(words).length).toBeGreaterThan(0);
    expect(brokenShortWords(words)).toEqual([]);
  });

  it('gives the long notes column the most room, and the short columns about their longest word', async () => {
    const document = (await openDocx(docx)).xml('word/document.xml');
    const table = sourcesTable(document);
    const grid = elements(table, 'w:gridCol').map((column) => Number(attr(column, 'w:w')));
    expect(grid).toHaveLength(8);
    const total = grid.reduce((sum, width) => sum + width, 0);
    expect(total).toBe(Number(attr(elements(table, 'w:tblW')[0], 'w:w')));
    // Not equal columns: the notes column well over the others' median, as in the PDF.
    const notes = grid[7];
    const others = grid.slice(0, -1).sort((a, b) => a - b);
    expect(notes).toBe(Math.max(...grid));
    expect(notes).toBeGreaterThan(1.4 * others[Math.floor(others.length / 2)]);
    expect(attr(elements(table, 'w:tblLayout')[0], 'w:type')).toBe('autofit');
  });

  it('sets the table text smaller, as the PDF does, where its short words cannot all fit at the body size', async () => {
    const document = (await openDocx(docx)).xml('word/document.xml');
    const sizes = elements(sourcesTable(document), 'w:sz').map((size) => Number(attr(size, 'w:val')));
    // Body text is 10 pt (20 half points); the table's runs are 8 pt.
    expect(sizes.length).toBeGreaterThan(0);
    expect(new Set(sizes)).toEqual(new Set([16]));
  });
});
