/**
 * Table geometry: the AST lists only the cells present in each row (HTML style); pdfmake wants a
 * full grid with placeholders under every span, and column widths. Widths are fixed here (they
 * always add up to the width available) so the writer knows each cell's width when it breaks
 * right-to-left lines and scales images inside cells.
 */
import type { Block, TableCell, TableRow } from '../../document/types';
import { inlineText } from './runs';

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
      row.map((placed) => ({ ...placed, column: grid.columns - placed.column - placed.colSpan })).sort((a, b) => a.column - b.column),
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
          .map((placed) => ({ ...placed, column: placed.column - start, colSpan: Math.min(placed.colSpan, end - placed.column) })),
      ),
      omittedColumns: 0,
    });
  }
  return bands;
}

/** Rough text extent of blocks: total characters and the longest word (ideographs count double). */
function textExtent(blocks: Block[]): { chars: number; longestWord: number; fixedWidth: number } {
  let chars = 0;
  let longestWord = 0;
  let fixedWidth = 0;
  const addText = (text: string): void => {
    const weighted = text.replace(/[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/g, '  ');
    chars += weighted.length;
    for (const word of weighted.split(/\s+/)) longestWord = Math.max(longestWord, Math.min(word.length, 30));
  };
  const walk = (items: Block[]): void => {
    for (const block of items) {
      switch (block.type) {
        case 'heading':
        case 'paragraph':
          addText(inlineText(block.content));
          break;
        case 'list':
          for (const item of block.items) walk(item);
          chars += 3;
          break;
        case 'blockquote':
          walk(block.children);
          break;
        case 'code':
          addText(block.text);
          break;
        case 'table':
          for (const row of block.rows) for (const cell of row.cells) walk(cell.blocks);
          break;
        case 'image':
          fixedWidth = Math.max(fixedWidth, block.displayWidth ?? block.width * 0.75);
          break;
        case 'toc':
          addText(block.title);
          break;
        default:
          break;
      }
    }
  };
  walk(blocks);
  return { chars, longestWord, fixedWidth };
}

/**
 * Column widths (content widths, without padding) summing to `contentWidth`: columns start at
 * their longest word and share the rest in proportion to how much text they hold.
 */
export function columnWidths(grid: TableGrid, contentWidth: number, fontSize: number): number[] {
  const charWidth = fontSize * 0.55;
  const floor = Math.min(contentWidth / grid.columns, fontSize * 3);
  const minimum = new Array<number>(grid.columns).fill(floor);
  const desired = new Array<number>(grid.columns).fill(floor);
  for (const row of grid.rows) {
    for (const placed of row) {
      if (placed.colSpan !== 1) continue;
      const extent = textExtent(placed.cell.blocks);
      const column = placed.column;
      minimum[column] = Math.max(minimum[column], Math.min(extent.longestWord * charWidth, contentWidth / grid.columns), Math.min(extent.fixedWidth, contentWidth / 2));
      desired[column] = Math.max(desired[column], minimum[column], Math.min(extent.chars * charWidth, contentWidth));
    }
  }
  const sum = (values: number[]): number => values.reduce((total, value) => total + value, 0);
  const totalDesired = sum(desired);
  if (totalDesired <= contentWidth) return desired.map((width) => (width / totalDesired) * contentWidth);
  const totalMinimum = sum(minimum);
  if (totalMinimum >= contentWidth) return minimum.map((width) => (width / totalMinimum) * contentWidth);
  const spare = contentWidth - totalMinimum;
  const wants = desired.map((width, index) => width - minimum[index]);
  const totalWants = sum(wants);
  return minimum.map((width, index) => width + (totalWants > 0 ? (wants[index] / totalWants) * spare : spare / grid.columns));
}
