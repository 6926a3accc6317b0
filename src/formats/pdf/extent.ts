/**
 * How wide blocks want to be, for sizing table columns: their min-content width (the widest
 * thing that cannot break: a word, a URL's part, an image) and max-content width (each paragraph
 * on one line), measured with the fonts, looks and break opportunities the writer lays them out
 * with (see lines.ts textExtent).
 */
import type { Block, ImageBlock } from '../../document/types';
import { textExtent } from './lines';
import type { Segment } from './runs';
import { columnExtents, type Extent, placeCells } from './tables';
import { widthHolding } from './text';

export type TextBlock = Extract<Block, { type: 'paragraph' | 'heading' | 'code' }>;

export interface ExtentContext {
  /** The lines of a paragraph, heading or code block as the writer styles them (bold: in a header cell). */
  segments(block: TextBlock, bold: boolean): Segment[];
  /** Width beside a list's items (its markers). */
  listInset(block: Extract<Block, { type: 'list' }>): number;
  /** Width beside a quote's content (its bar), around a code block's text, around a cell's content. */
  quoteInset: number;
  codeInset: number;
  cellFrame: number;
  /** An image's width in points before it is scaled to fit. */
  imageWidth(block: ImageBlock): number;
}

/** Images shrink to fit a cell, down to about a thumbnail. */
const SMALLEST_IMAGE = 72;

const NOTHING: Extent = { min: 0, max: 0, short: 0 };
const widest = (extents: Extent[]): Extent =>
  extents.reduce(
    (a, b) => ({ min: Math.max(a.min, b.min), max: Math.max(a.max, b.max), short: Math.max(a.short, b.short) }),
    NOTHING,
  );
const inset = (extent: Extent, width: number): Extent => ({
  min: extent.min + width,
  max: extent.max + width,
  short: extent.short + width,
});

function textBlockExtent(block: TextBlock, context: ExtentContext, bold: boolean): Extent {
  const { min, max, short } = textExtent(context.segments(block, bold));
  return { min: widthHolding(min), max: widthHolding(max), short: widthHolding(short) };
}

/** The extents of a table's columns; a header cell's text is bold. */
export function tableColumnExtents(
  block: Extract<Block, { type: 'table' }>,
  context: ExtentContext,
  bold: boolean,
): Extent[] {
  const grid = placeCells(block.rows);
  return columnExtents(
    grid,
    (placed) => blocksExtent(placed.cell.blocks, context, bold || placed.row < block.headerRows),
    context.cellFrame,
  );
}

function blockExtent(block: Block, context: ExtentContext, bold: boolean): Extent {
  switch (block.type) {
    case 'paragraph':
    case 'heading':
      return textBlockExtent(block, context, bold);
    case 'code':
      return inset(textBlockExtent(block, context, false), context.codeInset);
    case 'list':
      return inset(widest(block.items.map((item) => blocksExtent(item, context, bold))), context.listInset(block));
    case 'blockquote':
      return inset(blocksExtent(block.children, context, bold), context.quoteInset);
    case 'table': {
      const columns = tableColumnExtents(block, context, bold);
      // A frame per column, and the table's last rule (under a point).
      const frames = columns.length * context.cellFrame + 1;
      const total = (part: keyof Extent): number => columns.reduce((width, column) => width + column[part], frames);
      return { min: total('min'), max: total('max'), short: total('short') };
    }
    case 'image': {
      const width = context.imageWidth(block);
      const min = Math.min(width, SMALLEST_IMAGE);
      return { min, max: width, short: min };
    }
    default:
      return NOTHING;
  }
}

/** The extent of blocks stacked in one flow: the widest of theirs. */
export function blocksExtent(blocks: Block[], context: ExtentContext, bold: boolean): Extent {
  return widest(blocks.map((block) => blockExtent(block, context, bold)));
}
