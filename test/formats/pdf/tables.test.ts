import {
  columnBands,
  columnExtents,
  columnWidths,
  MAX_COLUMNS,
  mirrorGrid,
  placeCells,
  shortWordsFit,
} from '../../../src/formats/pdf/tables';
import { paragraph } from '../../builders/documents';

const cell = (value: string, spans: { colSpan?: number; rowSpan?: number } = {}) => ({
  blocks: [paragraph(value)],
  ...spans,
});
const layoutOf = (grid: ReturnType<typeof placeCells>): string[][] =>
  grid.rows.map((row) =>
    row.map(
      (placed) => `${(placed.cell.blocks[0] as { content: Array<{ text: string }> }).content[0].text}@${placed.column}`,
    ),
  );

describe('placeCells', () => {
  it('places cells around row and column spans, HTML style', () => {
    const grid = placeCells([
      { cells: [cell('a', { rowSpan: 2 }), cell('b', { colSpan: 2 })] },
      { cells: [cell('c'), cell('d')] },
      { cells: [cell('e'), cell('f'), cell('g')] },
    ]);
    expect(grid.columns).toBe(3);
    expect(layoutOf(grid)).toEqual([
      ['a@0', 'b@1'],
      ['c@1', 'd@2'],
      ['e@0', 'f@1', 'g@2'],
    ]);
  });

  it('cuts spans at the table edge and at cells spanning down from above', () => {
    const grid = placeCells([
      { cells: [cell('a'), cell('b', { rowSpan: 5 })] },
      { cells: [cell('c', { colSpan: 4 })] },
    ]);
    expect(grid.rows[0][1].rowSpan).toBe(2);
    expect(grid.rows[1][0]).toMatchObject({ column: 0, colSpan: 1 });
  });

  it('places at most 63 columns and counts those left out', () => {
    const grid = placeCells([
      { cells: Array.from({ length: 70 }, (_, index) => cell(`c${index}`)) },
      { cells: [cell('wide', { colSpan: 5 })] },
    ]);
    expect([grid.columns, grid.omittedColumns]).toEqual([MAX_COLUMNS, 7]);
    expect(placeCells([{ cells: [cell('a'), cell('b')] }]).omittedColumns).toBe(0);
  });

  it('mirrors the grid for right-to-left tables', () => {
    const grid = mirrorGrid(placeCells([{ cells: [cell('a'), cell('b', { colSpan: 2 })] }]));
    expect(layoutOf(grid)).toEqual([['b@0', 'a@2']]);
  });
});

describe('columnBands', () => {
  it('cuts a wide grid into bands of columns, every row in each, spans cut at the band edge', () => {
    const grid = placeCells([
      { cells: [cell('a'), cell('b'), cell('c', { colSpan: 2 }), cell('d')] },
      { cells: [cell('e', { colSpan: 5 })] },
    ]);
    const bands = columnBands(grid, 3);
    expect(bands.map((band) => band.columns)).toEqual([3, 2]);
    expect(bands.map(layoutOf)).toEqual([
      [['a@0', 'b@1', 'c@2'], ['e@0']],
      [['d@1'], []],
    ]);
    expect(bands[0].rows[0][2].colSpan).toBe(1);
    expect(bands[0].rows[1][0].colSpan).toBe(3);
  });

  it('leaves a grid that fits as it is', () => {
    const grid = placeCells([{ cells: [cell('a'), cell('b')] }]);
    expect(columnBands(grid, 2)).toEqual([grid]);
  });
});

describe('columnExtents', () => {
  const extent = (min: number, max: number, short = min) => ({ min, max, short });

  it('takes each column from its widest cells, a spanning cell widening the columns it spans by their max-content', () => {
    const grid = placeCells([{ cells: [cell('a'), cell('b')] }, { cells: [cell('wide', { colSpan: 2 })] }]);
    const extents: Record<string, ReturnType<typeof extent>> = {
      a: extent(10, 30),
      b: extent(20, 90),
      wide: extent(70, 200),
    };
    const text = (placed: { cell: { blocks: unknown[] } }) =>
      (placed.cell.blocks[0] as { content: Array<{ text: string }> }).content[0].text;
    const columns = columnExtents(grid, (placed) => extents[text(placed)], 10);
    // The spanning cell needs 70 - 10 (the gap between the columns): 30 more, shared 30:90.
    expect(columns[0].min).toBeCloseTo(10 + 30 * 0.25, 6);
    expect(columns[1].min).toBeCloseTo(20 + 30 * 0.75, 6);
    // 190 needed, 120 there: 70 more, shared 30:90.
    expect(columns[0].max + columns[1].max).toBeCloseTo(190, 6);
  });
});

describe('columnWidths', () => {
  const extent = (min: number, max: number, short = min) => ({ min, max, short });
  const total = (widths: number[]) => widths.reduce((sum, width) => sum + width, 0);

  it('grows columns that all fit on one line in proportion to their max-content widths, to the full width', () => {
    const widths = columnWidths([extent(10, 20), extent(30, 60)], 160, 30);
    expect(total(widths)).toBeCloseTo(160, 6);
    expect(widths[1] / widths[0]).toBeCloseTo(2, 6);
  });

  it('gives every column its longest word, and the rest to the columns with the most text', () => {
    const widths = columnWidths([extent(40, 45), extent(55, 60), extent(60, 900)], 300, 30);
    expect(total(widths)).toBeCloseTo(300, 6);
    expect(widths[0]).toBeGreaterThanOrEqual(40);
    expect(widths[1]).toBeGreaterThanOrEqual(55);
    expect(widths[2]).toBeGreaterThan(150);
  });

  it('keeps short words whole when the longest words cannot all fit, leaving those to break', () => {
    // Column 2 holds a long compound (120) and short words up to 50.
    const widths = columnWidths([extent(60, 70), extent(58, 80), extent(120, 900, 50)], 220, 30);
    expect(total(widths)).toBeCloseTo(220, 6);
    expect(widths[0]).toBeGreaterThanOrEqual(60);
    expect(widths[1]).toBeGreaterThanOrEqual(58);
    expect(widths[2]).toBeGreaterThanOrEqual(50);
    expect(shortWordsFit([extent(60, 70), extent(58, 80), extent(120, 900, 50)], 220, 30)).toBe(true);
    expect(shortWordsFit([extent(60, 70), extent(58, 80), extent(120, 900, 50)], 150, 30)).toBe(false);
  });

  it('narrows the columns with the widest words first when not even short words fit', () => {
    const widths = columnWidths([extent(20, 30), extent(80, 90), extent(100, 120)], 150, 10);
    expect(total(widths)).toBeCloseTo(150, 6);
    expect(widths[0]).toBeCloseTo(20, 6);
    expect(widths[1]).toBeCloseTo(widths[2], 6);
  });

  it('shares the width evenly among empty columns, however many', () => {
    const widths = columnWidths(
      Array.from({ length: 30 }, () => extent(0, 0)),
      300,
      30,
    );
    expect(widths).toHaveLength(30);
    for (const width of widths) expect(width).toBeCloseTo(10, 6);
  });
});
