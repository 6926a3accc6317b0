/**
 * How wide inline content wants to be, for sizing table columns (tableColumns.ts) in a writer that
 * does not break lines itself (DOCX): its widest stretch between two break opportunities
 * (min-content), its widest line unbroken (max-content) and its widest stretch of at most
 * SHORT_WORD letters, in points. Measured with the document fonts (fontMetrics.ts) and the break
 * opportunities (lineBreaks.ts) the PDF writer breaks its lines with, so both size a table alike.
 */
import { textWidthEm } from './fontMetrics';
import { breakOpportunities, NO_BREAK } from './lineBreaks';
import { type Extent, SHORT_WORD } from './tableColumns';
import type { Inline } from './types';

export interface TextStyle {
  /** Points. */
  size: number;
  bold: boolean;
  italic: boolean;
}

interface Piece {
  text: string;
  bold: boolean;
  italic: boolean;
  monospace: boolean;
}

/** The content as lines (explicit line breaks end one), each a list of styled pieces. */
function linesOf(content: readonly Inline[], style: TextStyle): Piece[][] {
  const lines: Piece[][] = [[]];
  const walk = (inlines: readonly Inline[]) => {
    for (const inline of inlines) {
      if (inline.type === 'break') lines.push([]);
      else if (inline.type === 'link') walk(inline.children);
      else if (inline.type === 'text') {
        const marks = inline.marks ?? {};
        inline.text.split('\n').forEach((text, index) => {
          if (index > 0) lines.push([]);
          if (text)
            lines[lines.length - 1].push({
              text,
              bold: style.bold || marks.bold === true,
              italic: style.italic || marks.italic === true,
              monospace: marks.code === true,
            });
        });
      }
    }
  };
  walk(content);
  return lines;
}

const SPACE = /\s/;

/** The extent of `content` set in `style`. */
export function inlineExtent(content: readonly Inline[], style: TextStyle): Extent {
  let min = 0;
  let max = 0;
  let short = 0;
  for (const pieces of linesOf(content, style)) {
    const text = pieces.map((piece) => piece.text).join('');
    if (text.trim() === '') continue;
    // Width of every character's piece, measured a piece's stretch at a time.
    const breaks = breakOpportunities(text);
    const owner = new Uint16Array(text.length);
    let at = 0;
    pieces.forEach((piece, index) => {
      owner.fill(index, at, at + piece.text.length);
      at += piece.text.length;
    });
    const width = (from: number, to: number): number => {
      let total = 0;
      let start = from;
      for (let index = from + 1; index <= to; index++) {
        if (index === to || owner[index] !== owner[start]) {
          const piece = pieces[owner[start]];
          total += textWidthEm(text.slice(start, index), piece) * style.size;
          start = index;
        }
      }
      return total;
    };
    const inkEnd = (from: number, to: number): number => {
      let end = to;
      while (end > from && SPACE.test(text[end - 1])) end--;
      return end;
    };
    // The line's width is the sum of its stretches' (measured a word at a time, so the widths are
    // cached), up to the ink of the last one.
    let lineWidth = 0;
    let inkWidth = 0;
    let start = 0;
    for (let index = 1; index <= text.length; index++) {
      if (index < text.length && breaks[index] === NO_BREAK) continue;
      const end = inkEnd(start, index);
      if (end > start) {
        const stretch = width(start, end);
        min = Math.max(min, stretch);
        let letters = 0;
        for (let i = start; i < end; i++) if (!SPACE.test(text[i])) letters++;
        if (letters <= SHORT_WORD) short = Math.max(short, stretch);
        inkWidth = lineWidth + stretch;
      }
      lineWidth += end < index ? width(start, index) : width(start, end);
      start = index;
    }
    max = Math.max(max, inkWidth);
  }
  return { min, max, short };
}
