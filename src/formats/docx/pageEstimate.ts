/**
 * On which page each heading of a DOCX body lands, for the page numbers a table of contents shows
 * before the reader updates it. A layout pass over the same blocks the body renderer writes, with
 * the same styles (the document look, styles.ts), table columns (tableSizing.ts) and page: each
 * paragraph is broken into lines with the body font's metrics (document/fontMetrics.ts), then lines, table rows and pictures are stacked into pages (pagination.ts) with Word's
 * rules that move content (page breaks, keep-with-next headings and labels, two-line widow and
 * orphan control, rows kept whole, header rows repeated). A line count, not a typesetter: it runs in
 * a few milliseconds for a hundred descriptions, where docx's own estimator made the whole export
 * six times slower. How close it comes to LibreOffice is measured by test/formats/docx/tocPages.test.ts.
 */
import { lineHeightEm, textWidthEm } from '../../document/fontMetrics';
import { headingTextLook, TABLE_CELL_PADDING, type TextLook } from '../../document/look';
import { inlinesToPlainText } from '../../document/text';
import type { Block, Inline } from '../../document/types';
import { displaySize } from './images';
import { LIST_INDENT_STEP } from './numbering';
import { PIXELS_PER_POINT, TWIPS_PER_POINT } from './page';
import { bodyLine, type ResolvedTheme, SPACING } from './styles';
import { tableGrid } from './tableGrid';
import { CELL_MARGINS_PT, sizeTable } from './tableSizing';
import { lineCount } from './lineCount';
import { paginate, type Frame, type Item, type Lines, type PageEstimate } from './pagination';

export type { PageEstimate } from './pagination';

export interface PageEstimateOptions {
  textWidthPt: number;
  textHeightPt: number;
  theme: ResolvedTheme;
  /**
   * The entries of the table of contents, in order: its lines take room too. Default: the headings
   * of levels 1 to `contentsDepth` in the blocks, as the body renderer lists them.
   */
  contents?: readonly { level: number; title: string }[];
  /** The heading levels the table of contents lists (default 3). */
  contentsDepth?: number;
  /** Pages before the body (a Word shell's own cover): the body starts on the page after them. */
  pagesBefore?: number;
}

/** How a paragraph is set: size in points, spacing in points. */
interface TextStyle {
  size?: number;
  bold?: boolean;
  italic?: boolean;
  before?: number;
  after?: number;
  keepNext?: boolean;
  lineFactor?: number;
}

const twips = (value: number) => value / TWIPS_PER_POINT;
/** Cell margins of the table style, top + bottom, in points. */
const CELL_PADDING_VERTICAL = 2 * TABLE_CELL_PADDING.y;
const QUOTE_INDENT = 567;
/** List indent per level, on the page and in table cells (numbering.ts, BodyRenderer.ts). */
const LIST_STEP = { page: twips(LIST_INDENT_STEP), cell: twips(288) };
/** Nested quotes and lists leave at least 2 inches, or half a narrow column. */
const minNestedWidth = (widthPt: number) => Math.min(144, widthPt / 2);
const indented = (frame: Frame, byPt: number): Frame =>
  frame.widthPt - byPt < frame.minWidthPt ? frame : { ...frame, widthPt: frame.widthPt - byPt };
/** Room the page number and its leader take at the end of a contents entry, in points. */
const CONTENTS_NUMBER_PT = 30;

/** Where the blocks' headings land, and which automatic page breaks break. */
export function estimatePages(blocks: readonly Block[], options: PageEstimateOptions): PageEstimate {
  const layout = new Typesetter(options);
  const frame: Frame = {
    widthPt: options.textWidthPt,
    minWidthPt: minNestedWidth(options.textWidthPt),
    inTable: false,
    bold: false,
    fontScale: 1,
  };
  return layout.pages(layout.withContents(layout.items(blocks, frame)));
}

/** The page each heading starts on (see PageEstimate). */
export const estimateHeadingPages = (blocks: readonly Block[], options: PageEstimateOptions): number[] =>
  estimatePages(blocks, options).headingPages;

class Typesetter {
  private readonly size: number;
  private readonly bodyLineFactor: number;
  /** Headings met so far: the next one's index. */
  private headingCount = 0;
  /** The headings a table of contents would list, in order. */
  private readonly listed: { level: number; title: string }[] = [];

  constructor(private readonly options: PageEstimateOptions) {
    this.size = options.theme.size / 2;
    this.bodyLineFactor = bodyLine(options.theme) / 240;
  }

  items(blocks: readonly Block[], frame: Frame): Item[] {
    const out: Item[] = [];
    for (const block of blocks) this.block(block, frame, out);
    return out;
  }

  /** The items with each table of contents' lines in its place, now that every heading is known. */
  withContents(items: Item[]): Item[] {
    if (!items.some((item) => item.kind === 'contents')) return items;
    const out: Item[] = [];
    for (const item of items) {
      if (item.kind === 'contents') this.contents(item.title, item.frame, out);
      else out.push(item);
    }
    return out;
  }

  /** Stacks the items into pages: the page of each heading, and which automatic breaks break. */
  pages(items: Item[]): PageEstimate {
    return paginate(items, {
      textHeightPt: this.options.textHeightPt,
      pagesBefore: this.options.pagesBefore ?? 0,
      autoPageBreakRoom: this.options.theme.look.autoPageBreakRoom,
      headingCount: this.headingCount,
    });
  }

  private block(block: Block, frame: Frame, out: Item[]): void {
    switch (block.type) {
      case 'heading': {
        const index = this.headingCount++;
        const title = inlinesToPlainText(block.content).replace(/\s+/g, ' ').trim();
        if (block.toc !== false && block.level <= (this.options.contentsDepth ?? 3) && title)
          this.listed.push({ level: block.level, title });
        const look = headingTextLook(this.options.theme.look, block.level);
        out.push(this.text(block.content, frame, { ...this.styled(look, frame), keepNext: true }, [index]));
        return;
      }
      case 'paragraph':
        out.push(this.paragraph(block, frame));
        return;
      case 'list':
        for (const item of block.items) {
          const itemFrame = indented(frame, frame.inTable ? LIST_STEP.cell : LIST_STEP.page);
          const [first, ...rest] = item;
          // The paragraph carrying the number is a List Paragraph (styles.ts), set closer to the next item.
          const listed = { ...this.bodyStyle(frame), after: this.options.theme.look.listItemSpaceAfter };
          if (first?.type === 'paragraph' && (first.style ?? 'normal') === 'normal') {
            out.push(this.text(first.content, itemFrame, listed));
          } else {
            // Content that cannot carry the number (a table, a nested list) gets a line of its own for it.
            if (first?.type !== 'heading' && first?.type !== 'paragraph') out.push(this.text([], itemFrame, listed));
            if (first) this.block(first, itemFrame, out);
          }
          for (const child of rest) this.block(child, itemFrame, out);
        }
        return;
      case 'table':
        this.table(block, frame, out);
        return;
      case 'blockquote':
        // The Quote style indents its right side too.
        for (const child of block.children) this.block(child, indented(frame, twips(2 * QUOTE_INDENT)), out);
        return;
      case 'code': {
        const look = this.options.theme.look.code;
        const size = look.size * frame.fontScale;
        const lines = block.text.replace(/\n$/, '').split('\n');
        const perLine = Math.max(1, Math.floor(frame.widthPt / (size * textWidthEm('0', { monospace: true }))));
        const count = lines.reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / perLine)), 0);
        out.push({
          kind: 'lines',
          lines: count,
          lineHeight: this.lineHeight(size, 1),
          before: look.spaceBefore,
          after: look.spaceAfter,
          keepNext: false,
          headings: [],
        });
        return;
      }
      case 'rule':
        out.push(this.text([], frame, this.bodyStyle(frame)));
        return;
      case 'image': {
        const shown = displaySize(block, frame.widthPt, this.options.textHeightPt);
        const body = this.bodyStyle(frame);
        out.push({
          kind: 'box',
          height: (shown.height / PIXELS_PER_POINT) * body.lineFactor,
          after: body.after,
          header: false,
          repeatHeight: 0,
          headings: [],
        });
        return;
      }
      case 'pageBreak':
        out.push(block.auto ? { kind: 'pageBreak', auto: block } : { kind: 'pageBreak' });
        return;
      case 'toc':
        // In a table cell the renderer leaves the contents empty.
        if (!frame.inTable) out.push({ kind: 'contents', title: block.title, frame });
        return;
    }
  }

  private paragraph(block: Extract<Block, { type: 'paragraph' }>, frame: Frame): Lines {
    const look = this.options.theme.look.paragraphs;
    const style = block.style ?? 'normal';
    if (style === 'normal') return this.text(block.content, frame, this.bodyStyle(frame));
    const styled = this.styled(look[style] ?? look.normal, frame);
    // Titles, subtitles and labels keep with what follows them (styles.ts).
    return this.text(block.content, frame, {
      ...styled,
      keepNext: style === 'title' || style === 'subtitle' || style === 'label',
    });
  }

  /** A style's size, weight and spacing (points), its size scaled as the frame's text is; no spacing in table cells but the style's own. */
  private styled(look: TextLook, frame: Frame): TextStyle {
    return {
      size: look.size * frame.fontScale,
      bold: look.bold,
      italic: look.italic,
      before: look.spaceBefore,
      after: look.spaceAfter,
    };
  }

  /** Spacing of body text (in points) and its line spacing: the document's, or the table style's inside cells. */
  private bodyStyle(frame: Frame): TextStyle & { after: number; lineFactor: number } {
    const size = this.size * frame.fontScale;
    return frame.inTable
      ? { size, before: 0, after: 0, lineFactor: 1 }
      : {
          size,
          before: 0,
          after: this.options.theme.look.paragraphs.normal.spaceAfter,
          lineFactor: this.bodyLineFactor,
        };
  }

  private text(content: readonly Inline[], frame: Frame, style: TextStyle, headings: number[] = []): Lines {
    const size = style.size ?? this.size * frame.fontScale;
    const lineFactor = style.lineFactor ?? (frame.inTable ? 1 : this.bodyLineFactor);
    const bold = style.bold === true || frame.bold;
    return {
      kind: 'lines',
      lines: lineCount(content, frame.widthPt / size, { bold, italic: style.italic === true }),
      lineHeight: this.lineHeight(size, lineFactor, bold),
      before: style.before ?? 0,
      after: style.after ?? 0,
      keepNext: style.keepNext === true,
      headings,
    };
  }

  private lineHeight(size: number, factor: number, bold = false): number {
    return size * lineHeightEm({ bold }) * factor;
  }

  /** Rows as boxes as tall as their tallest cell; header rows come again at the top of each page. */
  private table(block: Extract<Block, { type: 'table' }>, frame: Frame, out: Item[]): void {
    const grid = tableGrid(block.rows);
    if (grid.rows.length === 0) return;
    const headerRows = Math.max(0, Math.min(Math.floor(block.headerRows) || 0, grid.rows.length));
    // The columns and text size the writer gives the table (BodyRenderer.ts).
    const sized = sizeTable(block.rows, grid, {
      widthPt: frame.widthPt,
      headerRows,
      bold: false,
      look: this.options.theme.look,
      baseScale: frame.fontScale,
    });
    let repeatHeight = 0;
    grid.rows.forEach((cells, r) => {
      const header = r < headerRows;
      const headings: number[] = [];
      let height = 0;
      for (const cell of cells) {
        let cellTwips = 0;
        for (let c = cell.column; c < cell.column + cell.colSpan; c++) cellTwips += sized.columns[c];
        const widthPt = Math.max(10, twips(cellTwips) - CELL_MARGINS_PT);
        const cellFrame: Frame = {
          widthPt,
          minWidthPt: minNestedWidth(widthPt),
          inTable: true,
          bold: header,
          fontScale: sized.scale,
        };
        const items = this.items(cell.blocks, cellFrame);
        // A cell spanning rows counts towards its first row: an overestimate, the safe side.
        height = Math.max(height, stackedHeight(items));
        for (const item of items) if (item.kind === 'lines' || item.kind === 'box') headings.push(...item.headings);
      }
      height += CELL_PADDING_VERTICAL;
      if (header) repeatHeight += height;
      out.push({ kind: 'box', height, after: 0, header, repeatHeight, headings });
    });
    // The empty paragraph that keeps two tables apart.
    out.push({
      kind: 'lines',
      lines: 1,
      lineHeight: this.lineHeight(this.size, this.bodyLineFactor),
      before: 0,
      after: 0,
      keepNext: false,
      headings: [],
    });
  }

  /** The contents heading, the paragraph the field begins in, one entry per listed heading, and the paragraph it ends in. */
  private contents(title: string, frame: Frame, out: Item[]): void {
    if (title.trim()) {
      const text: Inline[] = [{ type: 'text', text: title }];
      const look = headingTextLook(this.options.theme.look, 1);
      out.push(this.text(text, frame, { ...this.styled(look, frame), keepNext: true }));
    }
    // docx opens the field in an empty paragraph of its own, before the entries.
    out.push(this.text([], frame, this.bodyStyle(frame)));
    const lineHeight = this.lineHeight(this.size, this.bodyLineFactor);
    (this.options.contents ?? this.listed).forEach((entry, index, entries) => {
      const widthPt = frame.widthPt - twips(SPACING.contentsEntry.indentStep * (entry.level - 1)) - CONTENTS_NUMBER_PT;
      const text: Inline[] = [{ type: 'text', text: entry.title }];
      // The last entry keeps with the paragraph the field ends in (BodyRenderer), so they move together.
      const keepNext = index === entries.length - 1;
      const topLevel = entry.level === 1;
      out.push({
        ...this.text(text, { ...frame, widthPt }, { bold: topLevel }),
        lineHeight,
        before: topLevel ? twips(SPACING.contentsEntry.topLevelBefore) : 0,
        after: twips(SPACING.contentsEntry.after),
        keepNext,
      });
    });
    out.push(this.text([], frame, this.bodyStyle(frame)));
  }
}

/** Height of items stacked without pages (a table cell's content). */
function stackedHeight(items: Item[]): number {
  return items.reduce((sum, item, i) => {
    if (item.kind === 'pageBreak' || item.kind === 'contents') return sum;
    if (item.kind === 'box') return sum + item.height + item.after;
    return sum + (i > 0 ? item.before : 0) + item.lines * item.lineHeight + item.after;
  }, 0);
}
