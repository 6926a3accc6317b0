/**
 * What each allowed element does to an answer, tag by tag: a container starts its own paragraph
 * (aligned, with its direction and language), a heading keeps its level, an inline element keeps
 * its mark, list and table parts keep their number, span and alignment. The tags are written out
 * here, not imported, so a tag dropped from the source's allow-list (which would leave its text
 * run into its neighbours, unaligned) fails a test.
 */
import { htmlToBlocks } from '../../../src/document/html';
import type { Block } from '../../../src/document/types';

const CONTAINERS = [
  'p',
  'div',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'nav',
  'aside',
  'address',
  'center',
  'figure',
  'figcaption',
  'details',
  'summary',
  'dl',
  'dt',
  'dd',
  'hgroup',
];

const textOf = (block: Block): string =>
  JSON.stringify(block)
    .match(/"text":"([^"]*)"/g)
    ?.map((t) => t.slice(8, -1))
    .join('') ?? '';

describe.each([
  ['an answer', false],
  ['layout template output', true],
])('allowed elements in %s', (_name, layout) => {
  // Layout output is read by the walker alone, which centres a <center> whatever its style says.
  it.each(CONTAINERS.filter((tag) => !(layout && tag === 'center')))(
    '<%s> starts its own paragraph, right-aligned, right-to-left Hebrew as marked',
    (tag) => {
      const blocks = htmlToBlocks(`before<${tag} style="text-align: right" dir="rtl" lang="he">inside</${tag}>after`, {
        layout,
      });
      expect(blocks).toEqual([
        { type: 'paragraph', content: [{ type: 'text', text: 'before' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'inside' }], align: 'right', dir: 'rtl', lang: 'he' },
        { type: 'paragraph', content: [{ type: 'text', text: 'after' }] },
      ]);
    },
  );

  it.each(CONTAINERS)('<%s align="center"> (the legacy attribute) centres its paragraph', (tag) => {
    const blocks = htmlToBlocks(`<${tag} align="center">inside</${tag}>`, { layout });
    expect(blocks).toEqual([{ type: 'paragraph', content: [{ type: 'text', text: 'inside' }], align: 'center' }]);
  });

  it.each([1, 2, 3, 4, 5, 6])(
    '<h%i> is a heading of that level between two paragraphs, keeping dir and lang',
    (level) => {
      const blocks = htmlToBlocks(`before<h${level} dir="rtl" lang="ar">title</h${level}>after`, { layout });
      expect(blocks).toEqual([
        { type: 'paragraph', content: [{ type: 'text', text: 'before' }] },
        { type: 'heading', level, content: [{ type: 'text', text: 'title' }], dir: 'rtl', lang: 'ar' },
        { type: 'paragraph', content: [{ type: 'text', text: 'after' }] },
      ]);
    },
  );

  it.each([
    ['cite', 'italic'],
    ['dfn', 'italic'],
    ['var', 'italic'],
    ['kbd', 'code'],
    ['samp', 'code'],
    ['tt', 'code'],
  ])('<%s> marks its text %s', (tag, mark) => {
    expect(htmlToBlocks(`<p>plain <${tag}>marked</${tag}></p>`, { layout })).toEqual([
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'plain ' },
          { type: 'text', text: 'marked', marks: { [mark]: true } },
        ],
      },
    ]);
  });

  it('aligns list items, quotations and table cells, and keeps a list start, a <menu> list and cell spans', () => {
    const [list, menu, quote, table] = htmlToBlocks(
      '<ol start="3"><li style="text-align:center">item</li></ol><menu><li>entry</li></menu>' +
        '<blockquote style="text-align: justify">quoted</blockquote>' +
        '<table><tr><th colspan="2" style="text-align:right">head</th></tr><tr><td rowspan="2" align="center">a</td><td>b</td></tr><tr><td>c</td></tr></table>',
      { layout },
    );
    expect(list).toEqual({
      type: 'list',
      ordered: true,
      start: 3,
      items: [[{ type: 'paragraph', content: [{ type: 'text', text: 'item' }], align: 'center' }]],
    });
    expect(menu).toEqual({
      type: 'list',
      ordered: false,
      items: [[{ type: 'paragraph', content: [{ type: 'text', text: 'entry' }] }]],
    });
    expect(quote).toEqual({
      type: 'blockquote',
      children: [{ type: 'paragraph', content: [{ type: 'text', text: 'quoted' }], align: 'justify' }],
    });
    expect(table).toMatchObject({ type: 'table', headerRows: 1 });
    const rows = (table as Extract<Block, { type: 'table' }>).rows;
    expect(rows[0].cells).toEqual([
      { blocks: [{ type: 'paragraph', content: [{ type: 'text', text: 'head' }], align: 'right' }], colSpan: 2 },
    ]);
    expect(rows[1].cells[0]).toEqual({
      blocks: [{ type: 'paragraph', content: [{ type: 'text', text: 'a' }], align: 'center' }],
      rowSpan: 2,
    });
    expect(rows.map((row) => row.cells.map((cell) => cell.blocks.map(textOf).join('')))).toEqual([
      ['head'],
      ['a', 'b'],
      ['c'],
    ]);
  });
});

describe('parts found outside their list or table, alignment styles, paragraph classes', () => {
  const convert = (html: string, layout = false) => {
    const warnings: string[] = [];
    return { blocks: htmlToBlocks(html, { layout, onWarning: (message) => warnings.push(message) }), warnings };
  };
  const paragraph = (text: string, extra: object = {}) => ({
    type: 'paragraph',
    content: [{ type: 'text', text }],
    ...extra,
  });

  it.each(['li', 'td', 'th', 'tr', 'thead', 'tbody', 'tfoot', 'caption'])(
    'a stray <%s> still starts its own paragraph',
    (tag) => {
      for (const layout of [false, true]) {
        expect(convert(`before<${tag}>inside</${tag}>after`, layout).blocks).toEqual([
          paragraph('before'),
          paragraph('inside'),
          paragraph('after'),
        ]);
      }
    },
  );

  it.each([
    ['color: red', 'right', 'the align attribute when the style sets no alignment'],
    ['text-align:left;color:red', 'left', 'a leading text-align'],
    ['  text-align  :  center  ;', 'center', 'spaces around the colon and the value'],
    ['xtext-align: center', 'right', 'not a property merely ending in "text-align"'],
    ['text-align: centered', 'right', 'not a value merely starting with one'],
  ])('style="%s" with align="right" gives %s: %s', (style, align) => {
    expect(convert(`<p style="${style}" align="right">x</p>`).blocks).toEqual([paragraph('x', { align })]);
  });

  it.each(['http://[::1', 'https://exa mple.org'])(
    'drops a link to the malformed address %s, keeping its text, and says so',
    (href) => {
      const { blocks, warnings } = convert(`<p><a href="${href}">text</a></p>`);
      expect(blocks).toEqual([paragraph('text')]);
      expect(warnings).toEqual([
        `Removed the link to "${href}": only http, https and mailto links are exported (its text is kept)`,
      ]);
    },
  );

  it('drops a remote image, saying that nothing is downloaded', () => {
    const { blocks, warnings } = convert('<p>see <img src="https://x.example/a.png" alt="A"></p>');
    expect(blocks).toEqual([paragraph('see')]);
    expect(warnings).toEqual([
      'Removed the image "https://x.example/a.png": only images embedded in the text are exported, nothing is downloaded',
    ]);
  });

  it.each(['title', 'subtitle', 'label', 'caption', 'note'])(
    'layout output: <p class="%s"> is a paragraph in that style; answers have no classes',
    (style) => {
      expect(convert(`<p class="${style}">x</p>`, true).blocks).toEqual([paragraph('x', { style })]);
      expect(convert(`<p class="${style}">x</p>`).blocks).toEqual([paragraph('x')]);
    },
  );
});
