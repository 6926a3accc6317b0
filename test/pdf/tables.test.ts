import { columnBands, columnWidths, MAX_COLUMNS, mirrorGrid, placeCells } from '../../src/exporters/pdf/tables';
import { paragraph } from './documents';

const cell = (value: string, spans: { colSpan?: number; rowSpan?: number } = {}) => ({ blocks: [paragraph(value)], ...spans });
const layoutOf = (grid: ReturnType<typeof placeCells>): string[][] =>
  grid.rows.map((row) => row.map((placed) => `${(placed.cell.blocks[0] as { content: Array<{ text: string }> }).content[0].text}@${placed.column}`));

describe('placeCells', () => {
  it('places cells around row and column spans, HTML style', () => {
    const grid = placeCells([
      { cells: [cell('a', { rowSpan: 2 }), cell('b', { colSpan: 2 })] },
      { cells: [cell('c'), cell('d')] },
      { cells: [cell('e'), cell('f'), cell('g')] },
    ]);
    expect(grid.columns).toBe(3);
    expect(layoutOf(grid)).toEqual([['a@0', 'b@1'], ['c@1', 'd@2'], ['e@0', 'f@1', 'g@2']]);
  });

  it('cuts spans at the table edge and at cells spanning down from above', () => {
    const grid = placeCells([{ cells: [cell('a'), cell('b', { rowSpan: 5 })] }, { cells: [cell('c', { colSpan: 4 })] }]);
    expect(grid.rows[0][1].rowSpan).toBe(2);
    expect(grid.rows[1][0]).toMatchObject({ column: 0, colSpan: 1 });
  });

  it('places at most 63 columns and counts those left out', () => {
    const grid = placeCells([{ cells: Array.from({ length: 70 }, (_, index) => cell(`c${index}`)) }, { cells: [cell('wide', { colSpan: 5 })] }]);
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

describe('columnWidths', () => {
  it('fills the width exactly and gives wordy columns more room', () => {
    const grid = placeCells([
      { cells: [cell('Id'), cell('A long description of the dataset, its provenance and the processing applied to it'), cell('Size')] },
      { cells: [cell('1'), cell('Another fairly long description of what the files contain'), cell('12 MB')] },
    ]);
    const widths = columnWidths(grid, 480, 10);
    expect(widths.reduce((sum, width) => sum + width, 0)).toBeCloseTo(480, 6);
    expect(widths[1]).toBeGreaterThan(widths[0] * 3);
    expect(Math.min(...widths)).toBeGreaterThanOrEqual(30);
  });

  it('shares the width evenly among empty columns, however many', () => {
    const widths = columnWidths(placeCells([{ cells: Array.from({ length: 30 }, () => cell('')) }]), 300, 10);
    expect(widths).toHaveLength(30);
    for (const width of widths) expect(width).toBeCloseTo(10, 6);
  });
});
