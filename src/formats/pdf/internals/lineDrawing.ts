/**
 * Drawing a line of plain text, the bulk of every document, in one text object. pdfmake draws
 * each run of a line through pdfkit's `text()`: per run an opacity state, a colour and a path-less
 * fill, a save, a flip of the coordinate system, a text object and a restore (~200 bytes of
 * content, each operator its own small buffer), and the glyphs are shaped again. A line is drawn
 * here instead when none of its runs has a link, a page reference, a letter spacing, font
 * features or an opacity: the operators pdfkit writes for each run (position, font, glyphs with
 * their kerning), at the same positions, without the save, flip and restore (the text matrix
 * turns the glyphs upright instead), with the opacity written once per line (not at all when the
 * line drawn just before on the page left it so) and colour and font only where they change; a
 * heading's named destination and outline entry are added as pdfmake adds them. Every other line,
 * and everything drawn around lines (shading, underlines, tagging's marked content), is pdfmake's
 * as before.
 *
 * Installed before tagging wraps the same method (tagging opens a line's marked content first).
 */
import { hasRightToLeftText } from '../lines';
import { colorComponent } from './compactOutput';
import type { PrototypeHook } from './hook';
import { PDFMAKE_0_3_11, pdfmakeClass } from './libraries';
import { keptLineState, setLineState } from './lineState';
import { eachPdfkitWord, KEPT_TEXT_LENGTH, keptPerFont } from './pdfkitWords';
import { beforeTextRun } from './tagging/marking';

/** pdfkit's embedded font, as far as drawing uses it. */
interface EmbeddedFont {
  id: string;
  ascender: number;
  ref(): unknown;
  encode(text: string): [string[], GlyphPosition[]];
}

interface GlyphPosition {
  xAdvance: number;
  xOffset: number;
  yOffset: number;
  advanceWidth: number;
}

/** A run of a line as pdfmake measured and placed it. */
interface Inline {
  text: string;
  x: number;
  font: EmbeddedFont;
  fontSize: number;
  color?: unknown;
  sup?: boolean;
  sub?: boolean;
  link?: unknown;
  linkToDestination?: unknown;
  linkToPage?: unknown;
  _pageNodeRef?: unknown;
  fontFeatures?: unknown;
  characterSpacing?: number;
  opacity?: unknown;
}

/** A heading's entry in the PDF outline, as pdfmake's layout leaves it on its first line. */
interface OutlineEntry {
  id?: string;
  parentId?: string;
  text: string;
  expanded: boolean;
}

interface Outline {
  addItem(title: string, options: { expanded: boolean }): Outline;
}

interface Line {
  inlines: Inline[];
  /** A named destination at the line's first run (a heading, an anchor). */
  id?: string;
  _outline?: OutlineEntry;
  _pageNodeRef?: unknown;
  getHeight(): number;
  getAscenderHeight(): number;
}

interface PdfKitDocument {
  page: { fonts: Record<string, unknown>; content: { uncompressedLength: number } };
  outline: Outline;
  addNamedDestination(name: string, ...view: unknown[]): void;
  _font: EmbeddedFont;
  _fillColor?: unknown[];
  fontSize(size: number): unknown;
  opacity(opacity: number): unknown;
  fillColor(color: unknown): unknown;
  resolveColor(color: unknown, fallback: string): unknown;
  addContent(operators: string): unknown;
}

interface TextDecorator {
  drawBackground(line: Line, x: number, y: number): void;
  drawDecorations(line: Line, x: number, y: number): void;
}

/** pdfkit's number format in content streams (PDFObject.number). */
const number = (value: number): number => Math.round(value * 1e6) / 1e6;

/**
 * Text placed at x, y in the page's own coordinates, whose y axis pdfkit turns downwards: the
 * matrix turns the glyphs upright again. pdfkit instead saves the state, turns the whole page
 * back and restores it around every run (q, cm, Q): the same place, in more bytes.
 */
const textMatrix = (x: number, y: number): string => `1 0 0 -1 ${number(x)} ${number(y)} Tm`;

const plainInline = (inline: Inline): boolean =>
  !inline.link &&
  !inline.linkToDestination &&
  !inline.linkToPage &&
  !inline._pageNodeRef &&
  !inline.fontFeatures &&
  !inline.characterSpacing &&
  (inline.opacity === undefined || inline.opacity === null || inline.opacity === 1) &&
  !inline.text.includes('\n');

/** Whether the line is drawn here: nothing on it but text in fonts, sizes and colours (and a heading's anchor). */
const isPlainLine = (line: Line): boolean => !line._pageNodeRef && line.inlines.every(plainInline);

/** pdfmake's Renderer, as far as outlines go. */
interface Renderer {
  pdfDocument: PdfKitDocument;
  /** Outline items by heading id, the parents of later entries. */
  outlineMap: Record<string, Outline>;
}

/** Adds a heading's outline entry under its parent's, as pdfmake's renderLine does. */
function addOutlineEntry(renderer: Renderer, entry: OutlineEntry): void {
  const parent = (entry.parentId && renderer.outlineMap[entry.parentId]) || renderer.pdfDocument.outline;
  const item = parent.addItem(entry.text, { expanded: entry.expanded });
  if (entry.id) renderer.outlineMap[entry.id] = item;
}

type Encoded = [string[], GlyphPosition[]];

/** Per font of a document: a word (with the space after it) -> its glyphs, as pdfkit's `encode` gives them. */
const encodeWord = keptPerFont((font: EmbeddedFont, word: string): Encoded => font.encode(word));

/**
 * pdfkit's `encode`, word by word with each word's result kept: pdfkit lays text out in the same
 * pieces (a word and the space after it, its layout cached per font), but joins the glyph arrays
 * anew for every run and converts every glyph id again. Right-to-left text goes to pdfkit's own
 * `encode` (pdfkitFonts.ts adjusts it there).
 */
function encode(font: EmbeddedFont, text: string): Encoded {
  if (hasRightToLeftText(text)) return font.encode(text);
  const glyphs: string[] = [];
  const positions: GlyphPosition[] = [];
  eachPdfkitWord(text, (word) => {
    const [wordGlyphs, wordPositions] = encodeWord(font, word);
    for (let glyph = 0; glyph < wordGlyphs.length; glyph++) {
      glyphs.push(wordGlyphs[glyph]);
      positions.push(wordPositions[glyph]);
    }
  });
  return [glyphs, positions];
}

/**
 * A word's glyphs as pieces of a TJ array: a piece closes at a glyph with a kerning adjustment.
 * `head` (hex) runs to the first such glyph and joins the hex left open by the words before;
 * `closed` are the whole pieces after it; `tail` is the hex after the last adjustment, left open.
 */
interface WordPieces {
  head?: string;
  headAdjustment?: number;
  closed: string[];
  tail: string;
}

/** Per font of a document: a word -> its pieces; null when a glyph is offset (a Tm of its own). */
const piecesOf = keptPerFont((font: EmbeddedFont, word: string): WordPieces | null => {
  const [encoded, positions] = encodeWord(font, word);
  let result: WordPieces | null = { closed: [], tail: '' };
  let hex = '';
  for (let index = 0; index < positions.length && result; index++) {
    const { xOffset, yOffset, xAdvance, advanceWidth } = positions[index];
    if (xOffset || yOffset) result = null;
    else {
      hex += encoded[index];
      const adjustment = xAdvance - advanceWidth;
      if (adjustment === 0) continue;
      if (result.head === undefined) {
        result.head = hex;
        result.headAdjustment = number(-adjustment);
      } else result.closed.push(`<${hex}> ${number(-adjustment)}`);
      hex = '';
    }
  }
  if (result) result.tail = hex;
  return result;
});

/** Per font of a document: a short run's text -> its joined operators (null: not joinable). */
const joinedRun = keptPerFont(
  (font: EmbeddedFont, text: string): string | null => joinRun(font, text) ?? null,
  KEPT_TEXT_LENGTH,
);

/**
 * What glyphOperators writes for a left-to-right run without offset glyphs, joined from each
 * word's pieces; undefined for any other run.
 */
function joinedGlyphOperators(inline: Inline): string | undefined {
  return joinedRun(inline.font, inline.text) ?? undefined;
}

function joinRun(font: EmbeddedFont, text: string): string | undefined {
  if (hasRightToLeftText(text)) return undefined;
  const commands: string[] = [];
  let open = '';
  const joined = eachPdfkitWord(text, (word) => {
    const pieces = piecesOf(font, word);
    if (pieces === null) return false;
    if (pieces.head === undefined) {
      open += pieces.tail;
      return true;
    }
    commands.push(`<${open}${pieces.head}> ${pieces.headAdjustment}`);
    for (const piece of pieces.closed) commands.push(piece);
    open = pieces.tail;
    return true;
  });
  if (!joined) return undefined;
  // The last glyph has no adjustment when it leaves hex open: pdfkit closes the array with 0.
  if (open) commands.push(`<${open}> 0`);
  return commands.length > 0 ? `[${commands.join(' ')}] TJ` : '';
}

/**
 * The glyphs of a run whose baseline starts at x, y (pdfkit's coordinates), as pdfkit's
 * `_fragment` writes them: TJ arrays, a text matrix of its own for a glyph that is offset.
 */
function glyphOperators(inline: Inline, x: number, y: number, out: string[]): void {
  const joined = joinedGlyphOperators(inline);
  if (joined !== undefined) {
    if (joined) out.push(joined);
    return;
  }
  const [encoded, positions] = encode(inline.font, inline.text);
  const scale = inline.fontSize / 1000;
  const commands: string[] = [];
  let last = 0;
  const addSegment = (cur: number): void => {
    if (last < cur) {
      const advance = positions[cur - 1].xAdvance - positions[cur - 1].advanceWidth;
      commands.push(`<${encoded.slice(last, cur).join('')}> ${number(-advance)}`);
    }
    last = cur;
  };
  const flush = (index: number): void => {
    addSegment(index);
    if (commands.length > 0) {
      out.push(`[${commands.join(' ')}] TJ`);
      commands.length = 0;
    }
  };
  let hadOffset = false;
  let index = 0;
  for (; index < positions.length; index++) {
    const position = positions[index];
    if (position.xOffset || position.yOffset) {
      flush(index);
      out.push(textMatrix(x + position.xOffset * scale, y - position.yOffset * scale));
      flush(index + 1);
      hadOffset = true;
    } else {
      if (hadOffset) {
        out.push(textMatrix(x, y));
        hadOffset = false;
      }
      if (position.xAdvance - position.advanceWidth !== 0) addSegment(index + 1);
    }
    x += position.xAdvance * scale;
  }
  flush(index);
}

/** `#rgb` or `#rrggbb` -> pdfkit's operators setting it as the fill colour. */
const colorOperators = new Map<string, string>();
const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * Sets the fill colour as pdfkit's `fillColor` does, its operators gathered with the line's for a
 * colour written `#rgb` or `#rrggbb` (ours always are); any other is left to pdfkit.
 */
function setFillColor(doc: PdfKitDocument, color: unknown, operators: string[]): void {
  if (typeof color !== 'string' || !HEX_COLOR.test(color)) {
    // pdfkit writes these itself: what is gathered goes first, so the order stays.
    if (operators.length > 0) doc.addContent(operators.splice(0).join('\n'));
    doc.fillColor(color);
    return;
  }
  let set = colorOperators.get(color);
  if (set === undefined) {
    const hex = color.length === 4 ? color.replace(/[0-9a-f]/gi, (digit) => digit + digit) : color;
    const value = Number.parseInt(hex.slice(1), 16);
    const rgb = [value >> 16, (value >> 8) & 0xff, value & 0xff].map((part) => part / 255);
    set = `/DeviceRGB cs\n${rgb.map(colorComponent).join(' ')} scn`;
    colorOperators.set(color, set);
  }
  operators.push(set);
  doc._fillColor = [color, undefined];
}

/** Draws a plain line (see isPlainLine) at x, y (top left, pdfkit's coordinates). */
function drawPlainLine(doc: PdfKitDocument, decorator: TextDecorator, line: Line, x: number, y: number): void {
  const lineHeight = line.getHeight();
  const descent = lineHeight - line.getAscenderHeight();
  decorator.drawBackground(line, x, y);
  for (const inline of line.inlines) beforeTextRun(doc, inline.text);
  const { page } = doc;
  const kept = keptLineState(page);
  if (!kept) doc.opacity(1);
  const operators: string[] = [];
  // The colour in effect, when known (a resolved colour is never undefined).
  let color: unknown = kept ? kept.color : undefined;
  let font: EmbeddedFont | undefined;
  let fontSize: number | undefined;
  let open = false;
  const { inlines } = line;
  for (let index = 0; index < inlines.length; index++) {
    const inline = inlines[index];
    if (inline.text.length === 0) continue;
    const inlineColor = doc.resolveColor(inline.color, 'black');
    if (inlineColor !== color) {
      setFillColor(doc, inlineColor, operators);
      color = inlineColor;
    }
    if (!open) {
      operators.push('BT');
      open = true;
    }
    const ascent = (inline.font.ascender / 1000) * inline.fontSize;
    let top = y + lineHeight - ascent - descent;
    if (inline.sup) top -= inline.fontSize * 0.75;
    if (inline.sub) top += inline.fontSize * 0.35;
    const left = x + inline.x;
    const baseline = top + ascent;
    // pdfkit names the destination at the first run's top left, when that run has text.
    if (index === 0 && line.id) doc.addNamedDestination(line.id, 'XYZ', left, top, null);
    doc.page.fonts[inline.font.id] ??= inline.font.ref();
    operators.push(textMatrix(left, baseline));
    if (inline.font !== font || inline.fontSize !== fontSize) {
      operators.push(`/${inline.font.id} ${number(inline.fontSize)} Tf`);
      font = inline.font;
      fontSize = inline.fontSize;
    }
    glyphOperators(inline, left, baseline, operators);
    // What pdfkit's state would be after drawing the run (the decorations read it).
    doc._font = inline.font;
    doc.fontSize(inline.fontSize);
  }
  if (open) {
    operators.push('ET');
    doc.addContent(operators.join('\n'));
    setLineState(page, color);
  }
  decorator.drawDecorations(line, x, y);
}

type Decorator = new (doc: PdfKitDocument) => TextDecorator;

/** A decorator holds nothing but its document: one per document. */
const decorators = new WeakMap<PdfKitDocument, TextDecorator>();

export const lineDrawing: PrototypeHook = {
  name: 'line drawing',
  writtenFor: PDFMAKE_0_3_11,
  target: { owner: 'Renderer', method: 'renderLine', parameters: ['line', 'x', 'y'] },
  reads: {
    'this.outlineMap': 'object',
    'this.pdfDocument.outline.addItem': 'function',
    'this.pdfDocument.addNamedDestination': 'function',
    'this.pdfDocument.page.fonts': 'object',
    'this.pdfDocument.page.content.uncompressedLength': 'number',
    'this.pdfDocument._font': 'object',
    'this.pdfDocument._fillColor': 'array',
    'this.pdfDocument.fontSize': 'function',
    'this.pdfDocument.opacity': 'function',
    'this.pdfDocument.fillColor': 'function',
    'this.pdfDocument.resolveColor': 'function',
    'this.pdfDocument.addContent': 'function',
    'line.inlines': 'array',
    'line.getHeight': 'function',
    'line.getAscenderHeight': 'function',
    'line.id': 'string',
    'line._outline': 'object',
    'line._outline.text': 'string',
    'line._outline.expanded': 'boolean',
    'line.inlines.0.text': 'string',
    'line.inlines.0.x': 'number',
    'line.inlines.0.fontSize': 'number',
    'line.inlines.0.color': 'string',
    'line.inlines.0.font.id': 'string',
    'line.inlines.0.font.ascender': 'number',
    'line.inlines.0.font.ref': 'function',
    'line.inlines.0.font.encode': 'function',
  },
  prototype: () => pdfmakeClass('Renderer').prototype,
  wrap: (original) => {
    const Decorator = pdfmakeClass<Decorator>('TextDecorator');
    return function renderLine(this: Renderer, line: Line, x?: number, y?: number) {
      if (!isPlainLine(line)) return original.call(this, line, x, y);
      if (line._outline) addOutlineEntry(this, line._outline);
      const doc = this.pdfDocument;
      let decorator = decorators.get(doc);
      if (!decorator) decorators.set(doc, (decorator = new Decorator(doc)));
      drawPlainLine(doc, decorator, line, x || 0, y || 0);
      return undefined;
    };
  },
};
