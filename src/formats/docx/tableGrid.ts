/**
 * A table's cells laid on Word's grid. The model follows HTML (a cell a row span covers is absent
 * from the rows below); Word needs every row to cover the same columns, so spans are clamped to the
 * table and to the cells spanning down from above, and rows padded with empty cells.
 */
import type { Block, TableCell } from '../../document/types';

/** Word's limit. */
const MAX_TABLE_COLUMNS = 63;

export interface GridCell {
  blocks: Block[];
  /** The first grid column the cell covers. */
  column: number;
  colSpan: number;
  rowSpan: number;
}

export interface TableGrid {
  rows: GridCell[][];
  columns: number;
}

/** The rows' cells on the grid; no rows when no row has a cell. */
export function tableGrid(rows: readonly { cells: readonly TableCell[] }[]): TableGrid {
  const covered: Set<number>[] = rows.map(() => new Set());
  const grid: GridCell[][] = [];
  let columns = 0;
  rows.forEach((row, r) => {
    const cells: GridCell[] = [];
    let column = 0;
    for (const cell of row.cells) {
      while (covered[r].has(column)) column++;
      if (column >= MAX_TABLE_COLUMNS) break;
      let colSpan = clampSpan(cell.colSpan, MAX_TABLE_COLUMNS - column);
      // A span stops where a cell spanning down from a row above sits, as in the PDF writer
      // (tables.ts): otherwise the row covers more columns than the grid has.
      for (let offset = 1; offset < colSpan; offset++) {
        if (covered[r].has(column + offset)) {
          colSpan = offset;
          break;
        }
      }
      const rowSpan = clampSpan(cell.rowSpan, rows.length - r);
      for (let below = r + 1; below < r + rowSpan; below++) {
        for (let c = column; c < column + colSpan; c++) covered[below].add(c);
      }
      cells.push({ blocks: Array.isArray(cell.blocks) ? cell.blocks : [], column, colSpan, rowSpan });
      column += colSpan;
    }
    grid.push(cells);
    let width = column;
    for (const c of covered[r]) width = Math.max(width, c + 1);
    columns = Math.max(columns, width);
  });
  if (columns === 0) return { rows: [], columns: 0 };
  grid.forEach((cells, r) => {
    // Fill the columns after the row's own cells that no span from above covers with empty cells.
    const last = cells[cells.length - 1];
    let gapStart = -1;
    for (let c = last ? last.column + last.colSpan : 0; c <= columns; c++) {
      const free = c < columns && !covered[r].has(c);
      if (free && gapStart < 0) gapStart = c;
      if (!free && gapStart >= 0) {
        cells.push({ blocks: [], column: gapStart, colSpan: c - gapStart, rowSpan: 1 });
        gapStart = -1;
      }
    }
  });
  return { rows: grid, columns };
}

/** The span as a whole number from 1 to `max`. */
function clampSpan(span: number | undefined, max: number): number {
  const value = typeof span === 'number' && Number.isFinite(span) ? Math.floor(span) : 1;
  return Math.max(Math.min(value, max), 1);
}
