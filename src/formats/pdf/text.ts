/**
 * A block of text (paragraph, heading, list marker, table-of-contents entry, header, footer) as
 * pdfmake content: the lines broken by lines.ts, one pdfmake text node per line. Justified
 * left-to-right paragraphs are the exception: pdfmake wraps and justifies those itself, unless a
 * word is wider than the line (pdfmake cuts such words in quadratic time) or the text holds a URL
 * that pdfmake's plain UAX #14 would break where lines.ts does not.
 */
import type { ContentStack, ContentText } from 'pdfmake/interfaces';
import type { Align } from '../../document/types';
import { firstStrongDirection } from '../../document/direction';
import { hasRightToLeftText, layoutLines, needsCutting } from './lines';
import { FONT_FILES, type FontFamily, fontVariant, lineHeightEm } from './fonts';
import { effectiveFontSize, type Run, type Segment } from './runs';
import { continuedTag, tagNode, tagOf } from './tags';
import { SHADE_COLOR } from './theme';

/** Line spacing as a multiple of each font's own line height. */
export const LINE_HEIGHT = 1.1;

/**
 * Lines are broken a little narrower than the space pdfmake has, so that rounding never makes
 * pdfmake wrap a finished line again.
 */
const safeWidth = (width: number): number => Math.max(1, width * 0.995 - 1);

/** The narrowest text width whose lines hold `lineWidth` points (the inverse of safeWidth). */
export const widthHolding = (lineWidth: number): number => (lineWidth > 0 ? (lineWidth + 1) / 0.995 + 0.01 : 0);

export interface TextOptions {
  /** Width available to the text, in points. */
  width: number;
  /** Paragraph direction; undefined: from the first strong character, else left to right. */
  direction?: 'ltr' | 'rtl';
  align?: Align;
  fontSize: number;
  color: string;
  /** Keep leading spaces (code). */
  keepIndent?: boolean;
  /** Language of the text (BCP 47), for hyphenation. */
  language?: string;
  /** Font files used so far in this document (added to). */
  fontFiles: Set<string>;
}

/** pdfmake 0.3 reads `id` on text nodes (named destinations); @types/pdfmake only allows it on anchors. */
export type AnchorText = ContentText & { id?: string };

export interface TextContent {
  /** Node-level style (size, colour, and link targets) is inherited by every line. */
  node: (ContentText | ContentStack) & { linkToDestination?: string };
  /** The text node where an id or outline entry belongs (the first line). */
  anchor: AnchorText;
  /** Height of each line in points, as pdfmake will place them (justified text: as estimated). */
  lineHeights: number[];
}

function pdfInline(run: Run, options: TextOptions): ContentText {
  const { style } = run;
  options.fontFiles.add(FONT_FILES[run.family][fontVariant(style.bold, style.italics)]);
  const inline: ContentText = {
    text: run.text,
    font: run.family,
    bold: style.bold,
    italics: style.italics,
    noWrap: true,
  };
  if (style.fontSize !== options.fontSize) inline.fontSize = style.fontSize;
  if (style.color !== options.color) inline.color = style.color;
  if (style.underline && style.strike) inline.decoration = ['underline', 'lineThrough'];
  else if (style.underline) inline.decoration = 'underline';
  else if (style.strike) inline.decoration = 'lineThrough';
  if (style.sup) inline.sup = true;
  else if (style.sub) inline.sub = true;
  if (style.link) inline.link = style.link;
  if (style.code) inline.background = SHADE_COLOR;
  return inline;
}

/** The family a line with nothing on it is drawn in. */
const blankFamily = (segments: Segment[]): FontFamily => segments.flat()[0]?.family ?? 'DejaVuSans';

/** A line with nothing on it still takes a line's height. */
function blankLine(segments: Segment[], options: TextOptions): ContentText {
  const family = blankFamily(segments);
  options.fontFiles.add(FONT_FILES[family].normal);
  return { text: '\u00a0', font: family, bold: false, italics: false };
}

/** pdfmake's height of a line: that of its tallest run. */
function lineHeight(runs: Run[], segments: Segment[], fontSize: number): number {
  if (runs.length === 0) return lineHeightEm(blankFamily(segments), 'normal') * fontSize * LINE_HEIGHT;
  let height = 0;
  for (const { family, style } of runs) {
    height = Math.max(height, lineHeightEm(family, fontVariant(style.bold, style.italics)) * effectiveFontSize(style));
  }
  return height * LINE_HEIGHT;
}

const plainText = (segments: Segment[]): string =>
  segments.map((segment) => segment.map((run) => run.text).join('')).join('\n');

/** pdfmake wraps and justifies the paragraph: one inline per run, hard breaks as newlines. */
/** A space before a dash: pdfmake (UAX #14 alone) would start a line with the dash. */
const SPACE_BEFORE_DASH = / (?=[-\u2010-\u2015])/g;

function justified(segments: Segment[], options: TextOptions): ContentText {
  const inlines: ContentText[] = [];
  segments.forEach((segment, index) => {
    if (index > 0) inlines.push({ ...blankLine(segments, options), text: '\n' });
    // A no-break space keeps the dash with the word before it, as lines.ts does.
    for (const run of segment)
      inlines.push({
        ...pdfInline({ ...run, text: run.text.replace(SPACE_BEFORE_DASH, '\u00a0') }, options),
        noWrap: false,
      });
  });
  return { text: inlines, alignment: 'justify' };
}

export function textContent(segments: Segment[], options: TextOptions): TextContent {
  const text = plainText(segments);
  const direction = options.direction ?? firstStrongDirection(text) ?? 'ltr';
  const nodeStyle = { fontSize: options.fontSize, color: options.color, lineHeight: LINE_HEIGHT };
  const maxWidth = safeWidth(options.width);
  const readingOrder: (string | undefined)[] = [];
  const lines = layoutLines(
    segments,
    { direction, maxWidth, keepIndent: options.keepIndent, language: options.language },
    readingOrder,
  );
  const lineHeights = lines.map((runs) => lineHeight(runs, segments, options.fontSize));
  if (
    options.align === 'justify' &&
    direction === 'ltr' &&
    !hasRightToLeftText(text) &&
    !needsCutting(segments, maxWidth)
  ) {
    const node = Object.assign(justified(segments, options), nodeStyle);
    return { node, anchor: node, lineHeights };
  }
  const alignment =
    options.align === 'left' || options.align === 'right' || options.align === 'center'
      ? options.align
      : direction === 'rtl'
        ? 'right'
        : 'left';
  // On the paragraph, which its lines inherit (their measuring then shares one style, internals/lineMeasuring.ts).
  const paragraphStyle: LineStyle = {
    ...nodeStyle,
    alignment,
    // Lines come trimmed; spaces left at their ends are indentation or sit inside right-to-left runs.
    preserveLeadingSpaces: true,
    preserveTrailingSpaces: true,
  };
  const nodes: ContentText[] = lines.map((runs, index) => {
    const node: ContentText = {
      text: runs.length > 0 ? runs.map((run) => pdfInline(run, options)) : [blankLine(segments, options)],
    };
    const actualText = readingOrder[index];
    return actualText === undefined ? node : tagNode(node, { role: 'Span', actualText });
  });
  if (nodes.length === 1) {
    const node = Object.assign(nodes[0], paragraphStyle);
    return { node, anchor: node, lineHeights };
  }
  return { node: { stack: nodes, ...paragraphStyle }, anchor: nodes[0], lineHeights };
}

/** The style a paragraph of laid-out lines gives them. */
type LineStyle = Pick<
  ContentText,
  'fontSize' | 'color' | 'lineHeight' | 'alignment' | 'preserveLeadingSpaces' | 'preserveTrailingSpaces'
>;

/**
 * Cuts text laid out line by line after its first `count` lines: the first part keeps the space
 * above, the second the space below. Undefined when the text is not a stack of lines that long.
 */
export function splitTextLines(content: TextContent, count: number): [TextContent, TextContent] | undefined {
  const { node, lineHeights } = content;
  const stack = 'stack' in node ? node.stack : undefined;
  if (!stack || count <= 0 || count >= stack.length || stack.length !== lineHeights.length) return undefined;
  const [left, top, right, bottom] =
    Array.isArray(node.margin) && node.margin.length === 4 ? node.margin : [0, 0, 0, 0];
  const style: LineStyle = {
    fontSize: node.fontSize,
    color: node.color,
    lineHeight: node.lineHeight,
    alignment: node.alignment,
    preserveLeadingSpaces: node.preserveLeadingSpaces,
    preserveTrailingSpaces: node.preserveTrailingSpaces,
  };
  const first: ContentStack = { ...style, stack: stack.slice(0, count), margin: [left, top, right, 0] };
  const rest: ContentStack = { ...style, stack: stack.slice(count), margin: [left, 0, right, bottom] };
  // Both parts are one paragraph (or heading) of the structure tree.
  const tag = tagOf(node);
  if (tag) {
    const shared = continuedTag(tag);
    tagNode(first, shared);
    tagNode(rest, shared);
  }
  return [
    { node: first, anchor: content.anchor, lineHeights: lineHeights.slice(0, count) },
    { node: rest, anchor: stack[count] as AnchorText, lineHeights: lineHeights.slice(count) },
  ];
}
