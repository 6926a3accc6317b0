/**
 * Column widths from the cells' content, as CSS 2.1 automatic table layout shares out a table as wide
 * as the text: one algorithm for the PDF writer (formats/pdf/tables.ts) and the DOCX grid
 * (formats/docx/tableSizing.ts), so a table's columns come out alike in both. Each writer measures its
 * cells (min-content, max-content and short-word widths) with the same fonts and break opportunities
 * (document/fontMetrics.ts, document/lineBreaks.ts) and hands the extents here.
 */

/** Words of up to this many letters are kept whole in table columns while the table can hold them. */
export const SHORT_WORD = 12;

/**
 * Text sizes tried for a table, largest first, until its columns hold their words of up to SHORT_WORD
 * letters whole (a share of the size the text would have outside the table).
 */
export const TABLE_TEXT_SCALES = [1, 0.9, 0.8];

/** A cell placed on a table's grid: the first column it covers and how many. */
export interface SpannedCell {
  column: number;
  colSpan: number;
}

/**
 * Min-content and max-content widths of one cell's content, or of one column (content widths,
 * without padding), and `short`: the widest word of at most SHORT_WORD letters.
 */
export interface Extent {
  min: number;
  max: number;
  short: number;
}

/** Adds `needed - sum` to values[from, from + count) in proportion to `weights` (evenly when they are all zero). */
function widen(values: number[], weights: number[], from: number, count: number, needed: number): void {
  let have = 0;
  let weight = 0;
  for (let c = from; c < from + count; c++) {
    have += values[c];
    weight += weights[c];
  }
  if (have >= needed) return;
  const extra = needed - have;
  for (let c = from; c < from + count; c++) values[c] += weight > 0 ? (extra * weights[c]) / weight : extra / count;
}

/**
 * Column extents as CSS 2.1 automatic table layout (§17.5.2.2) computes them: each column is as
 * wide as its widest single-column cell; a spanning cell (narrowest spans first) widens the
 * columns it spans in proportion to their max-content widths until, with the `spanGap` between
 * them (padding and rule), they hold it.
 */
export function columnExtents<Cell extends SpannedCell>(
  grid: { columns: number; rows: readonly (readonly Cell[])[] },
  cellExtent: (cell: Cell) => Extent,
  spanGap: number,
): Extent[] {
  const min = new Array<number>(grid.columns).fill(0);
  const max = new Array<number>(grid.columns).fill(0);
  const short = new Array<number>(grid.columns).fill(0);
  const spanning: { placed: Cell; extent: Extent }[] = [];
  for (const row of grid.rows) {
    for (const placed of row) {
      const extent = cellExtent(placed);
      if (placed.colSpan > 1) spanning.push({ placed, extent });
      else {
        min[placed.column] = Math.max(min[placed.column], extent.min);
        max[placed.column] = Math.max(max[placed.column], extent.max);
        short[placed.column] = Math.max(short[placed.column], extent.short);
      }
    }
  }
  spanning.sort((a, b) => a.placed.colSpan - b.placed.colSpan);
  for (const { placed, extent } of spanning) {
    const gaps = (placed.colSpan - 1) * spanGap;
    const weights = [...max];
    widen(min, weights, placed.column, placed.colSpan, extent.min - gaps);
    widen(max, weights, placed.column, placed.colSpan, extent.max - gaps);
    widen(short, weights, placed.column, placed.colSpan, extent.short - gaps);
  }
  return min.map((value, column) => ({
    min: value,
    max: Math.max(value, max[column]),
    short: Math.min(value, short[column]),
  }));
}

const sum = (values: number[]): number => values.reduce((total, value) => total + value, 0);

/**
 * Widths between `lower` and `upper` summing to `total` (when the lowers allow): the columns that
 * would take the most are held to a common cap, the largest at which the sum fits.
 */
function capped(lower: number[], upper: number[], total: number): number[] {
  const widths = (cap: number): number[] => lower.map((least, column) => Math.max(least, Math.min(upper[column], cap)));
  let low = 0;
  let high = Math.max(...upper);
  for (let step = 0; step < 40; step++) {
    const middle = (low + high) / 2;
    if (sum(widths(middle)) <= total) low = middle;
    else high = middle;
  }
  return widths(low);
}

/** Whether columns of these extents can hold their words of up to SHORT_WORD letters whole. */
export function shortWordsFit(extents: Extent[], contentWidth: number, floor: number): boolean {
  const least = Math.min(floor, contentWidth / extents.length);
  return (
    sum(extents.map((extent) => Math.max(least, Math.min(extent.short, extent.min, contentWidth)))) <= contentWidth
  );
}

/** Widths from `lower` towards `upper`, the room over the lowers shared in proportion to upper minus lower. */
function between(lower: number[], upper: number[], total: number): number[] {
  const share = (total - sum(lower)) / (sum(upper) - sum(lower));
  return lower.map((width, column) => width + (upper[column] - width) * share);
}

/**
 * Column widths (content widths, without padding) summing to `contentWidth`, the table always as
 * wide as the text, as a browser shares out a 100 %-wide table with automatic layout:
 * - every cell fits on one line: columns grow in proportion to their max-content widths;
 * - the longest words fit: each column gets its min-content width, and the rest is shared in
 *   proportion to how much more each column would take (max-content minus min-content);
 * - only words of up to SHORT_WORD letters fit: the same from those words' widths, so that longer
 *   words (compounds, which hyphenate well) break rather than squeeze the columns of running text;
 * - not even those fit: the columns with the widest words are held to a common width.
 * No column is narrower than `floor` while the width allows.
 */
export function columnWidths(extents: Extent[], contentWidth: number, floor: number): number[] {
  const columns = extents.length;
  const least = Math.min(floor, contentWidth / columns);
  const minimum = extents.map((extent) => Math.max(least, Math.min(extent.min, contentWidth)));
  const maximum = extents.map((extent, column) => Math.max(minimum[column], Math.min(extent.max, contentWidth)));
  const short = extents.map((extent, column) => Math.max(least, Math.min(extent.short, minimum[column])));
  const totalMaximum = sum(maximum);
  if (totalMaximum <= contentWidth) return maximum.map((width) => (width * contentWidth) / totalMaximum);
  if (sum(minimum) <= contentWidth) return between(minimum, maximum, contentWidth);
  if (sum(short) <= contentWidth) return between(short, maximum, contentWidth);
  const widths = capped(new Array<number>(columns).fill(least), short, contentWidth);
  // What the search leaves over (or the floors overshoot) is shared evenly.
  const rest = (contentWidth - sum(widths)) / columns;
  return widths.map((width) => width + rest);
}
