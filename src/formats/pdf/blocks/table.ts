/**
 * A table: columns sized to their content (tables.ts), bands of columns below one another when
 * they do not fit the width, header rows repeated on every page while they are short, rows kept
 * whole while they fit a page, and a smaller text size before words are cut.
 */
import type { ContentTable, CustomTableLayout, TableCell as PdfTableCell } from 'pdfmake/interfaces';
import type { TableCell } from '../../../document/types';
import { blocksExtent, type ExtentContext } from '../extent';
import { imageDisplayWidth } from '../images';
import { addHeights, type Placed, stacked, sumHeights } from '../placed';
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
} from '../tables';
import { tagNode } from '../tags';
import { LINE_HEIGHT } from '../text';
import { answerHeadingLook, headingLook, paragraphLook, RULE_COLOR, SHADE_COLOR } from '../theme';
import { QUOTE_BAR, QUOTE_GAP } from './blockquote';
import { CODE_PADDING, codeInlines, codeLook } from './code';
import {
  type BlockHandler,
  type DocumentEnv,
  type Flow,
  type LayBlocks,
  MAX_DEPTH,
  minTextWidth,
  mirrored,
} from './context';
import { flattened } from './flattened';
import { listGap } from './list';
import { note, scaled, segmentsOf, trimLastMargin } from './lookText';

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

export const table: BlockHandler<'table'> = (block, { flow, env, depth, lay }) => {
  const grid = placeCells(block.rows);
  // Mirrored only when the table itself is right to left, not because the document is.
  const direction = block.direction ?? flow.direction;
  const tableFlow: Flow = { ...flow, direction };
  if (grid.columns === 0) return undefined;
  const columnPadding = 2 * CELL_PADDING_X + TABLE_RULE;
  if (depth >= MAX_DEPTH || flow.width - columnPadding - TABLE_RULE < minTextWidth(env))
    return flattened([block], flow, env, lay);
  const bandSize = Math.max(1, Math.floor((flow.width - TABLE_RULE) / (minTextWidth(env) + columnPadding)));
  const totalColumns = grid.columns + grid.omittedColumns;
  const parts: Placed[] = [];
  columnBands(grid, bandSize).forEach((band, index) => {
    const first = index * bandSize + 1;
    if (index > 0)
      parts.push(
        note(`[The table continues: columns ${first}\u2013${first + band.columns - 1} of ${totalColumns}.]`, flow, env),
      );
    const part = tableBand(direction === 'rtl' ? mirrorGrid(band) : band, block.headerRows, tableFlow, env, depth, lay);
    // A caption written just before the table is that table's Caption (see captionTag).
    if (index === 0 && env.captionedTable !== undefined) tagNode(part.node, { role: 'Table', key: env.captionedTable });
    parts.push(part);
  });
  env.captionedTable = undefined;
  if (grid.omittedColumns > 0) {
    parts.push(
      note(
        `[${grid.omittedColumns} more columns of this table are not shown: a table shows at most ${MAX_COLUMNS}.]`,
        flow,
        env,
      ),
    );
  }
  return stacked(parts);
};

/** Header rows are repeated on every page only while they take at most this share of it. */
const REPEATED_HEADER_SHARE = 1 / 4;
/** Header rows and the first body row are kept on one page only while they take at most this share of it. */
const KEPT_HEADER_SHARE = 1 / 3;
/** Text sizes tried for a table, largest first, until its short words fit in its columns. */
const TABLE_SCALES = [1, 0.9, 0.8];
/** Rows are kept whole while each is estimated at most at this share of the room a page leaves them. */
const UNBROKEN_ROW_SHARE = 0.8;

/** One table, as wide as the flow; its columns fit (see table). */
function tableBand(
  grid: TableGrid,
  requestedHeaderRows: number,
  flow: Flow,
  env: DocumentEnv,
  depth: number,
  lay: LayBlocks,
): Placed {
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
      const placed = tableCell(cell, { ...cellFlow, width, bold: flow.bold || isHeader }, env, depth, lay);
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

function tableCell(cell: TableCell, flow: Flow, env: DocumentEnv, depth: number, lay: LayBlocks): Placed[] {
  return trimLastMargin(lay(cell.blocks, { ...flow, inList: false }, env, depth + 1));
}
