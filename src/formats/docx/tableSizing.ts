/**
 * A table's grid sized from its content, with the PDF writer's fonts, break rules and column sizing
 * (document/textExtent.ts, document/tableColumns.ts): the columns of short words are as wide as
 * their longest word, the rest shared out as a browser does; when even the short words cannot fit,
 * the table's text is set smaller (as in the PDF), so words of up to SHORT_WORD letters stay whole
 * in Word and LibreOffice. Word gets the widths as its grid and the cells' preferred widths, with
 * automatic layout: it keeps them unless a word it measures wider does not fit.
 */
import { type DocumentLook, headingTextLook, TABLE_CELL_PADDING } from '../../document/look';
import {
  columnExtents,
  columnWidths,
  type Extent,
  shortWordsFit,
  TABLE_TEXT_SCALES,
} from '../../document/tableColumns';
import { inlineExtent } from '../../document/textExtent';
import { textWidthEm } from '../../document/fontMetrics';
import type { Block } from '../../document/types';
import { PIXELS_PER_POINT, TWIPS_PER_POINT } from './page';
import { tableGrid, type TableGrid } from './tableGrid';

/** Cell margins of our tables (left + right: tables.ts), in points, and the rule between two cells. */
export const CELL_MARGINS_PT = 2 * TABLE_CELL_PADDING.x;
const RULE_PT = 0.5;
/** Indent per list level in a cell (frames.ts) and a quote's indent on both sides (BodyRenderer.ts), in points. */
const CELL_LIST_STEP_PT = 288 / TWIPS_PER_POINT;
const QUOTE_INSET_PT = (2 * 567) / TWIPS_PER_POINT;
/** Pictures shrink to fit a cell, down to about a thumbnail. */
const SMALLEST_IMAGE_PT = 72;

const NOTHING: Extent = { min: 0, max: 0, short: 0 };
/**
 * Word and LibreOffice place glyphs on their own grids and round: text measured to fit a column
 * exactly may not. A column holds its text with this much to spare.
 */
const roomy = (width: number): number => (width > 0 ? width * 1.01 + 0.5 : 0);
const textExtent = (extent: Extent): Extent => ({
  min: roomy(extent.min),
  max: roomy(extent.max),
  short: roomy(extent.short),
});
const widest = (extents: Extent[]): Extent =>
  extents.reduce(
    (a, b) => ({ min: Math.max(a.min, b.min), max: Math.max(a.max, b.max), short: Math.max(a.short, b.short) }),
    NOTHING,
  );
const inset = (extent: Extent, by: number): Extent => ({
  min: extent.min + by,
  max: extent.max + by,
  short: extent.short + by,
});

export interface SizedTable {
  /** Grid column widths in twips, summing to the table's width. */
  columns: number[];
  /** The text size of the table's cells, as a share of its size outside the table. */
  scale: number;
}

interface Measure {
  look: DocumentLook;
  scale: number;
  bold: boolean;
}

function blockExtent(block: Block, measure: Measure): Extent {
  const { look, scale, bold } = measure;
  switch (block.type) {
    case 'paragraph': {
      const text = look.paragraphs[block.style ?? 'normal'] ?? look.paragraphs.normal;
      return textExtent(
        inlineExtent(block.content, { size: text.size * scale, bold: bold || text.bold, italic: text.italic }),
      );
    }
    case 'heading': {
      const text = headingTextLook(look, block.level, block.answer === true);
      return textExtent(
        inlineExtent(block.content, { size: text.size * scale, bold: bold || text.bold, italic: text.italic }),
      );
    }
    case 'code': {
      const size = look.code.size * scale;
      const lines = block.text.split('\n');
      const widths = lines.map((line) => textWidthEm(line, { monospace: true }) * size);
      const max = Math.max(0, ...widths);
      // Code keeps its lines: Word breaks one wider than its cell anywhere; a few characters at least.
      return textExtent({ min: Math.min(max, 8 * textWidthEm('0', { monospace: true }) * size), max, short: 0 });
    }
    case 'list':
      return inset(widest(block.items.map((item) => blocksExtent(item, measure))), CELL_LIST_STEP_PT);
    case 'blockquote':
      return inset(blocksExtent(block.children, measure), QUOTE_INSET_PT);
    case 'table': {
      const columns = gridExtents(tableGrid(block.rows), block.headerRows, measure);
      const frames = columns.length * (CELL_MARGINS_PT + RULE_PT);
      const total = (part: keyof Extent): number => columns.reduce((sum, column) => sum + column[part], frames);
      return { min: total('min'), max: total('max'), short: total('short') };
    }
    case 'image': {
      const width =
        typeof block.displayWidth === 'number' && block.displayWidth > 0
          ? block.displayWidth
          : block.width / PIXELS_PER_POINT;
      return { min: Math.min(width, SMALLEST_IMAGE_PT), max: width, short: Math.min(width, SMALLEST_IMAGE_PT) };
    }
    default:
      return NOTHING;
  }
}

function blocksExtent(blocks: readonly Block[], measure: Measure): Extent {
  return widest(blocks.map((block) => blockExtent(block, measure)));
}

/** The column extents of a table's grid; the text of its first `headerRows` rows is bold. */
function gridExtents(grid: TableGrid, headerRows: number, measure: Measure): Extent[] {
  const header = new Set(grid.rows.slice(0, headerRows).flat());
  return columnExtents(
    grid,
    (cell) => blocksExtent(cell.blocks, { ...measure, bold: measure.bold || header.has(cell) }),
    CELL_MARGINS_PT + RULE_PT,
  );
}

export interface TableSizeOptions {
  widthPt: number;
  headerRows: number;
  bold: boolean;
  look: DocumentLook;
  baseScale?: number;
}

/** Sizes worked out, per look and table (its rows): the writer and the page estimate size each table once. */
const sizes = new WeakMap<DocumentLook, WeakMap<object, Map<string, SizedTable>>>();

/**
 * Grid widths for the table of `rows` (placed on `grid`) `widthPt` wide (margins included), its
 * text at the largest of TABLE_TEXT_SCALES at which the columns hold their short words whole.
 */
export function sizeTable(rows: object, grid: TableGrid, options: TableSizeOptions): SizedTable {
  let byTable = sizes.get(options.look);
  if (!byTable) sizes.set(options.look, (byTable = new WeakMap()));
  let byOptions = byTable.get(rows);
  if (!byOptions) byTable.set(rows, (byOptions = new Map()));
  const key = `${options.widthPt}|${options.headerRows}|${options.bold}|${options.baseScale ?? 1}`;
  let sized = byOptions.get(key);
  if (!sized) byOptions.set(key, (sized = measuredTable(grid, options)));
  return sized;
}

function measuredTable(grid: TableGrid, options: TableSizeOptions): SizedTable {
  const { columns } = grid;
  const contentWidth = Math.max(options.widthPt - columns * CELL_MARGINS_PT, columns);
  const floor = 3 * options.look.fontSize;
  const smallest = TABLE_TEXT_SCALES[TABLE_TEXT_SCALES.length - 1];
  let extents: Extent[] = [];
  let scale = 1;
  for (const step of TABLE_TEXT_SCALES) {
    // A table inside a table is not set smaller than its outer table's smallest size.
    scale = Math.max(smallest, (options.baseScale ?? 1) * step);
    extents = gridExtents(grid, options.headerRows, { look: options.look, scale, bold: options.bold });
    if (shortWordsFit(extents, contentWidth, floor)) break;
  }
  const widths = columnWidths(extents, contentWidth, floor);
  return {
    columns: toTwips(
      widths.map((width) => width + CELL_MARGINS_PT),
      options.widthPt,
    ),
    scale,
  };
}

/** Points to whole twips summing to the table's width exactly: the last column takes what rounding leaves. */
function toTwips(widthsPt: number[], totalPt: number): number[] {
  const total = Math.round(totalPt * TWIPS_PER_POINT);
  const twips = widthsPt.map((width) => Math.max(1, Math.round(width * TWIPS_PER_POINT)));
  twips[twips.length - 1] += total - twips.reduce((sum, width) => sum + width, 0);
  return twips;
}
