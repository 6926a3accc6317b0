/**
 * Tables as WordprocessingML: columns sized from their content (tableSizing.ts) with automatic
 * layout, header rows repeated on each page, bold and shaded, merged cells (`w:gridSpan`,
 * `w:vMerge`), thin grey borders, as docx wrote them.
 */
import { type DocumentLook, TABLE_CELL_PADDING } from '../../document/look';
import type { Block } from '../../document/types';
import { cellFrame, type Frame } from './frames';
import { TWIPS_PER_POINT } from './page';
import { tableGrid, type GridCell, type TableGrid } from './tableGrid';
import { sizeTable } from './tableSizing';
import { escapeXml } from './xml';

const BORDER = 'w:val="single" w:color="A6A6A6" w:sz="4"';
const BORDERS = `<w:tblBorders>${['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map((side) => `<w:${side} ${BORDER}/>`).join('')}</w:tblBorders>`;
const HEADER_SHADING = '<w:shd w:fill="F2F2F2" w:color="auto" w:val="clear"/>';
/**
 * The look's cell padding on the table itself, so the columns' widths (sized with it) hold in a
 * Word shell too, whose table style may pad otherwise.
 */
const CELL_MARGINS = (() => {
  const [x, y] = [TABLE_CELL_PADDING.x * TWIPS_PER_POINT, TABLE_CELL_PADDING.y * TWIPS_PER_POINT];
  return (
    `<w:tblCellMar><w:top w:w="${y}" w:type="dxa"/><w:left w:w="${x}" w:type="dxa"/>` +
    `<w:bottom w:w="${y}" w:type="dxa"/><w:right w:w="${x}" w:type="dxa"/></w:tblCellMar>`
  );
})();

export interface TableLayout {
  style: string;
  widthTwips: number;
  /** Grid column widths in twips, summing to `widthTwips`. */
  columns: number[];
  /** From the left margin, in twips (0: none). */
  indent: number;
  headerRows: number;
  /** Columns run right to left. */
  visuallyRightToLeft: boolean;
}

const cellWidth = (widths: readonly number[], cell: GridCell): number => {
  let twips = 0;
  for (let c = cell.column; c < cell.column + cell.colSpan; c++) twips += widths[c];
  return twips;
};

function cellProperties(
  twips: number,
  colSpan: number,
  merge: 'restart' | 'continue' | undefined,
  header: boolean,
): string {
  return (
    `<w:tcPr><w:tcW w:type="dxa" w:w="${twips}"/>` +
    (colSpan > 1 ? `<w:gridSpan w:val="${colSpan}"/>` : '') +
    (merge ? `<w:vMerge w:val="${merge}"/>` : '') +
    (header ? HEADER_SHADING : '') +
    '</w:tcPr>'
  );
}

/**
 * The table. `cellContent` gives a cell's block-level XML (ending in a paragraph, as Word wants);
 * the rows a cell spans down get an empty continuing cell each.
 */
export function tableXml(
  grid: TableGrid,
  layout: TableLayout,
  cellContent: (cell: GridCell, row: number, widthTwips: number) => string,
): string {
  const widths = layout.columns;
  let xml =
    `<w:tbl><w:tblPr><w:tblStyle w:val="${escapeXml(layout.style)}"/>` +
    (layout.visuallyRightToLeft ? '<w:bidiVisual/>' : '') +
    `<w:tblW w:type="dxa" w:w="${layout.widthTwips}"/>` +
    (layout.indent > 0 ? `<w:tblInd w:type="dxa" w:w="${layout.indent}"/>` : '') +
    // Automatic layout: Word widens a column whose word does not fit rather than breaking the word.
    `${BORDERS}<w:tblLayout w:type="autofit"/>${CELL_MARGINS}</w:tblPr><w:tblGrid>${widths.map((w) => `<w:gridCol w:w="${w}"/>`).join('')}</w:tblGrid>`;
  /** Cells spanning down, continued in the rows below theirs by an empty merged cell each. */
  const continuing: { cell: GridCell; lastRow: number; header: boolean }[] = [];
  grid.rows.forEach((cells, r) => {
    const header = r < layout.headerRows;
    const written: { column: number; xml: string }[] = [];
    for (const cell of cells) {
      const twips = cellWidth(widths, cell);
      if (cell.rowSpan > 1) continuing.push({ cell, lastRow: r + cell.rowSpan - 1, header });
      const properties = cellProperties(twips, cell.colSpan, cell.rowSpan > 1 ? 'restart' : undefined, header);
      written.push({ column: cell.column, xml: `<w:tc>${properties}${cellContent(cell, r, twips)}</w:tc>` });
    }
    for (const span of continuing) {
      if (r <= spanStartRow(span) || r > span.lastRow) continue;
      written.push({
        column: span.cell.column,
        xml: `<w:tc>${cellProperties(cellWidth(widths, span.cell), span.cell.colSpan, 'continue', span.header)}<w:p/></w:tc>`,
      });
    }
    written.sort((a, b) => a.column - b.column);
    xml += `<w:tr>${header ? '<w:trPr><w:tblHeader/></w:trPr>' : ''}${written.map((cell) => cell.xml).join('')}</w:tr>`;
  });
  return xml + '</w:tbl>';
}

const spanStartRow = (span: { cell: GridCell; lastRow: number }): number => span.lastRow - span.cell.rowSpan + 1;

/** A table gets an inch at least; one nested where there is less room is written as its cells' content. */
const MIN_TABLE_TWIPS = 1440;

/**
 * A table block as it stands in `frame`: its grid sized from its content (tableSizing.ts), each
 * cell's blocks rendered by `cellXml` in the cell's frame; `tooNarrow` (with the grid) when the
 * frame has no room for it, `xml` empty when it has no cells.
 */
export function tableBlockXml(
  block: Extract<Block, { type: 'table' }>,
  frame: Frame,
  options: { style: string; look: DocumentLook; cellXml: (blocks: Block[], frame: Frame) => string },
): { xml: string } | { tooNarrow: TableGrid } {
  const grid = tableGrid(block.rows);
  if (grid.rows.length === 0) return { xml: '' };
  const widthTwips = Math.round(frame.widthPt * TWIPS_PER_POINT);
  // Each table nested in a cell is a cell's margins narrower. One with less than an inch would
  // overflow its cell, and LibreOffice loses the text of tables overflowing many levels deep.
  if (widthTwips < MIN_TABLE_TWIPS) return { tooNarrow: grid };
  const headerRows = Math.max(0, Math.min(Math.floor(block.headerRows) || 0, grid.rows.length));
  const direction = block.direction ?? frame.direction;
  const sized = sizeTable(block.rows, grid, {
    widthPt: widthTwips / TWIPS_PER_POINT,
    headerRows,
    bold: false,
    look: options.look,
    baseScale: frame.fontScale,
  });
  const layout: TableLayout = {
    style: options.style,
    widthTwips,
    columns: sized.columns,
    indent: frame.indent,
    headerRows,
    // Columns run right to left only in a right-to-left table, whatever the document's language.
    visuallyRightToLeft: block.direction === 'rtl',
  };
  const xml = tableXml(grid, layout, (cell, r, cellTwips) => {
    const content = options.cellXml(cell.blocks, cellFrame(cellTwips, r < headerRows, direction, sized.scale));
    // A cell must end with a paragraph, or Word reports the file as damaged.
    return content.endsWith('</w:p>') || content.endsWith('<w:p/>') ? content : `${content}<w:p/>`;
  });
  return { xml };
}
