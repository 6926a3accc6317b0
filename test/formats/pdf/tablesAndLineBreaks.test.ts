/**
 * Tables and line breaking, checked on the pages of a real export: the humanities plan with an
 * 8-column table and a paragraph of long URLs (fixtures/typography/humanities-wide-table.json),
 * measured with pdftotext's word boxes.
 */
import { decodePlan } from '../../../src/contract/decode';
import { pdfExporter } from '../../../src/service/formats';
import { humanitiesWideTableJson, TABLE_ROWS } from '../../../fixtures/typography/humanities-wide-table';
import { fixtureJson, fixtureText } from '../../builders/fixtures';
import { pdfWords, type PdfWord } from '../../helpers/pdf';
import { brokenShortWords, headerRows, sameLine } from '../../helpers/tableWords';
import { writePdf } from '../../../src/formats/pdf/PdfWriter';
import { meta, paragraph } from '../../builders/documents';

const FIXTURE = 'typography/humanities-wide-table.json';
/** The default layout: A4 with one-inch margins. */
const LEFT_MARGIN = 72;
const RIGHT_MARGIN = 595.28 - 72;
const LONG_URL =
  'https://iiif.cornish-parish-letters.example.org/iiif/3/P-118-2-1%2Ffolio-012r.tif/full/max/0/default.jpg?provenance=kresen-kernow&licence=cc-by-nc';

let words: PdfWord[];

beforeAll(async () => {
  const result = await pdfExporter.exportPlan(decodePlan(fixtureJson(FIXTURE)), {
    transformerId: 'dmp-file-transformer',
  });
  words = await pdfWords(result.bytes);
});

describe('the humanities plan: an 8-column table', () => {
  it('is the output of its builder', () => {
    expect(fixtureText(FIXTURE)).toBe(humanitiesWideTableJson());
  });

  it('breaks no word of up to 12 letters across lines in a cell', () => {
    expect(brokenShortWords(words)).toEqual([]);
  });

  it('sizes columns from their content across the whole text width, the notes column widest', () => {
    const [header] = headerRows(words);
    expect(header).toBeDefined();
    const starts = header.map((word) => word.xMin);
    const widths = starts.map((start, index) => (index + 1 < starts.length ? starts[index + 1] : RIGHT_MARGIN) - start);
    // The first column starts at the margin (plus rule and padding).
    expect(starts[0] - LEFT_MARGIN).toBeLessThan(6);
    const notes = widths[widths.length - 1];
    const others = widths.slice(0, -1).sort((a, b) => a - b);
    expect(notes).toBeGreaterThan(1.4 * others[Math.floor(others.length / 2)]);
    // The notes column's text reaches across its width, up to the right margin.
    const notesText = words.filter(
      (word) => word.xMin >= starts[starts.length - 1] - 1 && word.page === header[0].page,
    );
    expect(RIGHT_MARGIN - Math.max(...notesText.map((word) => word.xMax))).toBeLessThan(notes / 4);
  });

  it('sets the table smaller than the body text, as its short words cannot all fit at the body size', () => {
    const height = (word: PdfWord): number => word.yMax - word.yMin;
    const [header] = headerRows(words);
    const label = words.find((word) => word.text === 'Which' && words[words.indexOf(word) + 1]?.text === 'archival');
    expect(label).toBeDefined();
    // Both bold: the question label at the body size, the header row at 80 %.
    expect(height(header[0]) / height(label as PdfWord)).toBeCloseTo(0.8, 1);
  });

  it('repeats the header row on every page the table runs over', () => {
    // Shelfmarks such as "P/118/2/1" are printed nowhere else.
    const shelfmarks = new Set(TABLE_ROWS.map((row) => row[2]).filter((shelfmark) => /^\S+\/\S+$/.test(shelfmark)));
    const pagesWithRows = new Set(words.filter((word) => shelfmarks.has(word.text)).map((word) => word.page));
    expect(pagesWithRows.size).toBeGreaterThan(1);
    expect(new Set(headerRows(words).map((line) => line[0].page))).toEqual(pagesWithRows);
  });

  it('moves a row to the next page whole, never splitting it', () => {
    // Cells are drawn one after the other: a cell kept whole is one run of words on one page.
    const pageText = new Map<number, string>();
    for (const word of words) pageText.set(word.page, (pageText.get(word.page) ?? '') + word.text);
    const squash = (text: string): string => text.replace(/[\s\-\u2010]/g, '');
    const split = TABLE_ROWS.map((row) => row[7]).filter(
      (notes) => ![...pageText.values()].some((text) => squash(text).includes(squash(notes))),
    );
    expect(split).toEqual([]);
  });
});

describe('the humanities plan: a paragraph of long URLs', () => {
  it('keeps URLs that fit on a line whole', () => {
    const printed = new Set(words.map((word) => word.text.replace(/[,.;]$/, '')));
    expect(printed).toContain('https://doi.org/10.5281/zenodo.14285716');
    expect(printed).toContain('https://tei-c.org/release/doc/tei-p5-doc/en/html/CH-MS.html');
    expect(printed).toContain('https://cornish-parish-letters.example.org/encoding/changes.html');
  });

  it('breaks a URL wider than the line only after "/", "-" or "?", and starts no line with a hyphen', () => {
    const start = words.findIndex((word) => word.text.startsWith('https://iiif.'));
    expect(start).toBeGreaterThanOrEqual(0);
    const pieces: string[] = [];
    for (let index = start; pieces.join('').length < LONG_URL.length; index++) pieces.push(words[index].text);
    expect(pieces.join('')).toBe(LONG_URL);
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces.slice(0, -1)) expect(piece).toMatch(/[/?-]$/);
    expect(words.filter((word) => /^[-\u2010-\u2015]/.test(word.text)).map((word) => word.text)).toEqual([]);
  });
});

describe('justified paragraphs, wrapped by pdfmake', () => {
  it('start no line with a spaced dash, wherever the dash falls', async () => {
    // The same sentence behind prefixes of every length, so the dash lands at every place in a line.
    const blocks = Array.from({ length: 24 }, (_, index) =>
      paragraph(
        `${'x'.repeat(index + 1)} The samples are kept cold - at four degrees – until the lab has logged them - and then frozen.`,
        { align: 'justify' },
      ),
    );
    const printed = await pdfWords(await writePdf({ meta: meta({ headerText: '', footerText: '' }), blocks }));
    const lineStarts = printed.filter(
      (word) => !printed.some((other) => sameLine(other, word) && other.xMin < word.xMin),
    );
    expect(lineStarts.length).toBeGreaterThan(24);
    expect(lineStarts.filter((word) => /^[-\u2013]/.test(word.text)).map((word) => word.text)).toEqual([]);
    // The no-break space before the dash reads as a space.
    expect(printed.filter((word) => word.text === 'cold').length).toBe(24);
  });
});
