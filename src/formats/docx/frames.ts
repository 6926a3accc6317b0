/**
 * Where blocks are rendered (a frame: the column's width, indents, list depth, direction), and the
 * rules that move a frame in as quotes and lists nest.
 */
import { TABLE_CELL_PADDING } from '../../document/look';
import type { Block, Direction } from '../../document/types';
import { LIST_INDENT_STEP } from './numbering';
import { TWIPS_PER_POINT } from './page';

/** Where blocks are being rendered. */
export interface Frame {
  /** Room for pictures and tables, in points. */
  widthPt: number;
  /** Quotes and lists nested deeper stop indenting rather than leave text narrower than this, in points. */
  minWidthPt: number;
  /** Left indent of paragraphs in twips (block quotes, list item continuations). */
  indent: number;
  quoted: boolean;
  /** Nesting depth of the list the blocks are in (0 outside lists). */
  listDepth: number;
  /** Indent per list level in twips: the page's, or a narrower one in table cells. */
  listStep: number;
  /** Text of header cells is bold. */
  bold: boolean;
  /** Text is set at this share of its style's size (1 but in a table that needs the room). */
  fontScale: number;
  /** Direction of the list, table, quote or document the blocks are in: of pictures and rules. */
  direction: Direction;
}
/** Nesting leaves text at least 2 inches wide, or half the column when that is less (a narrow table cell). */
const MIN_NESTED_TEXT_PT = 144;
/** List indent per level, and room for the bullet or number, inside table cells (0.2 in, 0.16 in). */
const CELL_LIST_INDENT_STEP = 288;
export const CELL_LIST_HANGING = 230;
/** Cell margins of the table style, left + right, in points. */
const CELL_PADDING_PT = 2 * TABLE_CELL_PADDING.x;

/** The page's text column. */
export function pageFrame(widthPt: number, direction: Direction): Frame {
  return {
    widthPt,
    minWidthPt: minNestedWidth(widthPt),
    indent: 0,
    quoted: false,
    listDepth: 0,
    listStep: LIST_INDENT_STEP,
    bold: false,
    fontScale: 1,
    direction,
  };
}

/** A table cell `cellTwips` wide (its margins included); text of header cells is bold, all of it at `fontScale`. */
export function cellFrame(cellTwips: number, header: boolean, direction: Direction, fontScale = 1): Frame {
  const widthPt = cellTwips / TWIPS_PER_POINT - CELL_PADDING_PT;
  // A page's half-inch list indent would leave a narrow column no room for words.
  return {
    widthPt,
    minWidthPt: minNestedWidth(widthPt),
    indent: 0,
    quoted: false,
    listDepth: 0,
    listStep: CELL_LIST_INDENT_STEP,
    bold: header,
    fontScale,
    direction,
  };
}

/** The narrowest text nested quotes and lists may leave in a column `columnPt` wide. */
export function minNestedWidth(columnPt: number): number {
  return Math.min(MIN_NESTED_TEXT_PT, columnPt / 2);
}

/** The frame moved in by `step` twips, or as it is when that would leave its text too narrow. */
export function indented(frame: Frame, step: number): Frame {
  const widthPt = frame.widthPt - step / TWIPS_PER_POINT;
  return widthPt < frame.minWidthPt ? frame : { ...frame, indent: frame.indent + step, widthPt };
}

export function describe(block: Block): string {
  return typeof block === 'object' && block !== null && typeof block.type === 'string'
    ? `A block of type "${block.type}"`
    : 'A block';
}

/** Whether a block's first paragraph is its own, so it can start a page instead of a break paragraph. */
export function startsWithParagraph(block: Block | undefined): boolean {
  if (!block) return false;
  return block.type === 'heading' || block.type === 'paragraph' || (block.type === 'toc' && block.title.trim() !== '');
}

export type ContentsBlock = Extract<Block, { type: 'toc' }>;

/** The (first) table of contents of the document, if it has one. */
export function tableOfContentsBlock(blocks: readonly Block[]): ContentsBlock | undefined {
  for (const block of blocks) {
    const found =
      block.type === 'toc'
        ? block
        : block.type === 'blockquote'
          ? tableOfContentsBlock(block.children)
          : block.type === 'list'
            ? block.items.map(tableOfContentsBlock).find((item) => item !== undefined)
            : undefined;
    if (found) return found;
  }
  return undefined;
}
