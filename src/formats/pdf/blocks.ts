/**
 * Document blocks -> pdfmake content. The width available to text is tracked on the way down
 * (page, list indents, table cells, quotes) because lines are broken here, and so is an estimate
 * of each block's height, which decides what may be kept together on a page (see placed.ts).
 * Nesting is bounded: past MAX_DEPTH levels, or when too little width is left, the rest is shown
 * as plain text under a note, never dropped.
 */
import { createHash } from 'node:crypto';
import type {
  CanvasLine,
  Content,
  ContentImage,
  ContentTable,
  ContentText,
  CustomTableLayout,
  TableCell as PdfTableCell,
} from 'pdfmake/interfaces';
import { blockDirection } from '../../document/direction';
import type { Align, Block, Direction, ImageBlock, Inline, ParagraphStyle, TableCell } from '../../document/types';
import { plainBlocks } from './flatten';
import { tableOfContents, type TableOfContents } from './contents';
import { textWidth } from './fonts';
import type { HeadingAnchor, HeadingBlock } from './headings';
import { blocksExtent, type ExtentContext } from './extent';
import { embeddableImage, imageDataUrl, imageDisplayWidth } from './images';
import { addHeights, type BlockOnPage, keepTogether, type Placed, placedText, stacked, sumHeights } from './placed';
import { inlineSegments, inlineText, type RunStyle, type Segment } from './runs';
import { type PdfTag, tagNode, tagOf } from './tags';
import {
  columnBands,
  columnExtents,
  columnWidths,
  type Extent,
  MAX_COLUMNS,
  mirrorGrid,
  placeCells,
  shortWordsFit,
  type TableGrid,
} from './tables';
import { LINE_HEIGHT, textContent, type TextContent } from './text';
import {
  answerHeadingLook,
  headingLook,
  type PageGeometry,
  paragraphLook,
  type ParagraphLook,
  type PdfTheme,
  RULE_COLOR,
  SHADE_COLOR,
} from './theme';

/** An image embedded once per document, or why it is not shown. */
type EmbeddedImage = { key: string; width: number; height: number; widthShare: number } | { reason: string };

/** Per-document state shared by all blocks. */
export interface DocumentEnv {
  theme: PdfTheme;
  /** The document's language (BCP 47): hyphenation patterns for words wider than their line. */
  language: string;
  geometry: PageGeometry;
  /** Font files the document uses; loaded into pdfmake's memory before rendering. */
  fontFiles: Set<string>;
  /** pdfmake's image dictionary: key -> data URL. */
  images: Record<string, string>;
  /** Images by a hash of their bytes: the same picture is embedded once however often it appears. */
  embeddedImages: Map<string, EmbeddedImage>;
  /** Decoded pixels the document's images may still use (see images.ts). */
  imagePixelsLeft: number;
  headings: Map<HeadingBlock, HeadingAnchor>;
  /** Ids already placed: a heading object used twice gets its anchor (a unique id) only once. */
  placedAnchors: Set<string>;
  /** The last heading or question label laid out: describes an image that has no alt text or caption. */
  lastLabel?: string;
  /** The block laid out before this one was an image (its caption follows). */
  lastBlockWasImage?: boolean;
  /** Key of the Table element a caption just opened (the table that follows joins it). */
  captionedTable?: string;
  /** The tables of contents laid out, to size their page numbers once the body is known. */
  contents: TableOfContents[];
}

/** Where blocks are being laid out. */
export interface Flow {
  width: number;
  /**
   * Direction of the document, list, table or quote the blocks are in: images and quote bars go
   * on its side. Paragraphs and headings have their own (resolved in document/direction.ts).
   */
  direction?: Direction;
  /** Table header cells: all text bold. */
  bold: boolean;
  /** Inside a list item: paragraphs sit closer together. */
  inList?: boolean;
  /** How many lists this flow sits in (picks the bullet). */
  listLevel?: number;
  /** Text size relative to the theme's (tables too wide for their words are set smaller). */
  fontScale?: number;
}

/** Deeper nesting (lists, quotes, table cells) is shown as plain text: pdfmake would only draw slivers. */
const MAX_DEPTH = 12;
/**
 * The narrowest text width a quote, list item or table column gets; with less room left, content
 * is not nested further, and tables continue in bands of columns below one another.
 */
const minTextWidth = (env: DocumentEnv): number => 3 * env.theme.fontSize;

const mirrored = (flow: Flow): boolean => flow.direction === 'rtl';

function runStyle(look: ParagraphLook, flow: Flow): RunStyle {
  return {
    family: look.family,
    fontSize: look.fontSize,
    color: look.color,
    bold: look.bold || flow.bold,
    italics: look.italics,
    underline: false,
    strike: false,
    sub: false,
    sup: false,
    code: false,
  };
}

function segmentsOf(inlines: Inline[], look: ParagraphLook, flow: Flow, env: DocumentEnv): Segment[] {
  return inlineSegments(inlines, runStyle(look, flow), {
    linkColor: env.theme.linkColor,
    codeFamily: env.theme.codeFamily,
  });
}

/** A look at the flow's text size. */
function scaled(look: ParagraphLook, flow: Flow): ParagraphLook {
  const scale = flow.fontScale ?? 1;
  return scale === 1
    ? look
    : {
        ...look,
        fontSize: look.fontSize * scale,
        spaceBefore: look.spaceBefore * scale,
        spaceAfter: look.spaceAfter * scale,
      };
}

function lookText(
  inlines: Inline[],
  unscaledLook: ParagraphLook,
  flow: Flow,
  env: DocumentEnv,
  options: { width?: number; direction?: 'ltr' | 'rtl'; align?: Align; keepIndent?: boolean; language?: string } = {},
): TextContent {
  const look = scaled(unscaledLook, flow);
  const content = textContent(segmentsOf(inlines, look, flow, env), {
    width: options.width ?? flow.width,
    direction: options.direction ?? flow.direction,
    align: options.align,
    keepIndent: options.keepIndent,
    language: options.language ?? env.language,
    fontSize: look.fontSize,
    color: look.color,
    fontFiles: env.fontFiles,
  });
  content.node.margin = [0, look.spaceBefore, 0, look.spaceAfter];
  return content;
}

function paragraph(text: string, style: ParagraphStyle, flow: Flow, env: DocumentEnv): Placed {
  const placed = placedText(lookText([{ type: 'text', text }], paragraphLook(style, env.theme), flow, env));
  tagNode(placed.node, { role: 'P' });
  return placed;
}

function heading(block: HeadingBlock, flow: Flow, env: DocumentEnv): Placed {
  const look = block.answer ? answerHeadingLook(block.level, env.theme) : headingLook(block.level, env.theme);
  const content = lookText(block.content, look, flow, env, {
    direction: block.direction ?? flow.direction,
    language: block.lang,
  });
  tagNode(content.node, { role: 'H', level: block.level, lang: block.lang });
  env.lastLabel = inlineText(block.content).trim() || env.lastLabel;
  const { anchor } = content;
  const listed = env.headings.get(block);
  if (listed && !env.placedAnchors.has(listed.id)) {
    env.placedAnchors.add(listed.id);
    anchor.id = listed.id;
    anchor.outline = true;
    anchor.outlineText = listed.title;
    anchor.outlineExpanded = listed.level === 1;
    if (listed.parentId) anchor.outlineParentId = listed.parentId;
  }
  return placedText(content);
}

/** Blocks nested too deeply or too narrowly to lay out: a note, then their text block by block. */
function flattened(items: Block[], flow: Flow, env: DocumentEnv): Placed {
  const note = paragraph('[Nested too deeply to lay out: shown as plain text.]', 'note', flow, env);
  // plainBlocks leaves no lists, quotes or tables, so nothing below nests again.
  return stacked([note, ...layBlocks(plainBlocks(items), { ...flow, inList: false }, env, MAX_DEPTH)]);
}

const BULLET_TYPES = ['disc', 'circle', 'square'] as const;
const BULLET_CHARS = ['\u2022', '\u25e6', '\u25aa'];

/** Item blocks; an item that is only a nested list becomes that list (no marker of its own). */
function listItem(item: Block[], flow: Flow, env: DocumentEnv, depth: number, key?: number): Placed {
  if (item.length === 1 && item[0].type === 'list') {
    const nested = list(item[0], flow, env, depth + 1);
    // The item holds the nested list: LI > LBody > L.
    if (tagOf(nested.node)?.role === 'L')
      tagNode(nested.node, { role: 'L', path: [{ role: 'LI', key }, { role: 'LBody' }] });
    return nested;
  }
  const content = trimLastMargin(layBlocks(item, { ...flow, inList: true }, env, depth + 1));
  return {
    node: tagNode({ stack: content.map((placed) => placed.node) }, { role: 'LBody', path: [{ role: 'LI', key }] }),
    height: sumHeights(content),
  };
}

/** pdfmake indents items by the width of "9. " (or of the widest number), in the list's own font. */
function listGap(block: Extract<Block, { type: 'list' }>, theme: PdfTheme): number {
  const measure = (text: string): number => textWidth(text, theme.bodyFamily, 'normal', theme.fontSize);
  const start = Number.isFinite(block.start) ? Math.floor(block.start as number) : 1;
  return block.ordered && block.items.length > 0
    ? Math.max(measure('9. '), measure(`${start}. `), measure(`${start + block.items.length - 1}. `))
    : measure('9. ');
}

function list(block: Extract<Block, { type: 'list' }>, flow: Flow, env: DocumentEnv, depth: number): Placed {
  const { theme } = env;
  const level = flow.listLevel ?? 0;
  const start = Number.isFinite(block.start) ? Math.floor(block.start as number) : 1;
  const markers = block.items.map((_, index) => (block.ordered ? `${start + index}.` : BULLET_CHARS[level % 3]));
  const gap = listGap(block, theme);
  const direction = block.direction ?? flow.direction;
  const itemFlow: Flow = { ...flow, width: flow.width - gap, listLevel: level + 1, direction };
  // Each marker stands where its item's text starts: on the right of a right-to-left item.
  const sides = block.items.map((item): Direction => blockDirection(item[0]) ?? direction ?? 'ltr');
  if (depth >= MAX_DEPTH || itemFlow.width < minTextWidth(env)) return flattened([block], flow, env);
  const spaceAfter = theme.fontSize * 0.6;
  const margin: [number, number, number, number] = [0, 0, 0, spaceAfter];

  if (!sides.includes('rtl')) {
    const listStyle = {
      font: theme.bodyFamily,
      fontSize: theme.fontSize * (flow.fontScale ?? 1),
      bold: false,
      italics: false,
      color: theme.textColor,
      margin,
    };
    const items = block.items.map((item) => listItem(item, itemFlow, env, depth));
    const nodes = items.map((item) => item.node);
    const node: Content = tagNode(
      block.ordered ? { ol: nodes, start, ...listStyle } : { ul: nodes, type: BULLET_TYPES[level % 3], ...listStyle },
      { role: 'L' },
    );
    const height = sumHeights(items);
    return { node, height: height === undefined ? undefined : height + spaceAfter };
  }

  // Markers on the right, as a borderless table: [item, marker]. With items of both directions,
  // three columns [marker, item, marker], each item spanning two of them.
  const markerWidth = gap;
  const mixed = sides.includes('ltr');
  let height: number | undefined = spaceAfter;
  const body = block.items.map((item, index): PdfTableCell[] => {
    const side = sides[index];
    // An item that is only a nested list has no marker of its own (as in pdfmake's lists).
    const markerText = item.length === 1 && item[0].type === 'list' ? '' : markers[index];
    const marker = placedText(
      lookText([{ type: 'text', text: markerText }], paragraphLook('normal', theme), { ...flow, bold: false }, env, {
        width: markerWidth,
        direction: side,
      }),
    );
    (marker.node as ContentText).margin = undefined;
    tagNode(marker.node, markerText ? { role: 'Lbl', path: [{ role: 'LI', key: index }] } : { role: 'Artifact' });
    const content = listItem(item, itemFlow, env, depth, index);
    height =
      height === undefined || content.height === undefined || marker.height === undefined
        ? undefined
        : height + Math.max(content.height, marker.height);
    if (!mixed) return [content.node, marker.node];
    const spanning: PdfTableCell = { stack: [content.node], colSpan: 2 };
    return side === 'rtl' ? [spanning, {}, marker.node] : [marker.node, spanning, {}];
  });
  const widths = mixed
    ? [markerWidth, Math.max(0, itemFlow.width - markerWidth), markerWidth]
    : [itemFlow.width, markerWidth];
  return { node: tagNode({ table: { widths, body }, layout: ZERO_PADDING_LAYOUT, margin }, { role: 'L' }), height };
}

const ZERO_PADDING_LAYOUT: CustomTableLayout = {
  hLineWidth: () => 0,
  vLineWidth: () => 0,
  paddingLeft: () => 0,
  paddingRight: () => 0,
  paddingTop: () => 0,
  paddingBottom: () => 0,
};

const CELL_PADDING_X = 4;
const CELL_PADDING_Y = 3;
const TABLE_RULE = 0.5;

const TABLE_LAYOUT: CustomTableLayout = {
  hLineWidth: () => TABLE_RULE,
  vLineWidth: () => TABLE_RULE,
  hLineColor: () => RULE_COLOR,
  vLineColor: () => RULE_COLOR,
  paddingLeft: () => CELL_PADDING_X,
  paddingRight: () => CELL_PADDING_X,
  paddingTop: () => CELL_PADDING_Y,
  paddingBottom: () => CELL_PADDING_Y,
};

function table(
  block: Extract<Block, { type: 'table' }>,
  flow: Flow,
  env: DocumentEnv,
  depth: number,
): Placed | undefined {
  const grid = placeCells(block.rows);
  // Mirrored only when the table itself is right to left, not because the document is.
  const direction = block.direction ?? flow.direction;
  const tableFlow: Flow = { ...flow, direction };
  if (grid.columns === 0) return undefined;
  const columnPadding = 2 * CELL_PADDING_X + TABLE_RULE;
  if (depth >= MAX_DEPTH || flow.width - columnPadding - TABLE_RULE < minTextWidth(env))
    return flattened([block], flow, env);
  const bandSize = Math.max(1, Math.floor((flow.width - TABLE_RULE) / (minTextWidth(env) + columnPadding)));
  const totalColumns = grid.columns + grid.omittedColumns;
  const parts: Placed[] = [];
  columnBands(grid, bandSize).forEach((band, index) => {
    const first = index * bandSize + 1;
    if (index > 0)
      parts.push(
        paragraph(
          `[The table continues: columns ${first}\u2013${first + band.columns - 1} of ${totalColumns}.]`,
          'note',
          flow,
          env,
        ),
      );
    const part = tableBand(direction === 'rtl' ? mirrorGrid(band) : band, block.headerRows, tableFlow, env, depth);
    // A caption written just before the table is that table's Caption (see captionTag).
    if (index === 0 && env.captionedTable !== undefined) tagNode(part.node, { role: 'Table', key: env.captionedTable });
    parts.push(part);
  });
  env.captionedTable = undefined;
  if (grid.omittedColumns > 0) {
    parts.push(
      paragraph(
        `[${grid.omittedColumns} more columns of this table are not shown: a table shows at most ${MAX_COLUMNS}.]`,
        'note',
        flow,
        env,
      ),
    );
  }
  return stacked(parts);
}

/** Header rows are repeated on every page only while they take at most this share of it. */
const REPEATED_HEADER_SHARE = 1 / 4;
/** Header rows and the first body row are kept on one page only while they take at most this share of it. */
const KEPT_HEADER_SHARE = 1 / 3;
/** Text sizes tried for a table, largest first, until its short words fit in its columns. */
const TABLE_SCALES = [1, 0.9, 0.8];
/** Rows are kept whole while each is estimated at most at this share of the room a page leaves them. */
const UNBROKEN_ROW_SHARE = 0.8;

/** One table, as wide as the flow; its columns fit (see table). */
function tableBand(grid: TableGrid, requestedHeaderRows: number, flow: Flow, env: DocumentEnv, depth: number): Placed {
  const { columns } = grid;
  const contentWidth = flow.width - columns * 2 * CELL_PADDING_X - (columns + 1) * TABLE_RULE;
  const headerRows = Number.isFinite(requestedHeaderRows)
    ? Math.min(Math.max(0, Math.floor(requestedHeaderRows)), grid.rows.length)
    : 0;
  // The largest text size (of TABLE_SCALES) at which the columns hold their short words whole.
  let cellFlow = flow;
  let extents: Extent[] = [];
  for (const scale of TABLE_SCALES) {
    // A table inside a table is not set smaller than its outer table's smallest size.
    cellFlow = { ...flow, fontScale: Math.max(TABLE_SCALES[TABLE_SCALES.length - 1], (flow.fontScale ?? 1) * scale) };
    const context = extentContext(cellFlow, env);
    extents = columnExtents(
      grid,
      (placed) => blocksExtent(placed.cell.blocks, context, flow.bold || placed.row < headerRows),
      context.cellFrame,
    );
    if (shortWordsFit(extents, contentWidth, minTextWidth(env))) break;
  }
  const widths = columnWidths(extents, contentWidth, minTextWidth(env));
  const rowFrame = 2 * CELL_PADDING_Y + TABLE_RULE;
  const emptyRow = rowFrame + env.theme.fontSize * (cellFlow.fontScale ?? 1) * 1.2 * LINE_HEIGHT;

  const rightToLeft = mirrored(flow);
  const body: PdfTableCell[][] = grid.rows.map(() =>
    Array.from({ length: columns }, (): PdfTableCell => ({ text: '' })),
  );
  // A cell spanning rows counts in full towards its first row: an overestimate, which is the safe side.
  const rowHeights: (number | undefined)[] = grid.rows.map(() => emptyRow);
  grid.rows.forEach((row, rowIndex) => {
    const isHeader = rowIndex < headerRows;
    for (const { cell, column, colSpan, rowSpan } of row) {
      let width = 0;
      for (let c = column; c < column + colSpan; c++) width += widths[c];
      width += (colSpan - 1) * (2 * CELL_PADDING_X + TABLE_RULE);
      const placed = tableCell(cell, { ...cellFlow, width, bold: flow.bold || isHeader }, env, depth);
      const content: PdfTableCell = tagNode(
        { stack: placed.map((item) => item.node) },
        {
          role: isHeader ? 'TH' : 'TD',
          scope: isHeader ? 'Column' : undefined,
          colSpan,
          rowSpan,
          // Mirrored grids are drawn right to left; cells read in logical column order.
          order: rightToLeft ? columns - column - colSpan : column,
          path: [
            isHeader ? { role: 'THead', key: 'head' } : { role: 'TBody', key: 'body' },
            { role: 'TR', key: rowIndex },
          ],
        },
      );
      if (colSpan > 1) content.colSpan = colSpan;
      if (rowSpan > 1) content.rowSpan = rowSpan;
      if (isHeader) content.fillColor = SHADE_COLOR;
      body[rowIndex][column] = content;
      const cellHeight = sumHeights(placed);
      const rowHeight = rowHeights[rowIndex];
      rowHeights[rowIndex] =
        cellHeight === undefined || rowHeight === undefined ? undefined : Math.max(rowHeight, cellHeight + rowFrame);
    }
  });
  const spaceAfter = env.theme.fontSize * 0.8;
  const node: ContentTable = tagNode(
    {
      table: { widths, body },
      layout: TABLE_LAYOUT,
      margin: [0, 2, 0, spaceAfter],
    },
    { role: 'Table' },
  );
  // pdfmake repeats header rows on every page (it needs a body row after them) and never breaks
  // them, nor the row kept with them: unbreakable content taller than a page would be dropped.
  const rowsHeight = (count: number): number | undefined => addHeights(rowHeights.slice(0, count));
  const { textHeight } = env.geometry;
  const headerHeight = rowsHeight(headerRows);
  if (
    headerRows > 0 &&
    headerRows < grid.rows.length &&
    headerHeight !== undefined &&
    headerHeight <= textHeight * REPEATED_HEADER_SHARE
  ) {
    node.table.headerRows = headerRows;
    const keptHeight = rowsHeight(headerRows + 1);
    if (keptHeight !== undefined && keptHeight <= textHeight * KEPT_HEADER_SHARE) node.table.keepWithHeaderRows = 1;
  }
  // Rows move whole to the next page, unless one may not fit on a page under the repeated header:
  // pdfmake drops what an unbreakable row cannot fit, so then rows break as before.
  const roomForRow = (textHeight - (node.table.headerRows ? (headerHeight ?? 0) : 0)) * UNBROKEN_ROW_SHARE;
  node.table.dontBreakRows = rowHeights.every((height) => height !== undefined && height <= roomForRow);
  const tableHeight = rowsHeight(grid.rows.length);
  // pdfmake moves the header rows with the first body row (keepWithHeaderRows), else breaks anywhere in the first row.
  const leadRows = node.table.keepWithHeaderRows ? headerRows + 1 : 1;
  const leadHeight = rowsHeight(Math.min(leadRows, grid.rows.length));
  return {
    node,
    height: tableHeight === undefined ? undefined : tableHeight + TABLE_RULE + 2 + spaceAfter,
    lead: leadHeight === undefined ? undefined : leadHeight + 2,
  };
}

/** Measures cell content as tableCell lays it out (see extent.ts). */
function extentContext(flow: Flow, env: DocumentEnv): ExtentContext {
  const { theme } = env;
  return {
    segments: (block, bold) => {
      const cellFlow = { ...flow, bold };
      if (block.type === 'code')
        return segmentsOf(
          codeInlines(block.text),
          scaled(codeLook(theme), cellFlow),
          { ...cellFlow, bold: false },
          env,
        );
      const look =
        block.type !== 'heading'
          ? paragraphLook(block.style, theme)
          : block.answer
            ? answerHeadingLook(block.level, theme)
            : headingLook(block.level, theme);
      return segmentsOf(block.content, scaled(look, cellFlow), cellFlow, env);
    },
    listInset: (block) => listGap(block, theme),
    quoteInset: QUOTE_BAR + QUOTE_GAP,
    codeInset: 2 * CODE_PADDING,
    cellFrame: 2 * CELL_PADDING_X + TABLE_RULE,
    imageWidth: (block) => imageDisplayWidth(block, flow.width),
  };
}

function tableCell(cell: TableCell, flow: Flow, env: DocumentEnv, depth: number): Placed[] {
  return trimLastMargin(layBlocks(cell.blocks, { ...flow, inList: false }, env, depth + 1));
}

const QUOTE_BAR = 2.5;
const QUOTE_GAP = 10;

function blockquote(
  quote: Extract<Block, { type: 'blockquote' }>,
  outer: Flow,
  env: DocumentEnv,
  depth: number,
): Placed {
  const { children } = quote;
  const flow: Flow = { ...outer, direction: quote.direction ?? outer.direction };
  const innerWidth = flow.width - QUOTE_BAR - QUOTE_GAP;
  if (depth >= MAX_DEPTH || innerWidth < minTextWidth(env)) return flattened(children, flow, env);
  const barOnRight = mirrored(flow);
  const layout: CustomTableLayout = {
    hLineWidth: () => 0,
    vLineWidth: (index) => ((barOnRight ? index === 1 : index === 0) ? QUOTE_BAR : 0),
    vLineColor: () => RULE_COLOR,
    paddingLeft: () => (barOnRight ? 0 : QUOTE_GAP),
    paddingRight: () => (barOnRight ? QUOTE_GAP : 0),
    paddingTop: () => 1,
    paddingBottom: () => 1,
  };
  const content = trimLastMargin(layBlocks(children, { ...flow, width: innerWidth, inList: false }, env, depth + 1));
  const spaceAfter = env.theme.fontSize * 0.6;
  const height = sumHeights(content);
  return {
    node: tagNode<ContentTable>(
      {
        table: { widths: [innerWidth], body: [[{ stack: content.map((placed) => placed.node) }]] },
        layout,
        margin: [0, 0, 0, spaceAfter],
      },
      { role: 'BlockQuote' },
    ),
    height: height === undefined ? undefined : height + 2 + spaceAfter,
  };
}

const CODE_PADDING = 6;

const codeLook = (theme: PdfTheme): ParagraphLook => ({
  ...paragraphLook('normal', theme),
  family: theme.codeFamily,
  fontSize: theme.fontSize * 0.9,
  spaceBefore: 0,
  spaceAfter: 0,
});
const codeInlines = (text: string): Inline[] => [{ type: 'text', text: text.replace(/\t/g, '    ') }];

function codeBlock(text: string, flow: Flow, env: DocumentEnv): Placed {
  const { theme } = env;
  const look = codeLook(theme);
  const innerWidth = flow.width - 2 * CODE_PADDING;
  const inlines = codeInlines(text);
  // Code reads left to right whatever the document's direction.
  const code = placedText(
    lookText(inlines, look, { ...flow, bold: false }, env, {
      width: innerWidth,
      direction: 'ltr',
      align: 'left',
      keepIndent: true,
    }),
  );
  const node = code.node as ContentText;
  node.margin = undefined;
  const padding = (): number => CODE_PADDING;
  const cell: PdfTableCell = { ...node, fillColor: SHADE_COLOR };
  const spaceAfter = theme.fontSize * 0.8;
  return {
    node: tagNode(
      {
        table: { widths: [innerWidth], body: [[cell]] },
        layout: {
          hLineWidth: () => 0,
          vLineWidth: () => 0,
          paddingLeft: padding,
          paddingRight: padding,
          paddingTop: padding,
          paddingBottom: padding,
        },
        margin: [0, 0, 0, spaceAfter],
      },
      { role: 'Code' },
    ),
    height: code.height + 2 * CODE_PADDING + spaceAfter,
  };
}

const RULE_WIDTH = 0.75;

function rule(flow: Flow): Placed {
  const line: CanvasLine = {
    type: 'line',
    x1: 0,
    y1: 0,
    x2: flow.width,
    y2: 0,
    lineWidth: RULE_WIDTH,
    lineColor: RULE_COLOR,
  };
  return { node: { canvas: [line], margin: [0, 6, 0, 12] }, height: 6 + RULE_WIDTH + 12 };
}

/** pdfmake 0.3 honours `maxHeight` on images; @types/pdfmake does not list it. */
type ImageNode = ContentImage & { maxHeight?: number };

/** The image checked (and converted) once per document, whatever object holds its bytes. */
function embedded(block: ImageBlock, env: DocumentEnv): EmbeddedImage {
  const hash = createHash('sha256').update(block.mimeType).update(block.data).digest('base64');
  let entry = env.embeddedImages.get(hash);
  if (!entry) {
    const embeddable = embeddableImage(block, env.imagePixelsLeft);
    if (embeddable.ok) {
      const key = `image-${env.embeddedImages.size + 1}`;
      env.images[key] = imageDataUrl(embeddable);
      env.imagePixelsLeft -= embeddable.decodedPixels;
      entry = { key, width: embeddable.width, height: embeddable.height, widthShare: embeddable.widthShare };
    } else {
      entry = { reason: embeddable.reason };
    }
    env.embeddedImages.set(hash, entry);
  }
  return entry;
}

let captions = 0;

/**
 * A caption-style paragraph right before a table is the first child (Caption) of that table's
 * element; right after an image, a Caption next to the Figure (inside it, its text would hide
 * behind the Figure's /Alt). Other caption-style paragraphs (guidance, metadata) are plain P.
 */
function captionTag(
  item: Extract<Block, { type: 'paragraph' }>,
  next: Block | undefined,
  env: DocumentEnv,
): PdfTag | undefined {
  const afterImage = env.lastBlockWasImage;
  if (item.style !== 'caption') return undefined;
  if (next?.type === 'table') {
    env.captionedTable = `captioned-${++captions}`;
    return { role: 'Caption', lang: item.lang, path: [{ role: 'Table', key: env.captionedTable }] };
  }
  return afterImage ? { role: 'Caption', lang: item.lang } : undefined;
}

/** The description of an image: its alt text, else its caption, else the question or heading it answers. */
function altText(block: ImageBlock, caption: string | undefined, env: DocumentEnv): string {
  const alt = block.alt?.replace(/\s+/g, ' ').trim() || caption?.replace(/\s+/g, ' ').trim() || env.lastLabel;
  return alt ? alt : `Image ${env.embeddedImages.size}`;
}

function image(block: ImageBlock, flow: Flow, env: DocumentEnv, caption?: string): Placed {
  const entry = embedded(block, env);
  if ('reason' in entry) {
    const alt = block.alt?.trim();
    return paragraph(`[Image not shown: ${entry.reason}${alt ? `. ${alt}` : ''}]`, 'note', flow, env);
  }
  const alignment =
    block.align === 'center' || block.align === 'right' || block.align === 'left'
      ? block.align
      : mirrored(flow)
        ? 'right'
        : 'left';
  const width = Math.max(1, imageDisplayWidth(block, flow.width) * entry.widthShare);
  const maxHeight = env.geometry.textHeight * 0.9;
  const spaceAfter = env.theme.fontSize * 0.8;
  const node: ImageNode = tagNode(
    { image: entry.key, width, maxHeight, alignment, margin: [0, 2, 0, spaceAfter] },
    { role: 'Figure', alt: altText(block, caption, env) },
  );
  const height = Math.min(maxHeight, (width * entry.height) / entry.width) + 2;
  return { node, height: height + spaceAfter, lead: height };
}

function block(item: Block, flow: Flow, env: DocumentEnv, depth: number, next?: Block): Placed | undefined {
  switch (item.type) {
    case 'heading':
      return heading(item, flow, env);
    case 'paragraph': {
      const look = paragraphLook(item.style, env.theme);
      if (flow.inList) look.spaceAfter = Math.min(look.spaceAfter, env.theme.fontSize * 0.25);
      if (item.style === 'label') env.lastLabel = inlineText(item.content).trim() || env.lastLabel;
      const placed = placedText(
        lookText(item.content, look, flow, env, {
          direction: item.direction ?? flow.direction,
          align: item.align,
          language: item.lang,
        }),
      );
      tagNode(placed.node, captionTag(item, next, env) ?? { role: 'P', lang: item.lang });
      return placed;
    }
    case 'list':
      return item.items.length > 0 ? list(item, flow, env, depth) : undefined;
    case 'table':
      return table(item, flow, env, depth);
    case 'blockquote':
      return blockquote(item, flow, env, depth);
    case 'code':
      return codeBlock(item.text, flow, env);
    case 'rule':
      return rule(flow);
    case 'image':
      return image(
        item,
        flow,
        env,
        next?.type === 'paragraph' && next.style === 'caption' ? inlineText(next.content) : undefined,
      );
    case 'pageBreak':
      return { node: tagNode({ text: '', pageBreak: 'after' }, { role: 'Artifact' }), height: undefined };
    case 'toc': {
      const entries = [...env.headings.values()].filter((entry) => entry.inContents);
      const contents = tableOfContents(item.title, entries, {
        theme: env.theme,
        width: flow.width,
        rightToLeft: mirrored(flow),
        fontFiles: env.fontFiles,
      });
      env.contents.push(contents);
      return { node: contents.node, height: undefined };
    }
  }
}

/** Blocks at one nesting depth, headings and labels kept with what follows them (see placed.ts). */
function layBlocks(items: Block[], flow: Flow, env: DocumentEnv, depth: number): Placed[] {
  const laid: BlockOnPage[] = [];
  items.forEach((item, index) => {
    const placed = renderSafely(item, flow, env, depth, items[index + 1]);
    if (placed) laid.push({ block: item, placed });
  });
  return keepTogether(laid, {
    textHeight: env.geometry.textHeight,
    defaultLead: 2 * LINE_HEIGHT * 1.2 * env.theme.fontSize,
    spacers: depth === 0,
  });
}

/** The document body. */
export function blocks(items: Block[], flow: Flow, env: DocumentEnv): Content[] {
  const laid = layBlocks(items, flow, env, 0);
  if (env.contents.length > 0) {
    // Pages the document will take, roughly (unknown heights count as nothing): sizes the contents' page numbers.
    const height = laid.reduce((sum, placed) => sum + (placed.height ?? 0), 0);
    const breaks = items.filter((item) => item.type === 'pageBreak').length;
    const pages = (height / env.geometry.textHeight + breaks + 1) * 1.1 + 1;
    for (const contents of env.contents) contents.fitPageNumbers(pages);
  }
  return laid.map((placed) => placed.node);
}

/** One broken block becomes a visible note instead of failing the whole document. */
function renderSafely(item: Block, flow: Flow, env: DocumentEnv, depth: number, next?: Block): Placed | undefined {
  try {
    const placed = block(item, flow, env, depth, next);
    env.lastBlockWasImage = item.type === 'image';
    return placed;
  } catch {
    return paragraph('[This part could not be rendered.]', 'note', flow, env);
  }
}

/** The last block of a cell, item or quote needs no space after it. */
function trimLastMargin(content: Placed[]): Placed[] {
  const last = content[content.length - 1];
  const node = last?.node;
  if (
    node &&
    typeof node === 'object' &&
    !Array.isArray(node) &&
    'margin' in node &&
    Array.isArray(node.margin) &&
    node.margin.length === 4
  ) {
    const [left, top, right, bottom] = node.margin;
    node.margin = [left, top, right, 0];
    if (last.height !== undefined) last.height -= bottom;
  }
  return content;
}
