/**
 * On which page each heading of a DOCX body lands, for the page numbers a table of contents shows
 * before the reader updates it. A layout pass over the same blocks the body renderer writes, with
 * the same styles (styles.ts) and page: each paragraph is broken into lines with the body font's
 * metrics (textMetrics.ts), then lines, table rows and pictures are stacked into pages with Word's
 * rules that move content (page breaks, keep-with-next headings and labels, two-line widow and
 * orphan control, rows kept whole, header rows repeated). A line count, not a typesetter: it runs in
 * a few milliseconds for a hundred descriptions, where docx's own estimator made the whole export
 * six times slower. How close it comes to LibreOffice is measured by test/formats/docx/tocPages.test.ts.
 */
import type { Block, Inline } from '../../document/types';
import { displaySize } from './images';
import { PIXELS_PER_POINT, TWIPS_PER_POINT } from './page';
import { bodyLine, type ResolvedTheme, SPACING } from './styles';
import { LINE_HEIGHT_EM, SPACE_WIDTH, textWidth } from './textMetrics';

export interface PageEstimateOptions {
  textWidthPt: number;
  textHeightPt: number;
  theme: ResolvedTheme;
  /** The entries of the table of contents, in order: its lines take room too. */
  contents: readonly { level: number; title: string }[];
  /** Pages before the body (a Word shell's own cover): the body starts on the page after them. */
  pagesBefore?: number;
}

/** Something the pages stack: lines of a paragraph, or a box that does not split (a table row, a picture). */
type Item =
  | {
      kind: 'lines';
      lines: number;
      lineHeight: number;
      before: number;
      after: number;
      keepNext: boolean;
      headings: number[];
    }
  | { kind: 'box'; height: number; after: number; header: boolean; repeatHeight: number; headings: number[] }
  | { kind: 'pageBreak' };
type Lines = Extract<Item, { kind: 'lines' }>;

interface Frame {
  widthPt: number;
  /** Quotes and lists stop indenting rather than leave text narrower than this. */
  minWidthPt: number;
  inTable: boolean;
  bold: boolean;
}

const twips = (value: number) => value / TWIPS_PER_POINT;
/** Cell margins of the table style, top + bottom and left + right, in points (57 and 108 twips each). */
const CELL_PADDING_VERTICAL = twips(2 * 57);
const CELL_PADDING_HORIZONTAL = twips(2 * 108);
const QUOTE_INDENT = 567;
/** List indent per level, on the page and in table cells (numbering.ts, BodyRenderer.ts). */
const LIST_STEP = { page: twips(720), cell: twips(288) };
/** Nested quotes and lists leave at least 2 inches, or half a narrow column. */
const minNestedWidth = (widthPt: number) => Math.min(144, widthPt / 2);
const indented = (frame: Frame, byPt: number): Frame =>
  frame.widthPt - byPt < frame.minWidthPt ? frame : { ...frame, widthPt: frame.widthPt - byPt };
/** Room the page number and its leader take at the end of a contents entry, in points. */
const CONTENTS_NUMBER_PT = 30;

/**
 * The page (1-based, counting a shell's pages before the body) each heading starts on, in the order
 * the headings come in the blocks (list items, quotes and table cells included, row by row).
 */
export function estimateHeadingPages(blocks: readonly Block[], options: PageEstimateOptions): number[] {
  const layout = new Typesetter(options);
  const frame: Frame = {
    widthPt: options.textWidthPt,
    minWidthPt: minNestedWidth(options.textWidthPt),
    inTable: false,
    bold: false,
  };
  return layout.pages(layout.items(blocks, frame));
}

class Typesetter {
  private readonly size: number;
  private readonly bodyLineFactor: number;
  /** Headings met so far: the next one's index. */
  private headingCount = 0;

  constructor(private readonly options: PageEstimateOptions) {
    this.size = options.theme.size / 2;
    this.bodyLineFactor = bodyLine(options.theme) / 240;
  }

  items(blocks: readonly Block[], frame: Frame): Item[] {
    const out: Item[] = [];
    for (const block of blocks) this.block(block, frame, out);
    return out;
  }

  /** Stacks the items into pages; returns the page of each heading. */
  pages(items: Item[]): number[] {
    const room = this.options.textHeightPt;
    const found: number[] = new Array<number>(this.headingCount).fill(0);
    let page = (this.options.pagesBefore ?? 0) + 1;
    let y = 0;
    /** Space after the last paragraph: it meets the next one's space before, and the larger wins. */
    let after = 0;
    /**
     * Whether the page was begun by a page break: its first paragraph then keeps its space before
     * (LibreOffice lays our page-break-before paragraphs out so); one begun by overflow does not.
     */
    let broken = false;
    const newPage = () => {
      page += 1;
      y = 0;
      after = 0;
    };
    const mark = (headings: number[]) => headings.forEach((heading) => (found[heading] = page));
    for (const [index, item] of items.entries()) {
      if (item.kind === 'pageBreak') {
        if (y > 0) newPage();
        broken = true;
        continue;
      }
      if (item.kind === 'box') {
        if (y > 0 && y + after + item.height > room) {
          newPage();
          // Header rows come again above a row that starts a page.
          if (!item.header) y = item.repeatHeight;
        }
        mark(item.headings);
        broken = false;
        y += (y > 0 ? after : 0) + item.height;
        // A row taller than a page runs on over the next pages.
        while (y > room) {
          y -= room;
          page += 1;
        }
        after = item.after;
        continue;
      }
      // LibreOffice spaces two paragraphs by the larger of the first's space after and the second's
      // space before (measured on our files), where Word adds them.
      const gap = y > 0 ? Math.max(after, item.before) : broken ? item.before : 0;
      broken = false;
      const height = item.lines * item.lineHeight;
      const needed = gap + height + (item.keepNext ? keptWith(items, index + 1) : 0);
      if (y > 0 && y + needed > room) {
        // Split a paragraph across the page end when two lines fit here and two go on; else move it.
        const here = Math.min(Math.floor((room - y - gap) / item.lineHeight), item.lines - 2);
        if (item.keepNext || item.lines < 4 || here < 2) {
          newPage();
          mark(item.headings);
          y = height;
        } else {
          mark(item.headings);
          newPage();
          y = (item.lines - here) * item.lineHeight;
        }
      } else {
        mark(item.headings);
        y += gap + height;
      }
      while (y > room) {
        y -= Math.floor(room / item.lineHeight) * item.lineHeight;
        page += 1;
      }
      after = item.after;
    }
    return found;
  }

  private block(block: Block, frame: Frame, out: Item[]): void {
    const space = this.options.theme.space;
    switch (block.type) {
      case 'heading': {
        const size = this.options.theme.headingSizes[block.level - 1] / 2;
        const spacing = SPACING.heading(block.level);
        const index = this.headingCount++;
        out.push(
          this.text(
            block.content,
            frame,
            { size, bold: true, before: space(spacing.before), after: space(spacing.after), keepNext: true },
            [index],
          ),
        );
        return;
      }
      case 'paragraph':
        out.push(this.paragraph(block, frame));
        return;
      case 'list':
        for (const item of block.items) {
          const itemFrame = indented(frame, frame.inTable ? LIST_STEP.cell : LIST_STEP.page);
          // Content that cannot carry the number (a table, a nested list) gets a line of its own for it.
          if (item[0]?.type !== 'heading' && item[0]?.type !== 'paragraph')
            out.push(this.text([], itemFrame, this.bodyStyle(frame)));
          for (const child of item) this.block(child, itemFrame, out);
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
        const size = Math.max(7, this.size - 1);
        const lines = block.text.replace(/\n$/, '').split('\n');
        const perLine = Math.max(1, Math.floor((frame.widthPt / size) * (1000 / 600)));
        const count = lines.reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / perLine)), 0);
        out.push({
          kind: 'lines',
          lines: count,
          lineHeight: this.lineHeight(size, 1),
          before: twips(SPACING.code.before),
          after: twips(SPACING.code.after),
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
          after: twips(body.after),
          header: false,
          repeatHeight: 0,
          headings: [],
        });
        return;
      }
      case 'pageBreak':
        out.push({ kind: 'pageBreak' });
        return;
      case 'toc':
        this.contents(block.title, frame, out);
        return;
    }
  }

  private paragraph(block: Extract<Block, { type: 'paragraph' }>, frame: Frame): Lines {
    const space = this.options.theme.space;
    const body = this.bodyStyle(frame);
    switch (block.style) {
      case 'title':
        return this.text(block.content, frame, {
          size: 28,
          before: 0,
          after: space(SPACING.title.after),
          keepNext: true,
        });
      case 'subtitle':
        return this.text(block.content, frame, { size: this.size + 4, after: space(SPACING.subtitle.after) });
      case 'label':
        return this.text(block.content, frame, {
          bold: true,
          before: space(SPACING.label.before),
          after: space(SPACING.label.after),
          keepNext: true,
        });
      case 'caption':
        return this.text(block.content, frame, {
          size: Math.max(7, this.size - 1),
          before: space(SPACING.caption.before),
          after: space(SPACING.caption.after),
        });
      default:
        return this.text(block.content, frame, body);
    }
  }

  /** Spacing of body text (in twips) and its line spacing: the document's, or the table style's inside cells. */
  private bodyStyle(frame: Frame): { before: number; after: number; lineFactor: number } {
    return frame.inTable
      ? { before: 0, after: 0, lineFactor: 1 }
      : { before: 0, after: this.options.theme.space(SPACING.body.after), lineFactor: this.bodyLineFactor };
  }

  private text(
    content: readonly Inline[],
    frame: Frame,
    style: { size?: number; bold?: boolean; before?: number; after?: number; keepNext?: boolean; lineFactor?: number },
    headings: number[] = [],
  ): Lines {
    const size = style.size ?? this.size;
    const lineFactor = style.lineFactor ?? (frame.inTable ? 1 : this.bodyLineFactor);
    return {
      kind: 'lines',
      lines: lineCount(content, (frame.widthPt / size) * 1000, style.bold === true || frame.bold),
      lineHeight: this.lineHeight(size, lineFactor),
      before: twips(style.before ?? 0),
      after: twips(style.after ?? 0),
      keepNext: style.keepNext === true,
      headings,
    };
  }

  private lineHeight(size: number, factor: number): number {
    return size * LINE_HEIGHT_EM * factor;
  }

  /** Rows as boxes as tall as their tallest cell; header rows come again at the top of each page. */
  private table(block: Extract<Block, { type: 'table' }>, frame: Frame, out: Item[]): void {
    const columns = Math.max(
      1,
      ...block.rows.map((row) => row.cells.reduce((sum, cell) => sum + Math.max(1, cell.colSpan ?? 1), 0)),
    );
    const columnWidth = frame.widthPt / columns;
    let repeatHeight = 0;
    block.rows.forEach((row, r) => {
      const header = r < block.headerRows;
      const headings: number[] = [];
      let height = 0;
      for (const cell of row.cells) {
        const widthPt = Math.max(10, columnWidth * Math.max(1, cell.colSpan ?? 1) - CELL_PADDING_HORIZONTAL);
        const cellFrame: Frame = { widthPt, minWidthPt: minNestedWidth(widthPt), inTable: true, bold: header };
        const items = this.items(cell.blocks, cellFrame);
        height = Math.max(height, stackedHeight(items));
        items.forEach((item) => item.kind !== 'pageBreak' && headings.push(...item.headings));
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
    const space = this.options.theme.space;
    if (title.trim()) {
      const spacing = SPACING.heading(1);
      const text: Inline[] = [{ type: 'text', text: title }];
      out.push(
        this.text(text, frame, {
          size: this.options.theme.headingSizes[0] / 2,
          bold: true,
          before: space(spacing.before),
          after: space(spacing.after),
          keepNext: true,
        }),
      );
    }
    // docx opens the field in an empty paragraph of its own, before the entries.
    out.push(this.text([], frame, this.bodyStyle(frame)));
    const lineHeight = this.lineHeight(this.size, this.bodyLineFactor);
    this.options.contents.forEach((entry, index, entries) => {
      const widthPt = frame.widthPt - twips(SPACING.contentsEntry.indentStep * (entry.level - 1)) - CONTENTS_NUMBER_PT;
      const text: Inline[] = [{ type: 'text', text: entry.title }];
      // The last entry keeps with the paragraph the field ends in (BodyRenderer), so they move together.
      const keepNext = index === entries.length - 1;
      out.push({
        ...this.text(text, { ...frame, widthPt }, {}),
        lineHeight,
        after: twips(SPACING.contentsEntry.after),
        keepNext,
      });
    });
    out.push(this.text([], frame, this.bodyStyle(frame)));
  }
}

/** Most paragraphs a chain of keep-with-next paragraphs is followed through (Word gives up on long chains too). */
const MAX_KEEP_CHAIN = 8;

/**
 * Room the content kept with a keep-with-next paragraph needs on its page: the next paragraph's
 * first two lines, or all of it and what follows when it keeps with the next one in turn.
 */
function keptWith(items: Item[], from: number): number {
  let height = 0;
  for (let i = from; i < Math.min(items.length, from + MAX_KEEP_CHAIN); i++) {
    const item = items[i];
    if (item.kind === 'pageBreak') return height;
    if (item.kind === 'box') return height + item.height;
    if (!item.keepNext) return height + item.before + Math.min(2, item.lines) * item.lineHeight;
    height += item.before + item.lines * item.lineHeight + item.after;
  }
  return height;
}

/** Height of items stacked without pages (a table cell's content). */
function stackedHeight(items: Item[]): number {
  return items.reduce((sum, item, i) => {
    if (item.kind === 'pageBreak') return sum;
    if (item.kind === 'box') return sum + item.height + item.after;
    return sum + (i > 0 ? item.before : 0) + item.lines * item.lineHeight + item.after;
  }, 0);
}

/**
 * Lines that `content` fills when lines are `maxEm` thousandths of an em wide (words kept whole
 * unless wider than a line; explicit line breaks start a line). Never less than one.
 */
export function lineCount(content: readonly Inline[], maxEm: number, bold: boolean): number {
  const max = Math.max(1000, maxEm);
  let lines = 1;
  let used = 0;
  const addWord = (width: number) => {
    const gap = used > 0 ? SPACE_WIDTH : 0;
    if (used > 0 && used + gap + width > max) {
      lines += 1;
      used = 0;
    } else {
      used += gap;
    }
    used += width;
    while (used > max) {
      lines += 1;
      used -= max;
    }
  };
  const walk = (inlines: readonly Inline[], strong: boolean) => {
    for (const inline of inlines) {
      if (inline.type === 'break') {
        lines += 1;
        used = 0;
      } else if (inline.type === 'link') {
        walk(inline.children, strong);
      } else {
        const runBold = strong || inline.marks?.bold === true;
        const code = inline.marks?.code === true;
        inline.text.split('\n').forEach((segment, i) => {
          if (i > 0) {
            lines += 1;
            used = 0;
          }
          for (const word of segment.split(/\s+/)) if (word) addWord(textWidth(word, runBold, code));
        });
      }
    }
  };
  walk(content, bold);
  return lines;
}
