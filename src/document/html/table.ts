/** A parsed table -> the model's rectangular table: spans clamped, ragged rows padded, oversized tables cut. */
import type { Block, TableCell, TableRow } from '../types';
import { TO_LAST_ROW } from './attributes';
import { MAX_TABLE_CELLS, MAX_TABLE_COLUMNS } from './limits';

export interface ParsedCell {
  blocks: Block[];
  colSpan: number;
  /** TO_LAST_ROW (0) or at least 1. */
  rowSpan: number;
}

export interface ParsedRow {
  cells: ParsedCell[];
  allHeaderCells: boolean;
}

/**
 * Rows in display order (head, body, foot), spans clamped to the table, and every row padded with
 * empty cells to the same grid width (counting cells spanning down from rows above), so writers
 * can lay the table out without checks. Header rows: the <thead> rows and the all-<th> rows after them.
 *
 * Padding multiplies: one wide row widens every row. So the grid stops at MAX_TABLE_COLUMNS (cells
 * past it join the last cell of their row) and at MAX_TABLE_CELLS (rows past it follow the table
 * as paragraphs). Returns the table, then those paragraphs; nothing for a table without cells.
 */
export function assembleTable(
  head: ParsedRow[],
  body: ParsedRow[],
  foot: ParsedRow[],
  warn: (message: string) => void,
): Block[] {
  const parsed = [...head, ...body, ...foot].filter((row) => row.cells.length > 0);
  if (parsed.length === 0) return [];
  let headerRows = head.filter((row) => row.cells.length > 0).length;
  const headAndBody = parsed.length - foot.filter((row) => row.cells.length > 0).length;
  while (headerRows < headAndBody && parsed[headerRows].allHeaderCells) headerRows++;

  const coveredFromAbove: number[] = []; // per grid column: rows it stays covered by a rowspan above
  const laidOut: { cells: TableCell[]; filled: boolean[] }[] = [];
  const following: Block[] = []; // content that does not fit in the grid, in reading order
  let width = 0;
  let narrowed = false;
  for (const [rowIndex, row] of parsed.entries()) {
    const rowsLeft = parsed.length - rowIndex;
    const filled = coveredFromAbove.map((rows) => rows > 0);
    let column = 0;
    const cells: TableCell[] = [];
    const pastLastColumn: Block[] = []; // the row's cells that start past the last column, in order
    for (const cell of row.cells) {
      while (filled[column]) column++;
      if (column >= MAX_TABLE_COLUMNS) {
        appendBlocks(pastLastColumn, cell.blocks);
        continue;
      }
      const colSpan = Math.min(cell.colSpan, MAX_TABLE_COLUMNS - column);
      const rowSpan = cell.rowSpan === TO_LAST_ROW ? rowsLeft : Math.min(cell.rowSpan, rowsLeft);
      for (let spanned = column; spanned < column + colSpan; spanned++) {
        filled[spanned] = true;
        coveredFromAbove[spanned] = Math.max(coveredFromAbove[spanned] ?? 0, rowSpan);
      }
      column += colSpan;
      cells.push(tableCell(cell.blocks, colSpan, rowSpan));
    }
    if ((laidOut.length + 1) * Math.max(width, filled.length) > MAX_TABLE_CELLS) {
      warn(
        `A table larger than ${MAX_TABLE_CELLS.toLocaleString('en')} cells was cut after row ${laidOut.length}: the rows after it follow the table as paragraphs`,
      );
      for (const rest of parsed.slice(rowIndex)) for (const cell of rest.cells) appendBlocks(following, cell.blocks);
      break;
    }
    if (pastLastColumn.length > 0 || row.cells.length > cells.length) {
      narrowed = true;
      // They come after every cell of the row that fits: the last one takes them (or, when spans
      // from above cover the whole row, the paragraphs after the table).
      const last = cells[cells.length - 1];
      if (last) last.blocks = last.blocks.concat(pastLastColumn);
      else appendBlocks(following, pastLastColumn);
    }
    width = Math.max(width, filled.length);
    laidOut.push({ cells, filled });
    for (let index = 0; index < coveredFromAbove.length; index++) {
      coveredFromAbove[index] = Math.max((coveredFromAbove[index] ?? 0) - 1, 0);
    }
  }
  if (narrowed)
    warn(
      `A table wider than ${MAX_TABLE_COLUMNS} columns was narrowed: the cells past column ${MAX_TABLE_COLUMNS} were added to the last cell of their row`,
    );
  const rows: TableRow[] = laidOut.map(({ cells, filled }, rowIndex) => {
    // A rowspan may have reached into rows that were cut.
    for (const cell of cells) clampRowSpan(cell, laidOut.length - rowIndex);
    const filledCount = filled.filter(Boolean).length;
    for (let missing = width - filledCount; missing > 0; missing--) cells.push({ blocks: [] });
    return { cells };
  });
  return [{ type: 'table', rows, headerRows: Math.min(headerRows, rows.length) }, ...following];
}

/** Appends without spreading: a cell may hold more blocks than a call can take arguments. */
function appendBlocks(target: Block[], blocks: Block[]): void {
  for (const block of blocks) target.push(block);
}

function clampRowSpan(cell: TableCell, rowsLeft: number): void {
  if (cell.rowSpan === undefined || cell.rowSpan <= rowsLeft) return;
  if (rowsLeft > 1) cell.rowSpan = rowsLeft;
  else delete cell.rowSpan;
}

function tableCell(blocks: Block[], colSpan: number, rowSpan: number): TableCell {
  const cell: TableCell = { blocks };
  if (colSpan > 1) cell.colSpan = colSpan;
  if (rowSpan > 1) cell.rowSpan = rowSpan;
  return cell;
}
