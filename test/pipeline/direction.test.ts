/**
 * Direction per paragraph (issue 13 item 4), end to end: the Arabic-language plan with English
 * answers (fixtures/typography/arabic-english.json) through the real PDF and DOCX exporters.
 * English paragraphs, lists and tables stay left to right; Arabic ones are right to left; neutral
 * text follows the plan's language. The PDF is read with pdftotext -bbox, the DOCX as its XML and
 * as LibreOffice lays it out.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Element } from '@xmldom/xmldom';
import {
  ARABIC_ENGLISH_PATH,
  ARABIC_ENGLISH_TEXT as T,
  arabicEnglishJson,
} from '../../fixtures/typography/arabic-english';
import { decodePlan } from '../../src/contract/decode';
import { assertValidModel } from '../../src/contract/validate';
import { docxExporter } from '../../src/service/formats';
import { pdfExporter } from '../../src/service/formats';
import type { Block, DocumentModel } from '../../src/document/types';
import { writePdf } from '../../src/formats/pdf/PdfWriter';
import type { Exporter } from '../../src/formats/types';
import { bodyParagraphs, elements, openDocx, paragraphText } from '../helpers/ooxml';
import { convertWithLibreOffice } from '../helpers/libreoffice';
import { type PdfWord, pdfWords } from '../helpers/pdf';
import { meta as testMeta } from '../builders/documents';

const context = { transformerId: 'dmp-file-transformer' };

/** The fixture, optionally in another plan language. */
async function exportPlan(exporter: Exporter, language?: string): Promise<Uint8Array> {
  const raw = JSON.parse(fs.readFileSync(ARABIC_ENGLISH_PATH, 'utf8'));
  if (language) {
    raw.language = language;
    for (const description of raw.descriptions) description.plan.language = language;
  }
  assertValidModel('plan', raw);
  return (await exporter.exportPlan(decodePlan(raw), context)).bytes;
}

/** A4 with the default layout's margins: the text column runs from 72 to 523.28 pt. */
const LEFT = 72;
const RIGHT = 595.28 - 72;

/** pdftotext -bbox lists the characters of right-to-left words as drawn: left to right. */
const drawn = (word: string): string => [...word].reverse().join('');

/** The words of the line holding `probe` (first match after `after`), left to right on the page. */
function lineOf(words: PdfWord[], probe: string, after = 0): PdfWord[] {
  const anchor = words.slice(after).find((word) => word.text === probe);
  if (!anchor) throw new Error(`"${probe}" not found among ${words.map((word) => word.text).join(' ')}`);
  return words
    .filter((word) => word.page === anchor.page && Math.abs(word.yMax - anchor.yMax) < 2)
    .sort((a, b) => a.xMin - b.xMin);
}

/** The first word of a table header cell ("Data type": the "Data" right before "type"). */
function headerCell(words: PdfWord[], header: string): PdfWord {
  const [first, second] = header.split(' ');
  const index = words.findIndex((word, i) => word.text === first && words[i + 1]?.text === second);
  if (index < 0) throw new Error(`no "${header}"`);
  return words[index];
}

const leftEdge = (line: PdfWord[]): number => line[0].xMin;
const rightEdge = (line: PdfWord[]): number => line[line.length - 1].xMax;

test('the committed fixture is the generator output', () => {
  expect(fs.readFileSync(ARABIC_ENGLISH_PATH, 'utf8')).toBe(arabicEnglishJson());
});

describe('PDF of an Arabic-language plan with English answers', () => {
  let words: PdfWord[];

  beforeAll(async () => {
    words = await pdfWords(await exportPlan(pdfExporter));
  });

  it('sets an English paragraph left-aligned, with its final period at the end', () => {
    const first = lineOf(words, 'Visible-light');
    expect(first[0].text).toBe('Visible-light');
    expect(leftEdge(first)).toBeCloseTo(LEFT, 0);
    const last = lineOf(words, 'metadata.');
    expect(last[last.length - 1].text).toBe('metadata.');
    expect(leftEdge(last)).toBeCloseTo(LEFT, 0);
  });

  it('keeps an Arabic phrase inside an English sentence in the English line order', () => {
    const line = lineOf(words, 'called');
    expect(line.map((word) => word.text)).toEqual([
      'The',
      'archive',
      'is',
      'called',
      drawn('الساحل'),
      drawn('أرشيف'),
      'in',
      'Arabic.',
    ]);
    expect(leftEdge(line)).toBeCloseTo(LEFT, 0);
  });

  it('sets Arabic paragraphs, an Arabic-first mixed paragraph and a right-to-left textarea answer right-aligned', () => {
    for (const probe of [T.arabicParagraph, T.mixedArabicFirst, ...T.textareaLines]) {
      const line = lineOf(words, drawn(probe.split(' ')[0]));
      expect(rightEdge(line)).toBeCloseTo(RIGHT, 0);
      // The first word read stands rightmost.
      expect(line[line.length - 1].text).toBe(drawn(probe.split(' ')[0]));
      expect(leftEdge(line)).toBeGreaterThan(LEFT + 20);
    }
  });

  it('sets neutral text (digits only) in the plan language direction: right-aligned', () => {
    const line = lineOf(words, T.neutral);
    expect(rightEdge(line)).toBeCloseTo(RIGHT, 0);
  });

  it('does not mirror the English table: its first column is on the left', () => {
    const [first, second] = T.tableHeader.map((header) => headerCell(words, header));
    expect(first.xMin).toBeLessThan(second.xMin);
    expect(first.xMin).toBeLessThan(LEFT + 10);
    const row = lineOf(words, T.tableRows[0][0].split(' ')[0]).map((word) => word.text);
    expect(row.join(' ')).toBe(T.tableRows[0].join(' '));
  });

  it('puts the bullets of English items on the left, and of Arabic items on the right', () => {
    for (const item of T.englishItems) {
      const line = lineOf(words, item.split(' ')[0]);
      expect(line.map((word) => word.text).join(' ')).toBe(item); // no marker drawn as text at its right
      expect(leftEdge(line)).toBeGreaterThan(LEFT + 5); // the left indent holds the bullet
      expect(rightEdge(line)).toBeLessThan(RIGHT - 100);
    }
    for (const item of T.arabicItems) {
      const line = lineOf(words, drawn(item.split(' ')[0]));
      const marker = line[line.length - 1];
      expect(marker.text).toBe('\u2022');
      expect(marker.xMax).toBeCloseTo(RIGHT, 0);
      expect(line[line.length - 2].text).toBe(drawn(item.split(' ')[0]));
    }
  });
});

describe('DOCX of an Arabic-language plan with English answers', () => {
  let paragraphs: Element[];
  let bytes: Uint8Array;

  beforeAll(async () => {
    bytes = await exportPlan(docxExporter);
    paragraphs = bodyParagraphs((await openDocx(bytes)).xml('word/document.xml'));
  });

  const paragraph = (text: string): Element => {
    const found = paragraphs.find((p) => paragraphText(p) === text);
    if (!found) throw new Error(`no paragraph "${text}"`);
    return found;
  };
  const properties = (p: Element): Element | undefined => elements(p, 'w:pPr')[0];
  const bidi = (p: Element): boolean => elements(properties(p) ?? p, 'w:bidi').length > 0;
  const justification = (p: Element): string | null =>
    elements(properties(p) ?? p, 'w:jc')[0]?.getAttribute('w:val') ?? null;
  /** Each run's text, and whether it is marked right to left. */
  const runs = (p: Element) =>
    elements(p, 'w:r').map((run) => ({ text: paragraphText(run), rtl: elements(run, 'w:rtl').length > 0 }));

  it('writes English paragraphs and list items left to right (no w:bidi, no w:jc, no w:rtl runs)', () => {
    for (const text of [T.englishParagraph, ...T.englishItems, ...T.tableHeader, ...T.tableRows.flat()]) {
      const p = paragraph(text);
      expect({ text, bidi: bidi(p), jc: justification(p) }).toEqual({ text, bidi: false, jc: null });
      expect(runs(p).every((run) => !run.rtl)).toBe(true);
    }
  });

  it('writes Arabic paragraphs, list items, the textarea answer and neutral text right to left (w:bidi, start-aligned)', () => {
    for (const text of [
      T.arabicParagraph,
      ...T.arabicItems,
      T.mixedArabicFirst,
      T.textareaLines.join('\n'),
      T.neutral,
    ]) {
      const p = paragraph(text);
      expect({ text, bidi: bidi(p), jc: justification(p) }).toEqual({ text, bidi: true, jc: null });
    }
    expect(runs(paragraph(T.arabicParagraph))).toEqual([{ text: T.arabicParagraph, rtl: true }]);
  });

  it('marks only the Arabic words of a mixed paragraph as a right-to-left run', () => {
    const p = paragraph(T.mixedEnglishFirst);
    expect(bidi(p)).toBe(false);
    expect(runs(p)).toEqual([
      { text: 'The archive is called ', rtl: false },
      { text: 'أرشيف الساحل', rtl: true },
      { text: ' in Arabic.', rtl: false },
    ]);
  });

  it('does not mirror the English table (no w:bidiVisual)', async () => {
    const document = (await openDocx(bytes)).raw('word/document.xml');
    expect(document).toContain('<w:tbl>');
    expect(document).not.toContain('w:bidiVisual');
  });

  it('lays out in LibreOffice as it reads: English on the left, Arabic on the right, the table unmirrored', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'direction-'));
    try {
      const docxPath = path.join(dir, 'arabic-english.docx');
      fs.writeFileSync(docxPath, bytes);
      const words = await pdfWords(fs.readFileSync(await convertWithLibreOffice(docxPath, 'pdf')));
      const english = lineOf(words, 'Visible-light');
      const arabic = lineOf(words, drawn(T.arabicParagraph.split(' ')[0]));
      const quality = lineOf(words, drawn(T.textareaLines[0].split(' ')[0]));
      const margin = english[0].xMin; // LibreOffice's own page margins
      expect(margin).toBeLessThan(100);
      expect(rightEdge(arabic)).toBeGreaterThan(595.28 - margin - 3);
      expect(rightEdge(quality)).toBeGreaterThan(595.28 - margin - 3);
      expect(leftEdge(arabic)).toBeGreaterThan(margin + 20);
      expect(lineOf(words, 'metadata.').at(-1)?.text).toBe('metadata.');
      const [first, second] = T.tableHeader.map((header) => headerCell(words, header));
      expect(first.xMin).toBeLessThan(second.xMin);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(['ps', 'yi', 'ckb', 'ug', 'dv'])('a plan in %s', (language) => {
  it('is right to left in the PDF: neutral text right-aligned, the running header on the right', async () => {
    const words = await pdfWords(await exportPlan(pdfExporter, language));
    expect(rightEdge(lineOf(words, T.neutral))).toBeCloseTo(RIGHT, 0);
    // The running header (the plan's title) on page 2 stands where the document's lines start.
    const header = words.filter((word) => word.page === 2 && word.yMax < 60);
    expect(Math.max(...header.map((word) => word.xMax))).toBeCloseTo(RIGHT, 0);
  });

  it('is right to left in the DOCX: neutral text in a w:bidi paragraph, the language as the complex-script language', async () => {
    const docx = await openDocx(await exportPlan(docxExporter, language));
    const neutral = bodyParagraphs(docx.xml('word/document.xml')).find((p) => paragraphText(p) === T.neutral);
    expect(neutral && elements(neutral, 'w:bidi').length).toBe(1);
    expect(docx.raw('word/styles.xml')).toContain(`w:bidi="${language}"`);
  });
});

describe('the same answers in an English-language plan', () => {
  it('DOCX: the right-to-left textarea answer is a w:bidi paragraph (right-aligned), neutral text left to right', async () => {
    const paragraphs = bodyParagraphs((await openDocx(await exportPlan(docxExporter, 'en'))).xml('word/document.xml'));
    const bidi = (text: string) =>
      elements(
        paragraphs.find((p) => paragraphText(p) === text)!,
        'w:bidi',
      ).length > 0;
    expect(bidi(T.textareaLines.join('\n'))).toBe(true);
    expect(bidi(T.arabicParagraph)).toBe(true);
    expect(bidi(T.neutral)).toBe(false);
    expect(bidi(T.englishParagraph)).toBe(false);
  });

  it('PDF: the right-to-left textarea answer is right-aligned, neutral text left-aligned', async () => {
    const words = await pdfWords(await exportPlan(pdfExporter, 'en'));
    expect(rightEdge(lineOf(words, drawn(T.textareaLines[1].split(' ')[0])))).toBeCloseTo(RIGHT, 0);
    expect(leftEdge(lineOf(words, T.neutral))).toBeCloseTo(LEFT, 0);
  });
});

describe('a list with items in both directions (PDF)', () => {
  it('puts each marker on the side where its item starts', async () => {
    const item = (value: string): Block[] => [{ type: 'paragraph', content: [{ type: 'text', text: value }] }];
    const model: DocumentModel = {
      meta: { ...testMeta(), direction: 'rtl', language: 'ar' },
      blocks: [{ type: 'list', ordered: true, items: [item('English item'), item('بند عربي')] }],
    };
    const words = await pdfWords(await writePdf(model));
    const english = lineOf(words, 'English');
    const arabic = lineOf(words, drawn('بند'));
    expect(english.map((word) => word.text)).toEqual(['1.', 'English', 'item']);
    expect(english[0].xMin).toBeCloseTo(56, 0);
    // Right to left, "2." reads as ".2" and stands right of its item.
    expect(arabic.at(-1)?.text).toMatch(/^\.?2\.?$/);
    expect(arabic.at(-1)?.xMax).toBeCloseTo(595.28 - 56, 0);
    expect(english[1].xMin).toBeGreaterThan(english[0].xMax);
  });
});
