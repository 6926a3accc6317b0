/**
 * Document blocks -> pdfmake content. The width available to text is tracked on the way down
 * (page, list indents, table cells, quotes) because right-to-left lines are broken here.
 */
import type { CanvasLine, Content, ContentImage, ContentTable, ContentText, CustomTableLayout, TableCell as PdfTableCell } from 'pdfmake/interfaces';
import type { Align, Block, ImageBlock, Inline, ParagraphStyle, TableCell } from '../../document/types';
import { FONT_FILES, textWidth } from './fonts';
import type { HeadingAnchor, HeadingBlock } from './headings';
import { embeddableImage, imageDataUrl, imageDisplayWidth } from './images';
import { inlineSegments, inlineText, type RunStyle, type Segment } from './runs';
import { columnWidths, mirrorGrid, placeCells } from './tables';
import { textContent, type TextContent } from './text';
import { headingLook, type PageGeometry, paragraphLook, type ParagraphLook, type PdfTheme, RULE_COLOR, SHADE_COLOR } from './theme';

/** Per-document state shared by all blocks. */
export interface DocumentEnv {
  theme: PdfTheme;
  geometry: PageGeometry;
  /** Font files the document uses; loaded into pdfmake's memory before rendering. */
  fontFiles: Set<string>;
  /** pdfmake's image dictionary: key -> data URL. */
  images: Record<string, string>;
  imageKeys: Map<Uint8Array, string>;
  headings: Map<HeadingBlock, HeadingAnchor>;
  /** Ids already placed: a heading object used twice gets its anchor (a unique id) only once. */
  placedAnchors: Set<string>;
}

/** Where blocks are being laid out. */
export interface Flow {
  width: number;
  /** Inherited paragraph direction: 'rtl' in right-to-left documents, else decided per paragraph. */
  direction?: 'ltr' | 'rtl';
  /** Table header cells: all text bold. */
  bold: boolean;
  /** Inside a list item: paragraphs sit closer together. */
  inList?: boolean;
}

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
  return inlineSegments(inlines, runStyle(look, flow), { linkColor: env.theme.linkColor, codeFamily: env.theme.codeFamily });
}

function lookText(
  inlines: Inline[],
  look: ParagraphLook,
  flow: Flow,
  env: DocumentEnv,
  options: { width?: number; direction?: 'ltr' | 'rtl'; align?: Align; keepIndent?: boolean } = {},
): TextContent {
  const content = textContent(segmentsOf(inlines, look, flow, env), {
    width: options.width ?? flow.width,
    direction: options.direction ?? flow.direction,
    align: options.align,
    keepIndent: options.keepIndent,
    fontSize: look.fontSize,
    color: look.color,
    fontFiles: env.fontFiles,
  });
  content.node.margin = [0, look.spaceBefore, 0, look.spaceAfter];
  return content;
}

function paragraph(text: string, style: ParagraphStyle, flow: Flow, env: DocumentEnv): Content {
  return lookText([{ type: 'text', text }], paragraphLook(style, env.theme), flow, env).node;
}

function heading(block: HeadingBlock, flow: Flow, env: DocumentEnv): Content {
  const { node, anchor } = lookText(block.content, headingLook(block.level, env.theme), flow, env, { direction: block.dir ?? flow.direction });
  const listed = env.headings.get(block);
  if (listed && !env.placedAnchors.has(listed.id)) {
    env.placedAnchors.add(listed.id);
    anchor.id = listed.id;
    anchor.outline = true;
    anchor.outlineText = listed.title;
    anchor.outlineExpanded = listed.level === 1;
    if (listed.parentId) anchor.outlineParentId = listed.parentId;
  }
  return node;
}

const BULLET_TYPES = ['disc', 'circle', 'square'] as const;
const BULLET_CHARS = ['\u2022', '\u25e6', '\u25aa'];

/** Item blocks; an item that is only a nested list becomes that list (no marker of its own). */
function listItem(item: Block[], flow: Flow, env: DocumentEnv, depth: number): Content {
  if (item.length === 1 && item[0].type === 'list') return list(item[0], flow, env, depth + 1);
  return { stack: trimLastMargin(blocks(item, { ...flow, inList: true }, env, depth + 1)) };
}

function list(block: Extract<Block, { type: 'list' }>, flow: Flow, env: DocumentEnv, depth: number): Content {
  const { theme } = env;
  const start = Number.isFinite(block.start) ? Math.floor(block.start as number) : 1;
  const markers = block.items.map((_, index) => (block.ordered ? `${start + index}.` : BULLET_CHARS[depth % 3]));
  // pdfmake indents items by the width of "9. " (or of the widest number), in the list's own font.
  const measure = (text: string): number => textWidth(text, theme.bodyFamily, 'normal', theme.fontSize);
  const gap = Math.max(measure('9. '), ...(block.ordered ? markers.map((marker) => measure(`${marker} `)) : [0]));
  const itemFlow: Flow = { ...flow, width: flow.width - gap };
  const margin: [number, number, number, number] = [0, 0, 0, theme.fontSize * 0.6];

  if (!mirrored(flow)) {
    const listStyle = { font: theme.bodyFamily, fontSize: theme.fontSize, bold: false, italics: false, color: theme.textColor, margin };
    const items = block.items.map((item) => listItem(item, itemFlow, env, depth));
    return block.ordered ? { ol: items, start, ...listStyle } : { ul: items, type: BULLET_TYPES[depth % 3], ...listStyle };
  }

  // Right to left: markers on the right, as a borderless two-column table.
  const markerWidth = gap;
  const body = block.items.map((item, index): PdfTableCell[] => {
    const marker = lookText([{ type: 'text', text: markers[index] }], paragraphLook('normal', theme), { ...flow, bold: false }, env, {
      width: markerWidth,
      direction: 'rtl',
    }).node;
    marker.margin = undefined;
    return [listItem(item, itemFlow, env, depth), marker];
  });
  return { table: { widths: [itemFlow.width, markerWidth], body }, layout: ZERO_PADDING_LAYOUT, margin };
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

function table(block: Extract<Block, { type: 'table' }>, flow: Flow, env: DocumentEnv, depth: number): Content | undefined {
  const placed = placeCells(block.rows);
  if (placed.columns === 0) return undefined;
  const grid = mirrored(flow) ? mirrorGrid(placed) : placed;
  const columns = grid.columns;
  const contentWidth = flow.width - columns * 2 * CELL_PADDING_X - (columns + 1) * TABLE_RULE;
  if (contentWidth < columns) return paragraph('[This table has too many columns to fit on the page.]', 'note', flow, env);
  const widths = columnWidths(grid, contentWidth, env.theme.fontSize);
  const headerRows = Math.min(Math.max(0, Math.floor(block.headerRows)), grid.rows.length);

  const body: PdfTableCell[][] = grid.rows.map(() => Array.from({ length: columns }, (): PdfTableCell => ({ text: '' })));
  grid.rows.forEach((row, rowIndex) => {
    const isHeader = rowIndex < headerRows;
    for (const { cell, column, colSpan, rowSpan } of row) {
      let width = 0;
      for (let c = column; c < column + colSpan; c++) width += widths[c];
      width += (colSpan - 1) * (2 * CELL_PADDING_X + TABLE_RULE);
      const content: PdfTableCell = { stack: tableCell(cell, { ...flow, width, bold: flow.bold || isHeader }, env, depth) };
      if (colSpan > 1) content.colSpan = colSpan;
      if (rowSpan > 1) content.rowSpan = rowSpan;
      if (isHeader) content.fillColor = SHADE_COLOR;
      body[rowIndex][column] = content;
    }
  });
  const node: ContentTable = {
    table: { widths, body, dontBreakRows: false },
    layout: TABLE_LAYOUT,
    margin: [0, 2, 0, env.theme.fontSize * 0.8],
  };
  // pdfmake repeats header rows on every page; it needs at least one body row after them.
  if (headerRows > 0 && headerRows < grid.rows.length) {
    node.table.headerRows = headerRows;
    node.table.keepWithHeaderRows = 1;
  }
  return node;
}

function tableCell(cell: TableCell, flow: Flow, env: DocumentEnv, depth: number): Content[] {
  return trimLastMargin(blocks(cell.blocks, { ...flow, inList: false }, env, depth));
}

const QUOTE_BAR = 2.5;
const QUOTE_GAP = 10;

function blockquote(children: Block[], flow: Flow, env: DocumentEnv, depth: number): Content {
  const innerWidth = flow.width - QUOTE_BAR - QUOTE_GAP;
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
  return {
    table: { widths: [innerWidth], body: [[{ stack: trimLastMargin(blocks(children, { ...flow, width: innerWidth, inList: false }, env, depth)) }]] },
    layout,
    margin: [0, 0, 0, env.theme.fontSize * 0.6],
  };
}

const CODE_PADDING = 6;

function codeBlock(text: string, flow: Flow, env: DocumentEnv): Content {
  const { theme } = env;
  const look: ParagraphLook = { ...paragraphLook('normal', theme), family: theme.codeFamily, fontSize: theme.fontSize * 0.9, spaceAfter: 0 };
  const innerWidth = flow.width - 2 * CODE_PADDING;
  const inlines: Inline[] = [{ type: 'text', text: text.replace(/\t/g, '    ') }];
  // Code reads left to right whatever the document's direction.
  const { node } = lookText(inlines, look, { ...flow, bold: false }, env, { width: innerWidth, direction: 'ltr', align: 'left', keepIndent: true });
  node.margin = undefined;
  const padding = (): number => CODE_PADDING;
  const cell: PdfTableCell = { ...node, fillColor: SHADE_COLOR };
  return {
    table: { widths: [innerWidth], body: [[cell]] },
    layout: { hLineWidth: () => 0, vLineWidth: () => 0, paddingLeft: padding, paddingRight: padding, paddingTop: padding, paddingBottom: padding },
    margin: [0, 0, 0, theme.fontSize * 0.8],
  };
}

function rule(flow: Flow): Content {
  const line: CanvasLine = { type: 'line', x1: 0, y1: 0, x2: flow.width, y2: 0, lineWidth: 0.75, lineColor: RULE_COLOR };
  return { canvas: [line], margin: [0, 6, 0, 12] };
}

/** pdfmake 0.3 honours `maxHeight` on images; @types/pdfmake does not list it. */
type ImageNode = ContentImage & { maxHeight?: number };

function image(block: ImageBlock, flow: Flow, env: DocumentEnv): Content {
  let key = env.imageKeys.get(block.data);
  if (!key) {
    const embeddable = embeddableImage(block);
    const alt = block.alt?.trim();
    if (!embeddable.ok) return paragraph(`[Image not shown: ${embeddable.reason}${alt ? `. ${alt}` : ''}]`, 'note', flow, env);
    key = `image-${env.imageKeys.size + 1}`;
    env.imageKeys.set(block.data, key);
    env.images[key] = imageDataUrl(embeddable);
  }
  const alignment = block.align === 'center' || block.align === 'right' || block.align === 'left' ? block.align : mirrored(flow) ? 'right' : 'left';
  const node: ImageNode = {
    image: key,
    width: imageDisplayWidth(block, flow.width),
    maxHeight: env.geometry.textHeight * 0.9,
    alignment,
    margin: [0, 2, 0, env.theme.fontSize * 0.8],
  };
  return node;
}

/** The table of contents: the listed headings with their page numbers, each line a link. */
function tableOfContents(title: string, flow: Flow, env: DocumentEnv): Content {
  const { theme } = env;
  const titleNode = lookText([{ type: 'text', text: title }], headingLook(1, theme), flow, env).node;
  const entries = [...env.headings.values()];
  if (entries.length === 0) return titleNode;
  const numberWidth = textWidth('00000', theme.bodyFamily, 'bold', theme.fontSize) + 2;
  const gap = 8;
  const textColumn = flow.width - numberWidth - gap;
  const rightToLeft = mirrored(flow);
  const body = entries.map((entry): PdfTableCell[] => {
    const indent = (entry.level - 1) * theme.fontSize * 1.4;
    const look: ParagraphLook = { ...paragraphLook('normal', theme), bold: entry.level === 1, spaceAfter: 0 };
    const { node } = lookText([{ type: 'text', text: entry.title }], look, flow, env, { width: textColumn - indent });
    node.margin = rightToLeft ? [0, 1.5, indent, 1.5] : [indent, 1.5, 0, 1.5];
    node.linkToDestination = entry.id;
    const number: ContentText = {
      text: [{ pageReference: entry.id, font: theme.bodyFamily, bold: entry.level === 1, italics: false }],
      alignment: rightToLeft ? 'left' : 'right',
      margin: [0, 1.5, 0, 1.5],
      fontSize: theme.fontSize,
      color: theme.textColor,
    };
    return rightToLeft ? [number, node] : [node, number];
  });
  env.fontFiles.add(FONT_FILES[theme.bodyFamily].bold);
  const layout: CustomTableLayout = { ...ZERO_PADDING_LAYOUT, paddingLeft: (index) => (index === 1 ? gap : 0) };
  return {
    stack: [titleNode, { table: { widths: rightToLeft ? [numberWidth, textColumn] : [textColumn, numberWidth], body, dontBreakRows: true }, layout }],
    margin: [0, 0, 0, theme.fontSize],
  };
}

/** A block that should stay on the same page as the block after it. */
const keepsWithNext = (block: Block): boolean => block.type === 'heading' || (block.type === 'paragraph' && block.style === 'label');

/** Small enough to move to the next page together with the heading or label before it. */
const isShort = (block: Block): boolean => (block.type === 'paragraph' || block.type === 'heading') && inlineText(block.content).length <= 400;

const MAX_KEPT_TOGETHER = 4;

function block(item: Block, flow: Flow, env: DocumentEnv, depth: number): Content | undefined {
  switch (item.type) {
    case 'heading':
      return heading(item, flow, env);
    case 'paragraph': {
      const look = paragraphLook(item.style, env.theme);
      if (flow.inList) look.spaceAfter = Math.min(look.spaceAfter, env.theme.fontSize * 0.25);
      return lookText(item.content, look, flow, env, { direction: item.dir ?? flow.direction, align: item.align }).node;
    }
    case 'list':
      return item.items.length > 0 ? list(item, flow, env, depth) : undefined;
    case 'table':
      return table(item, flow, env, depth);
    case 'blockquote':
      return blockquote(item.children, flow, env, depth);
    case 'code':
      return codeBlock(item.text, flow, env);
    case 'rule':
      return rule(flow);
    case 'image':
      return image(item, flow, env);
    case 'pageBreak':
      return { text: '', pageBreak: 'after' };
    case 'toc':
      return tableOfContents(item.title, flow, env);
  }
}

/** Deeper nesting than this is flattened into a note: pdfmake would only produce unreadable slivers. */
const MAX_DEPTH = 12;

export function blocks(items: Block[], flow: Flow, env: DocumentEnv, depth = 0): Content[] {
  if (depth > MAX_DEPTH) return [paragraph('[Content nested too deeply to display.]', 'note', flow, env)];
  const result: Content[] = [];
  let index = 0;
  while (index < items.length) {
    // Headings and labels travel to the next page with what follows them.
    let end = index;
    while (end < items.length - 1 && end - index < MAX_KEPT_TOGETHER && keepsWithNext(items[end])) end++;
    if (end > index && !keepsWithNext(items[end]) && !isShort(items[end])) end--;
    const group = items
      .slice(index, end + 1)
      .map((item) => renderSafely(item, flow, env, depth))
      .filter((node): node is Content => node !== undefined);
    if (group.length > 1) result.push({ stack: group, unbreakable: true });
    else result.push(...group);
    index = end + 1;
  }
  return result;
}

/** One broken block becomes a visible note instead of failing the whole document. */
function renderSafely(item: Block, flow: Flow, env: DocumentEnv, depth: number): Content | undefined {
  try {
    return block(item, flow, env, depth);
  } catch {
    return paragraph('[This part could not be rendered.]', 'note', flow, env);
  }
}

/** The last block of a cell, item or quote needs no space after it. */
function trimLastMargin(content: Content[]): Content[] {
  const last = content[content.length - 1];
  if (last && typeof last === 'object' && !Array.isArray(last) && 'margin' in last && Array.isArray(last.margin) && last.margin.length === 4) {
    const [left, top, right] = last.margin;
    last.margin = [left, top, right, 0];
  }
  return content;
}
