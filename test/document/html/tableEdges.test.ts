/**
 * Tables read from rich text at the edges mutation testing found unguarded: content written
 * between a table's parts (moved before the table, as browsers do), empty rows and tables, which
 * rows are header rows, spans written loosely, and a table's direction.
 */
import { htmlToBlocks } from '../../../src/document/html';
import type { Block, TableCell } from '../../../src/document/types';

type BlockOf<T extends Block['type']> = Extract<Block, { type: T }>;

function convert(html: string) {
  const warnings: string[] = [];
  const blocks = htmlToBlocks(html, { onWarning: (warning) => warnings.push(warning) });
  return { blocks, warnings };
}
const tableIn = (html: string) => convert(html).blocks.find((block) => block.type === 'table') as BlockOf<'table'>;
const paragraph = (text: string): Block => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const cell = (text: string): TableCell => ({ blocks: [paragraph(text)] });

describe('content between the parts of a table', () => {
  it.each([
    ['the table', '<table>before<div>note</div>after<tr><td>x</td></tr></table>'],
    ['a row group', '<table><tbody>before<div>note</div>after<tr><td>x</td></tr></tbody></table>'],
  ])('goes before the table, paragraph by paragraph, when written in %s', (_, html) => {
    expect(convert(html).blocks).toStrictEqual([
      paragraph('before'),
      paragraph('note'),
      paragraph('after'),
      { type: 'table', rows: [{ cells: [cell('x')] }], headerRows: 0 },
    ]);
  });

  it('goes before the table when written in a row between its cells, and is no cell', () => {
    expect(convert('<table><tr><td>a</td><b>stray</b><td>b</td></tr></table>').blocks).toStrictEqual([
      { type: 'paragraph', content: [{ type: 'text', text: 'stray', marks: { bold: true } }] },
      { type: 'table', rows: [{ cells: [cell('a'), cell('b')] }], headerRows: 0 },
    ]);
  });

  it('ends the paragraph before the table', () => {
    expect(convert('a<table>b<tr><td>c</td></tr></table>').blocks).toStrictEqual([
      paragraph('a'),
      paragraph('b'),
      { type: 'table', rows: [{ cells: [cell('c')] }], headerRows: 0 },
    ]);
  });
});

describe('empty rows and tables', () => {
  it.each(['<table></table>', '<table><tr></tr></table>', '<table><tbody><tr> </tr></tbody></table>'])(
    '%s leaves nothing, and the text around it stays two paragraphs',
    (table) => {
      expect(convert(`a${table}b`).blocks).toStrictEqual([paragraph('a'), paragraph('b')]);
    },
  );

  it('drops an empty row, so it neither becomes a row of empty cells nor shifts the spans', () => {
    const table = tableIn('<table><tr></tr><tr><td rowspan="2">a</td><td>b</td></tr><tr><td>c</td></tr></table>');
    expect(table.rows).toStrictEqual([{ cells: [{ ...cell('a'), rowSpan: 2 }, cell('b')] }, { cells: [cell('c')] }]);
  });
});

describe('header rows', () => {
  it('are the <thead> rows that have cells, not the body row after an empty <thead> row', () => {
    const table = tableIn(
      '<table><thead><tr></tr><tr><th>H</th></tr></thead><tbody><tr><td>a</td></tr><tr><td>b</td></tr></tbody></table>',
    );
    expect(table.rows.map((row) => row.cells[0])).toEqual([cell('H'), cell('a'), cell('b')]);
    expect(table.headerRows).toBe(1);
  });

  it('are never <tfoot> rows, however many, all-<th> or empty, they are', () => {
    const table = tableIn(
      '<table><tr><th>H</th></tr><tfoot><tr></tr><tr><th>F1</th></tr><tr><th>F2</th></tr></tfoot></table>',
    );
    expect(table.rows.map((row) => row.cells[0])).toEqual([cell('H'), cell('F1'), cell('F2')]);
    expect(table.headerRows).toBe(1);
  });
});

describe('spans', () => {
  it.each(['0', '2x', 'x2', ' 1 '])(
    'reads colspan="%s" as one column, so the row lines up with the row below',
    (span) => {
      const table = tableIn(
        `<table><tr><td colspan="${span}">a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>`,
      );
      expect(table.rows).toStrictEqual([{ cells: [cell('a'), cell('b')] }, { cells: [cell('c'), cell('d')] }]);
    },
  );

  it('keeps a rowspan that ends before the last row as written', () => {
    const table = tableIn(
      '<table><tr><td rowspan="2">a</td><td>1</td></tr><tr><td>2</td></tr><tr><td>3</td><td>4</td></tr></table>',
    );
    expect(table.rows).toStrictEqual([
      { cells: [{ ...cell('a'), rowSpan: 2 }, cell('1')] },
      { cells: [cell('2')] },
      { cells: [cell('3'), cell('4')] },
    ]);
  });

  it('narrows a colspan to the columns left of the 63 a table can have', () => {
    const table = tableIn('<table><tr><td>a</td><td colspan="63">b</td></tr></table>');
    expect(table.rows).toStrictEqual([{ cells: [cell('a'), { ...cell('b'), colSpan: 62 }] }]);
  });
});

describe('direction', () => {
  it('keeps the direction written on the table', () => {
    const table = tableIn('<table dir="rtl"><tr><td>c</td></tr></table>');
    expect(table).toMatchObject({ type: 'table', dir: 'rtl' });
  });
});
