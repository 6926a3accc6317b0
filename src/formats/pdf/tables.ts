/**
 * Table geometry: the AST lists only the cells present in each row (HTML style); pdfmake wants a
 * full grid with placeholders under every span, and column widths. Widths are fixed from the
 * cells' content by the column sizing the DOCX writer shares (document/tableColumns.ts), as HTML's
 * automatic table layout does, so the writer knows each cell's width when it breaks lines and scales images.
 */
import type { TableCell, TableRow } from '../../document/types';

export { columnExtents, columnWidths, type Extent, shortWordsFit } from '../../document/tableColumns';

/** A cell placed on the grid at its top-left slot. */
export interface PlacedCell {
  cell: TableCell;
  row: number;
  column: number;
  rowSpan: number;
  colSpan: number;
}

export interface TableGrid {
  columns: number;
  /** Per row, the cells starting in it. */
  rows: PlacedCell[][];
  /** Columns past MAX_COLUMNS, not placed (the writer says so under the table). */
  omittedColumns: number;
}

/** As in the DOCX writer (Word's limit): cells further right are left out, with a note. */
export const MAX_COLUMNS = 63;

const span = (value: number | undefined): number => (typeof value === 'number' && value >= 1 ? Math.floor(value) : 1);

export function placeCells(rows: TableRow[]): TableGrid {
  const taken: boolean[][] = rows.map(() => []);
  const placed: PlacedCell[][] = rows.map(() => []);
  let columns = 0;
  /** How far right the widest row reaches, left-out cells included. */
  let reach = 0;
  rows.forEach((row, rowIndex) => {
    let column = 0;
    for (const cell of row.cells) {
      while (taken[rowIndex][column]) column++;
      const wanted = Math.min(span(cell.colSpan), MAX_COLUMNS);
      reach = Math.max(reach, column + wanted);
      if (column >= MAX_COLUMNS) {
        column += wanted;
        continue;
      }
      let colSpan = Math.min(wanted, MAX_COLUMNS - column);
      // A span stops where a cell spanning down from a row above already sits.
      for (let offset = 1; offset < colSpan; offset++) {
        if (taken[rowIndex][column + offset]) {
          colSpan = offset;
          break;
        }
      }
      const rowSpan = Math.min(span(cell.rowSpan), rows.length - rowIndex);
      for (let r = rowIndex; r < rowIndex + rowSpan; r++) {
        for (let c = column; c < column + colSpan; c++) taken[r][c] = true;
      }
      placed[rowIndex].push({ cell, row: rowIndex, column, rowSpan, colSpan });
      column += colSpan;
      columns = Math.max(columns, column);
    }
  });
  // Later rows' spans may reach further right than any row start; count those columns too.
  for (const row of taken) columns = Math.max(columns, row.length);
  return { columns, rows: placed, omittedColumns: Math.max(0, reach - MAX_COLUMNS) };
}

/** Mirrors the grid for right-to-left documents: the first column goes to the right. */
export function mirrorGrid(grid: TableGrid): TableGrid {
  return {
    ...grid,
    rows: grid.rows.map((row) =>
      row
        .map((placed) => ({ ...placed, column: grid.columns - placed.column - placed.colSpan }))
        .sort((a, b) => a.column - b.column),
    ),
  };
}

/**
 * Cuts a grid too wide for the page into bands of at most `size` columns, each with every row.
 * A cell spanning into the next band is cut at the band's edge (its content stays in the first).
 */
export function columnBands(grid: TableGrid, size: number): TableGrid[] {
  if (grid.columns <= size) return [grid];
  const bands: TableGrid[] = [];
  for (let start = 0; start < grid.columns; start += size) {
    const end = Math.min(start + size, grid.columns);
    bands.push({
      columns: end - start,
      rows: grid.rows.map((row) =>
        row
          .filter((placed) => placed.column >= start && placed.column < end)
          .map((placed) => ({
            ...placed,
            column: placed.column - start,
            colSpan: Math.min(placed.colSpan, end - placed.column),
          })),
      ),
      omittedColumns: 0,
    });
  }
  return bands;
}
