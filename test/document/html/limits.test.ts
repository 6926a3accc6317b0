/**
 * Hostile rich text stays cheap: nothing the input asks for (a wide row, deep nesting) multiplies
 * what is built, and what is cut is reported. How long these inputs take (milliseconds; tens of
 * seconds before the fixes) is checked by `npm run bench:hostile`, not here: a machine's speed
 * is no test result.
 */
import { htmlToBlocks, htmlToPlainText, type HtmlOptions } from '../../../src/document/html';
import { blocksToPlainText } from '../../../src/document/text';
import type { Block } from '../../../src/document/types';
import { png } from '../../builders/imageBytes';

type BlockOf<T extends Block['type']> = Extract<Block, { type: T }>;

function convert(html: string, options: HtmlOptions = {}): { blocks: Block[]; warnings: string[] } {
  const warnings: string[] = [];
  const blocks = htmlToBlocks(html, { ...options, onWarning: (message) => warnings.push(message) });
  return { blocks, warnings };
}

const cellCount = (table: BlockOf<'table'>) => table.rows.reduce((count, row) => count + row.cells.length, 0);

describe('tables: padding is bounded', () => {
  it('keeps at most 63 columns: the cells past them join the last cell of their row', () => {
    const wide = `<table><tr>${Array.from({ length: 100 }, (_, index) => `<td>c${index}</td>`).join('')}</tr><tr><td>below</td></tr></table>`;
    const { blocks, warnings } = convert(wide);
    const table = blocks[0] as BlockOf<'table'>;
    expect(table.rows.map((row) => row.cells.length)).toEqual([63, 63]);
    const lastCell = blocksToPlainText(table.rows[0].cells[62].blocks);
    expect(lastCell.split('\n')).toEqual(Array.from({ length: 38 }, (_, index) => `c${index + 62}`));
    expect(warnings).toEqual([expect.stringContaining('wider than 63 columns')]);
  });

  it('does not pad every row to one huge row: a 10,000-cell row over 10,000 rows stays under 100,000 cells', () => {
    const html = `<table><tr>${'<td>'.repeat(10_000)}</tr>${'<tr><td>x</td></tr>'.repeat(10_000)}</table>`;
    const result = convert(html);
    const [table, ...after] = result.blocks;
    expect(table.type).toBe('table');
    expect(cellCount(table as BlockOf<'table'>)).toBeLessThanOrEqual(100_000);
    // The rows that no longer fit follow the table, their text kept.
    const rowsInTable = (table as BlockOf<'table'>).rows.length;
    expect(after).toHaveLength(10_001 - rowsInTable);
    expect(
      blocksToPlainText(after)
        .split('\n')
        .every((line) => line === 'x'),
    ).toBe(true);
    expect(result.warnings).toEqual(expect.arrayContaining([expect.stringContaining('was cut after row')]));
  });

  it('keeps every cell once when a row is both too wide and past the cell limit', () => {
    const rows = Array.from(
      { length: 1_600 },
      (_, index) => `<tr>${'<td>'.repeat(62)}<td>a${index}</td><td>b${index}</td></tr>`,
    );
    const text = blocksToPlainText(convert(`<table>${rows.join('')}</table>`).blocks);
    for (const word of ['a10', 'b10', 'a1587', 'b1587', 'a1599', 'b1599'])
      expect(text.match(new RegExp(`\\b${word}\\b`, 'g'))).toHaveLength(1);
  });

  it('warns that a table was narrowed even when the cells past column 63 are empty', () => {
    const { blocks, warnings } = convert(`<table><tr>${'<td>a</td>'.repeat(63)}<td></td></tr></table>`);
    expect((blocks[0] as BlockOf<'table'>).rows[0].cells).toHaveLength(63);
    expect(warnings).toEqual([expect.stringContaining('wider than 63 columns was narrowed')]);
  });

  it('puts a cell after the table when the cells spanning down from above fill all 63 columns of its row', () => {
    const { blocks, warnings } = convert(
      '<table><tr><td colspan="63" rowspan="2">wide</td></tr><tr><td>beside</td></tr></table>',
    );
    const [table, ...after] = blocks;
    expect((table as BlockOf<'table'>).rows.map((row) => row.cells.length)).toEqual([1, 0]);
    expect(after).toEqual([{ type: 'paragraph', content: [{ type: 'text', text: 'beside' }] }]);
    expect(warnings).toEqual([expect.stringContaining('wider than 63 columns was narrowed')]);
  });

  it('keeps exactly 100,000 cells, ends the rowspans reaching past them, and leaves the direction of what follows alone', () => {
    // 50 columns: 2,000 rows are 100,000 cells. The rowspans of the last two rows reach into the rows cut.
    const rows = [
      '<tr><td colspan="50">wide</td></tr>',
      ...Array.from({ length: 1_997 }, () => '<tr><td>x</td></tr>'),
      '<tr><td rowspan="5">long</td></tr>',
      '<tr><td rowspan="3">last</td></tr>',
      '<tr><td dir="ltr">after 1</td></tr>',
      '<tr><td dir="ltr">after 2</td></tr>',
    ];
    const { blocks, warnings } = convert(`<table dir="rtl">${rows.join('')}</table>`);
    const [table, ...after] = blocks as [BlockOf<'table'>, ...Block[]];
    expect(table.rows).toHaveLength(2_000);
    expect(table.dir).toBe('rtl');
    const inRtl = (text: string): Block => ({ type: 'paragraph', content: [{ type: 'text', text }], dir: 'rtl' });
    expect(table.rows[1_998].cells[0]).toEqual({ blocks: [inRtl('long')], rowSpan: 2 });
    expect(table.rows[1_999].cells[0]).toEqual({ blocks: [inRtl('last')] });
    expect(after).toEqual([
      { type: 'paragraph', content: [{ type: 'text', text: 'after 1' }], dir: 'ltr' },
      { type: 'paragraph', content: [{ type: 'text', text: 'after 2' }], dir: 'ltr' },
    ]);
    expect(warnings).toEqual([
      'A table larger than 100,000 cells was cut after row 2000: the rows after it follow the table as paragraphs',
    ]);
  });

  it('counts a row that widens the table at its new width: a wide last row can pass the cell limit', () => {
    // 2,000 rows of one column, then one of 50: 2,001 x 50 is over 100,000 cells.
    const html = `<table>${'<tr><td>x</td></tr>'.repeat(2_000)}<tr><td colspan="50">wide</td></tr></table>`;
    const { blocks, warnings } = convert(html);
    const [table, ...after] = blocks;
    expect((table as BlockOf<'table'>).rows).toHaveLength(2_000);
    expect(after).toEqual([{ type: 'paragraph', content: [{ type: 'text', text: 'wide' }] }]);
    expect(warnings).toEqual([expect.stringContaining('was cut after row 2000')]);
  });

  it('keeps a rowspan inside the rows that were kept', () => {
    const html = `<table><tr><td rowspan="0">tall</td>${'<td>'.repeat(62)}</tr>${'<tr><td>x</td></tr>'.repeat(2_000)}</table>`;
    const table = convert(html).blocks[0] as BlockOf<'table'>;
    expect(table.rows[0].cells[0].rowSpan).toBe(table.rows.length);
  });
});

describe('deep nesting: the pre-scan follows htmlparser2', () => {
  it('bounds alternating <p><li> nesting, which htmlparser2 nests (neither closes the other)', () => {
    const html = `${'<p><li>'.repeat(160_000)}bottom`;
    const result = convert(html);
    expect(blocksToPlainText(result.blocks)).toContain('bottom');
    expect(result.warnings).toEqual([expect.stringMatching(/nested more than 1000 levels/)]);
  });

  it('bounds <span/> nesting: outside SVG and MathML, "/>" does not close an element', () => {
    const result = convert(`${'<span/>'.repeat(100_000)}bottom`);
    expect(blocksToPlainText(result.blocks)).toBe('bottom');
    expect(result.warnings).toEqual([expect.stringMatching(/nested more than 1000 levels/)]);
  });

  it("skips comments: Word's conditional comment with 1,001 self-closed tags is no deep nesting", () => {
    const word = `<!--[if gte mso 9]><xml><w:LatentStyles>${'<w:LsdException Locked="false" Name="heading 1"/>'.repeat(1_001)}</w:LatentStyles></xml><![endif]-->`;
    const { blocks, warnings } = convert(`${word}<h2>Title</h2><p><b>bold</b> text</p>`);
    expect(warnings).toEqual([]);
    expect(blocks.map((block) => blocksToPlainText([block]))).toEqual(['Title', 'bold text']);
  });

  it('reads self-closing tags inside SVG as closed, and a script body as text', () => {
    const svg = `<svg>${'<path d="M0 0"/>'.repeat(2_000)}</svg>`;
    const script = `<script>${'<div>'.repeat(2_000)}</script>`;
    const { blocks, warnings } = convert(`${svg}${script}<p>after</p>`);
    expect(warnings).toEqual([]);
    expect(blocksToPlainText(blocks)).toBe('after');
  });

  it('leaves out the content of scripts, styles and templates when flattening a subtree too deep to walk', () => {
    const html = `${'<div>'.repeat(101)}text<script>SCRIPT()</script><style>p{color:red}</style><template>TPL</template>`;
    expect(blocksToPlainText(htmlToBlocks(html, { layout: true }))).toBe('text');
    expect(blocksToPlainText(htmlToBlocks(html))).toBe('text');
  });
});

describe('deep nesting in layout output (parsed once, the pre-scan only past the limit)', () => {
  const layout = (html: string) => {
    const warnings: string[] = [];
    const blocks = htmlToBlocks(html, { layout: true, onWarning: (message) => warnings.push(message) });
    return { text: blocksToPlainText(blocks), warnings };
  };

  it('flattens layout HTML nested more than 1000 levels deep to its text, and says so', () => {
    expect(layout(`${'<div>'.repeat(1_001)}bottom`)).toEqual({
      text: 'bottom',
      warnings: [expect.stringMatching(/nested more than 1000 levels/)],
    });
    expect(layout(`${'<p><li>'.repeat(160_000)}bottom`).warnings).toEqual([
      expect.stringMatching(/nested more than 1000 levels/),
    ]);
  });

  it('reads layout HTML exactly 1000 levels deep as it is, a void element at the bottom included', () => {
    const deepest = layout(`${'<div>'.repeat(1_000)}top<br>bottom`);
    expect(deepest.warnings).toEqual([]);
    expect(deepest.text).toMatch(/^top\s+bottom$/);
  });
});

describe('long runs of spaces are read in linear time', () => {
  const spaces = (count: number) => '&nbsp;'.repeat(count);

  it('trims a paragraph with 100,000 inner non-breaking spaces', () => {
    const result = htmlToPlainText(`<p>a${spaces(100_000)}b</p><p>c  </p>`);
    expect(result).toBe(`a${' '.repeat(100_000)}b\nc`);
  });

  it('joins the lines of a table cell with 100,000 inner non-breaking spaces', () => {
    const result = htmlToPlainText(`<table><tr><td>a${spaces(100_000)}b<br> c</td></tr></table>`);
    expect(result).toBe(`a${' '.repeat(100_000)}b c`);
  });

  it('drops the trailing newlines of a <pre> after 200,000 inner ones', () => {
    const result = htmlToBlocks(`<pre>a${'\n'.repeat(200_000)}b\n\n</pre>`);
    expect(result).toEqual([{ type: 'code', text: `a${'\n'.repeat(200_000)}b` }]);
  });

  it('reads an image width with 100,000 spaces in it, and still reads "40px" with spaces around', () => {
    const image = `data:image/png;base64,${png(4, 4).toString('base64')}`;
    const result = htmlToBlocks(
      `<img src="${image}" width="1${' '.repeat(100_000)}x"><img src="${image}" width=" 40px ">`,
      { layout: true },
    );
    expect(result.map((block) => (block as BlockOf<'image'>).displayWidth)).toEqual([undefined, 30]);
  });
});
