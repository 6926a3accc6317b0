/**
 * Line breaking and visual order. All body text is broken into lines here, measured with the same
 * fonts and shaping pdfkit uses, and handed to pdfmake one line at a time:
 *
 * - Speed: pdfmake would otherwise measure, place and draw every word as a separate text object;
 *   a line of one style becomes one text object instead.
 * - Right to left: pdfmake places words left to right, while fontkit (under pdfkit) shapes
 *   Arabic or Hebrew text and lays its glyphs out right to left by itself. So each line is put in
 *   visual order here (Unicode bidi algorithm, rule L2 applied to words and spaces), and each run
 *   of one direction is handed over in reading order for fontkit to lay out (see visualRuns).
 */
import bidiFactory from 'bidi-js';
import { RIGHT_TO_LEFT_SCRIPTS } from '../../document/direction';
import { SHORT_WORD } from '../../document/tableColumns';
import { breakOpportunities, breaksOnlyAfterSpaces, EMERGENCY_BREAK, hyphenationPoints, NO_BREAK } from './breaks';
import { fontVariant, textWidth } from './fonts';
import { effectiveFontSize, type Run, type Segment } from './runs';

const bidi = bidiFactory();
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Right-to-left letters, and the explicit right-to-left marks and embeddings. */
const RTL_TEXT = new RegExp(`[${RIGHT_TO_LEFT_SCRIPTS}\u200f\u202b\u202e\u2067]`, 'u');

export const hasRightToLeftText = (text: string): boolean => RTL_TEXT.test(text);

type PieceKind = 'space' | 'word';

interface Piece {
  text: string;
  run: Run;
  level: number;
  kind: PieceKind;
  width: number;
  /** Whether a line may break before this piece: NO_BREAK, BREAK or EMERGENCY_BREAK (see breaks.ts). */
  breakBefore: number;
  /** A line ending after this piece ends with a hyphen (a soft hyphen in the text, or a hyphenated word). */
  hyphenAfter?: boolean;
}

const SPACE = /[ \u1680\u2000-\u200a\u205f\u3000]/u;
const SOFT_HYPHEN = '\u00ad';

const kindCache = new Map<number, PieceKind>();

function kindOf(codePoint: number): PieceKind {
  if (codePoint < 0x80) return codePoint === 0x20 ? 'space' : 'word';
  let kind = kindCache.get(codePoint);
  if (kind === undefined) {
    kind = SPACE.test(String.fromCodePoint(codePoint)) ? 'space' : 'word';
    kindCache.set(codePoint, kind);
  }
  return kind;
}

const pieceWidth = (text: string, run: Run): number =>
  textWidth(text, run.family, fontVariant(run.style.bold, run.style.italics), effectiveFontSize(run.style));

/**
 * Cuts a segment into words and spaces, each in one run and at one bidi level, and cut again at
 * every break opportunity (`breaks`, by index into the segment's text). Soft hyphens are not drawn.
 */
function pieces(segment: Segment, levels: Uint8Array | undefined, breaks: Uint8Array): Piece[] {
  const result: Piece[] = [];
  let offset = 0;
  for (const run of segment) {
    const { text } = run;
    const push = (start: number, end: number, level: number, kind: PieceKind): void => {
      let pieceText = text.slice(start, end);
      let hyphenAfter = false;
      if (pieceText.includes(SOFT_HYPHEN)) {
        hyphenAfter = pieceText.endsWith(SOFT_HYPHEN);
        pieceText = pieceText.replaceAll(SOFT_HYPHEN, '');
      }
      result.push({
        text: pieceText,
        run,
        level,
        kind,
        width: pieceWidth(pieceText, run),
        breakBefore: breaks[offset + start],
        hyphenAfter,
      });
    };
    let start = 0;
    let kind: PieceKind | undefined;
    let level = 0;
    for (let index = 0; index < text.length;) {
      const codePoint = text.codePointAt(index) as number;
      const charKind = kindOf(codePoint);
      const charLevel = levels ? levels[offset + index] : 0;
      if (kind !== charKind || level !== charLevel || breaks[offset + index] !== NO_BREAK) {
        if (kind !== undefined) push(start, index, level, kind);
        start = index;
        kind = charKind;
        level = charLevel;
      }
      index += codePoint > 0xffff ? 2 : 1;
    }
    if (kind !== undefined) push(start, text.length, level, kind);
    offset += text.length;
  }
  return result;
}

/**
 * Splits a piece wider than `maxWidth` at grapheme boundaries, in one pass: each part is filled by
 * adding up the advances of single graphemes (cached, so a long word costs one look-up per
 * character), then measured as laid out (kerning, shaping) and shortened while it is too wide.
 */
function splitLongPiece(piece: Piece, maxWidth: number): Piece[] {
  const clusters = Array.from(graphemes.segment(piece.text), (g) => g.segment);
  const parts: Piece[] = [];
  let start = 0;
  while (start < clusters.length) {
    let end = start + 1;
    let estimate = pieceWidth(clusters[start], piece.run);
    while (end < clusters.length) {
      const advance = pieceWidth(clusters[end], piece.run);
      if (estimate + advance > maxWidth) break;
      estimate += advance;
      end++;
    }
    let text = clusters.slice(start, end).join('');
    let width = pieceWidth(text, piece.run);
    while (width > maxWidth && end - start > 1) {
      // Shorten in proportion to the overshoot (at least one grapheme), then measure again.
      end = start + Math.max(1, Math.min(end - start - 1, Math.floor(((end - start) * maxWidth) / width)));
      text = clusters.slice(start, end).join('');
      width = pieceWidth(text, piece.run);
    }
    parts.push({ ...piece, text, width, hyphenAfter: end === clusters.length && piece.hyphenAfter });
    start = end;
  }
  return parts;
}

/**
 * A word wider than the line: its syllables (hyphenation patterns of `language`), each ending in
 * a hyphen when the line breaks after it; a syllable still too wide, or a word that cannot be
 * hyphenated, is cut at grapheme boundaries.
 */
function cutWord(piece: Piece, maxWidth: number, language: string | undefined): Piece[] {
  const points = hyphenationPoints(piece.text, language);
  if (points.length === 0) return splitLongPiece(piece, maxWidth);
  const hyphen = pieceWidth('-', piece.run);
  const parts: Piece[] = [];
  let from = 0;
  for (const at of [...points, piece.text.length]) {
    const text = piece.text.slice(from, at);
    const last = at === piece.text.length;
    const syllable: Piece = {
      ...piece,
      text,
      width: pieceWidth(text, piece.run),
      hyphenAfter: last ? piece.hyphenAfter : true,
    };
    parts.push(
      ...(syllable.width + (last ? 0 : hyphen) > maxWidth ? splitLongPiece(syllable, maxWidth - hyphen) : [syllable]),
    );
    from = at;
  }
  return parts;
}

/** The end of the stretch starting at `start` without a break opportunity of the given kinds. */
function stretchEnd(all: Piece[], start: number, limit: number, emergencies: boolean): number {
  let end = start + 1;
  while (
    end < limit &&
    (all[end].breakBefore === NO_BREAK || (!emergencies && all[end].breakBefore === EMERGENCY_BREAK))
  )
    end++;
  return end;
}

/** Width of the pieces in [start, end) that are not spaces, and of the hyphen a break after them draws. */
function inkWidthOf(all: Piece[], start: number, end: number): number {
  let width = 0;
  for (let index = start; index < end; index++) if (all[index].kind !== 'space') width += all[index].width;
  const last = all[end - 1];
  return last.hyphenAfter ? width + pieceWidth('-', last.run) : width;
}

/** A line that breaks after a hyphenation point shows the hyphen. */
function withHyphen(line: Piece[]): Piece[] {
  let last = line.length - 1;
  while (last >= 0 && line[last].kind === 'space') last--;
  const piece = line[last];
  if (piece?.hyphenAfter)
    line[last] = { ...piece, text: `${piece.text}-`, width: piece.width + pieceWidth('-', piece.run) };
  return line;
}

/**
 * Greedy line filling at break opportunities; trailing spaces never count against the width. A
 * stretch wider than the line breaks at its emergency opportunities (URLs), then its words are
 * hyphenated, then cut.
 */
function breakLines(all: Piece[], maxWidth: number, language: string | undefined): Piece[][] {
  const lines: Piece[][] = [];
  let line: Piece[] = [];
  let lineWidth = 0;
  const place = (piece: Piece, inkWidth: number): void => {
    if (line.length > 0 && piece.kind !== 'space' && lineWidth + inkWidth > maxWidth) {
      lines.push(withHyphen(line));
      line = [];
      lineWidth = 0;
    }
    line.push(piece);
    lineWidth += piece.width;
  };
  const placeStretch = (start: number, end: number): void => {
    const inkWidth = inkWidthOf(all, start, end);
    place(all[start], inkWidth);
    for (let index = start + 1; index < end; index++) {
      line.push(all[index]);
      lineWidth += all[index].width;
    }
  };
  for (let start = 0; start < all.length;) {
    const end = stretchEnd(all, start, all.length, false);
    if (inkWidthOf(all, start, end) <= maxWidth) placeStretch(start, end);
    else {
      for (let sub = start; sub < end;) {
        const subEnd = stretchEnd(all, sub, end, true);
        if (inkWidthOf(all, sub, subEnd) <= maxWidth) placeStretch(sub, subEnd);
        else {
          for (let index = sub; index < subEnd; index++) {
            const piece = all[index];
            const parts =
              piece.kind !== 'space' && piece.width > maxWidth ? cutWord(piece, maxWidth, language) : [piece];
            for (const part of parts) place(part, part.width + (part.hyphenAfter ? pieceWidth('-', part.run) : 0));
          }
        }
        sub = subEnd;
      }
    }
    start = end;
  }
  lines.push(withHyphen(line));
  return lines;
}

/** Rule L2 on pieces: from the highest level down to the lowest odd one, reverse each run at or above it. */
function visualOrder(line: Piece[]): Piece[] {
  let highest = 0;
  let lowestOdd = Number.POSITIVE_INFINITY;
  for (const piece of line) {
    highest = Math.max(highest, piece.level);
    if (piece.level % 2 === 1) lowestOdd = Math.min(lowestOdd, piece.level);
  }
  if (highest === 0) return line;
  const ordered = [...line];
  for (let level = highest; level >= lowestOdd; level--) {
    let index = 0;
    while (index < ordered.length) {
      if (ordered[index].level < level) {
        index++;
        continue;
      }
      let end = index;
      while (end < ordered.length && ordered[end].level >= level) end++;
      const reversed = ordered.slice(index, end).reverse();
      ordered.splice(index, reversed.length, ...reversed);
      index = end;
    }
  }
  return ordered;
}

const FIRST_SCRIPT_CHAR = /[^\p{Script=Common}\p{Script=Inherited}]/u;

/** fontkit lays a string out right to left when its first non-common character is right-to-left. */
function fontkitLaysOutRightToLeft(text: string): boolean {
  const match = FIRST_SCRIPT_CHAR.exec(text);
  return match !== null && RTL_TEXT.test(match[0]);
}

const MIRRORED = /\p{Bidi_Mirrored}/u;

/** Right-to-left text shows brackets and similar characters mirrored: "(" is drawn as ")". */
function mirror(text: string): string {
  if (!MIRRORED.test(text)) return text;
  let mirrored = '';
  for (const char of text) mirrored += bidi.getMirroredCharacter(char) ?? char;
  return mirrored;
}

const reverseGraphemes = (text: string): string =>
  [...graphemes.segment(text)]
    .map((g) => g.segment)
    .reverse()
    .join('');

const sameLook = (a: Run, b: Run): boolean => a.family === b.family && a.style === b.style;

export interface LineOptions {
  direction: 'ltr' | 'rtl';
  maxWidth: number;
  /** Keep the spaces a segment starts with (code indentation). */
  keepIndent?: boolean;
  /** Language of the text (BCP 47): its hyphenation patterns break words wider than the line. */
  language?: string;
}

interface VisualRun extends Run {
  level: number;
}

/**
 * One line in visual order, as runs of one style and one direction:
 *
 * - A left-to-right run keeps its text in reading order; pdfkit lays it out word by word.
 * - A right-to-left run holds its text in reading order too, with non-breaking spaces between its
 *   words: pdfkit splits text at ordinary spaces and would lay the words out left to right, while
 *   fontkit lays the whole unbroken string out right to left, words and spaces included.
 * - A run whose characters fontkit would lay out in the other direction (digits written in Arabic,
 *   a lone "?!" in right-to-left text) is handed over reversed.
 *
 * Spaces at the end of a line are dropped, and at its start too unless they indent the segment.
 */
function visualRuns(line: Piece[], keepLeadingSpaces: boolean): Run[] {
  let first = 0;
  let last = line.length - 1;
  while (!keepLeadingSpaces && first <= last && line[first].kind === 'space') first++;
  while (last >= first && line[last].kind === 'space') last--;
  const runs: VisualRun[] = [];
  for (const piece of visualOrder(first === 0 && last === line.length - 1 ? line : line.slice(first, last + 1))) {
    const rightToLeft = piece.level % 2 === 1;
    const text = rightToLeft ? mirror(piece.text).replace(/ /g, '\u00a0') : piece.text;
    const previous = runs[runs.length - 1];
    const mergeable = previous !== undefined && previous.level === piece.level && sameLook(previous, piece.run);
    if (!mergeable) runs.push({ text, family: piece.run.family, style: piece.run.style, level: piece.level });
    // Visual order runs right to left through a right-to-left run: earlier pieces come later in reading order.
    else if (rightToLeft) previous.text = text + previous.text;
    else previous.text += text;
  }
  return runs.map(({ text, family, style, level }) => ({
    text: level > 0 && fontkitLaysOutRightToLeft(text) !== (level % 2 === 1) ? reverseGraphemes(text) : text,
    family,
    style,
  }));
}

const SPACE_CODE = 0x20;

/**
 * The line a segment makes when it needs no breaking, answered without cutting it into pieces:
 * left-to-right text that breaks only after spaces (plain ASCII, see breaks.ts), starts and ends
 * with a non-space and fits, measured as `pieces` cuts it (each word and each run of spaces of
 * each run). What `visualRuns` would give for it: runs of the same look joined. Undefined for
 * any other segment: most labels, headings and short answers are this case.
 */
function unbrokenLine(segment: Segment, text: string, options: LineOptions): Run[] | undefined {
  if (
    options.direction !== 'ltr' ||
    text.charCodeAt(0) === SPACE_CODE ||
    text.charCodeAt(text.length - 1) === SPACE_CODE ||
    !breaksOnlyAfterSpaces(text)
  )
    return undefined;
  let width = 0;
  for (const run of segment) {
    const runText = run.text;
    let start = 0;
    for (let index = 1; index <= runText.length; index++) {
      if (
        index === runText.length ||
        (runText.charCodeAt(index) === SPACE_CODE) !== (runText.charCodeAt(index - 1) === SPACE_CODE)
      ) {
        width += pieceWidth(runText.slice(start, index), run);
        start = index;
      }
    }
  }
  if (width > options.maxWidth) return undefined;
  const runs: Run[] = [];
  for (const run of segment) {
    const previous = runs[runs.length - 1];
    if (previous !== undefined && sameLook(previous, run)) previous.text += run.text;
    else if (run.text.length > 0) runs.push({ text: run.text, family: run.family, style: run.style });
  }
  return runs;
}

/**
 * Breaks segments into lines no wider than `maxWidth` and returns each line's runs in visual
 * (left to right) order. An empty segment gives an empty line. `readingOrder`, when given, gets
 * each line's text in reading order where bidi reordering applies (else undefined).
 */
export function layoutLines(segments: Segment[], options: LineOptions, readingOrder?: (string | undefined)[]): Run[][] {
  const lines: Run[][] = [];
  for (const segment of segments) {
    const text = segment.map((run) => run.text).join('');
    if (text.length === 0) {
      lines.push([]);
      readingOrder?.push(undefined);
      continue;
    }
    const unbroken = unbrokenLine(segment, text, options);
    if (unbroken) {
      lines.push(unbroken);
      readingOrder?.push(undefined);
      continue;
    }
    const bidiNeeded = options.direction === 'rtl' || RTL_TEXT.test(text);
    const levels = bidiNeeded ? bidi.getEmbeddingLevels(text, options.direction).levels : undefined;
    breakLines(pieces(segment, levels, breakOpportunities(text)), options.maxWidth, options.language).forEach(
      (line, index) => {
        lines.push(visualRuns(line, options.keepIndent === true && index === 0));
        // A line drawn in another order than it reads: its text in reading order (tagged as ActualText).
        readingOrder?.push(
          line.some((piece) => piece.level > 0)
            ? line
                .map((piece) => piece.text)
                .join('')
                .trim()
            : undefined,
        );
      },
    );
  }
  return lines;
}

/**
 * Whether text must be broken here rather than by pdfmake (which applies UAX #14 alone): a stretch
 * without a break opportunity is wider than `maxWidth` (pdfmake cuts such words in quadratic
 * time), or the text holds a URL, inside which UAX #14 allows breaks that we keep for emergencies.
 */
export function needsCutting(segments: Segment[], maxWidth: number): boolean {
  for (const segment of segments) {
    const all = pieces(segment, undefined, breakOpportunities(segment.map((run) => run.text).join('')));
    for (let start = 0; start < all.length;) {
      const end = stretchEnd(all, start, all.length, false);
      if (inkWidthOf(all, start, end) > maxWidth) return true;
      for (let index = start + 1; index < end; index++) if (all[index].breakBefore === EMERGENCY_BREAK) return true;
      start = end;
    }
  }
  return false;
}

/**
 * How wide text is: its widest unbreakable stretch (min-content), its widest line unbroken
 * (max-content) and its widest stretch of at most SHORT_WORD characters.
 */
export interface TextExtent {
  min: number;
  max: number;
  short: number;
}

/**
 * The min-content and max-content widths of segments (as CSS sizes table columns), measured as
 * lines are broken: a stretch between break opportunities (URLs' included) must fit unbroken,
 * a whole segment fits on one line.
 */
export function textExtent(segments: Segment[]): TextExtent {
  let min = 0;
  let max = 0;
  let short = 0;
  for (const segment of segments) {
    const all = pieces(segment, undefined, breakOpportunities(segment.map((run) => run.text).join('')));
    let lineWidth = 0;
    let inkEnd = 0;
    for (let start = 0; start < all.length;) {
      const end = stretchEnd(all, start, all.length, true);
      const width = inkWidthOf(all, start, end);
      min = Math.max(min, width);
      let letters = 0;
      for (let index = start; index < end; index++) {
        lineWidth += all[index].width;
        if (all[index].kind !== 'space') {
          inkEnd = lineWidth;
          letters += all[index].text.length;
        }
      }
      if (letters <= SHORT_WORD) short = Math.max(short, width);
      start = end;
    }
    max = Math.max(max, inkEnd);
  }
  return { min, max, short };
}
