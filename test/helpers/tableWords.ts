/**
 * The humanities fixture's 8-column table as a reader sees it on the pages of a PDF (ours, or
 * LibreOffice's rendering of our DOCX), from pdftotext's word boxes: its words, its header rows,
 * and the short words it breaks across lines.
 */
import { SHORT_WORD } from '../../src/document/tableColumns';
import { TABLE_HEADER, TABLE_ROWS } from '../../fixtures/typography/humanities-wide-table';
import type { PdfWord } from './pdf';

/** Letters only, so that "Catherine's" and "quay." compare as words. */
const letters = (text: string): string => text.replace(/[^\p{L}]/gu, '');
const tokens = (text: string): string[] => text.split(/\s+/).filter(Boolean);
/** Words on one line: their boxes share a baseline. */
export const sameLine = (a: PdfWord, b: PdfWord): boolean => a.page === b.page && Math.abs(a.yMax - b.yMax) < 1;

/** The header row as printed on each page: its words left to right. */
export function headerRows(words: PdfWord[]): PdfWord[][] {
  return words
    .filter((word) => word.text === TABLE_HEADER[0])
    .map((first) => words.filter((word) => sameLine(word, first)).sort((a, b) => a.xMin - b.xMin))
    .filter((line) => line.map((word) => word.text).join(' ') === TABLE_HEADER.join(' '));
}

/**
 * The table's words: from its first header row to the question after it ("Where will…"), running
 * headers and footers (within 60 points of the top and bottom of an A4 page) left out.
 */
export function tableWords(words: PdfWord[]): PdfWord[] {
  const body = words.filter((word) => word.yMin > 60 && word.yMax < 841.89 - 60);
  const first = body.findIndex((word) => word.text === TABLE_HEADER[0]);
  const after = body.findIndex(
    (word, index) => index > first && word.text === 'Where' && body[index + 1]?.text === 'will',
  );
  return body.slice(first, after);
}

/** Pieces of the table's words of up to SHORT_WORD letters printed broken across lines. */
export function brokenShortWords(words: PdfWord[]): string[] {
  const sourceWords = new Set([...TABLE_HEADER, ...TABLE_ROWS.flat()].flatMap(tokens));
  const short = [...sourceWords].filter((word) => letters(word).length > 0 && letters(word).length <= SHORT_WORD);
  const long = [...sourceWords].filter((word) => letters(word).length > SHORT_WORD);
  // A printed piece of a short word is a broken word, unless the word breaks there itself (after "-", "–" or "/").
  // A piece of a longer word ("granddaughter'|s") may be broken off: it is not a short word's.
  const brokenFrom = (piece: string): string | undefined =>
    long.some((word) => word.startsWith(piece) || word.endsWith(piece))
      ? undefined
      : short.find((word) => {
          if (word === piece) return false;
          if (word.startsWith(piece)) return !/[-–/]$/.test(piece);
          if (piece.endsWith('-') && word.startsWith(piece.slice(0, -1))) return true;
          return word.endsWith(piece) && !/[-–/]/.test(word[word.length - piece.length - 1]);
        });
  return tableWords(words)
    .map((word) => word.text)
    .filter((text) => !sourceWords.has(text))
    .filter((text) => brokenFrom(text) !== undefined);
}
