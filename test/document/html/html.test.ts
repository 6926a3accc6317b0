import { htmlToBlocks, htmlToPlainText, type HtmlOptions } from '../../../src/document/html';
import { blocksToPlainText } from '../../../src/document/text';
import type { Block, ImageBlock, Inline } from '../../../src/document/types';
import { png } from '../../builders/imageBytes';

type BlockOf<T extends Block['type']> = Extract<Block, { type: T }>;

/** Converts and collects the warnings. */
function convert(html: string, options: HtmlOptions = {}): { blocks: Block[]; warnings: string[] } {
  const warnings: string[] = [];
  const blocks = htmlToBlocks(html, { ...options, onWarning: (message) => warnings.push(message) });
  return { blocks, warnings };
}

function only<T extends Block['type']>(blocks: Block[], type: T): BlockOf<T> {
  expect(blocks).toHaveLength(1);
  expect(blocks[0].type).toBe(type);
  return blocks[0] as BlockOf<T>;
}

function textsOf(blocks: Block[]): string[] {
  return blocks.map((block) => blocksToPlainText([block]));
}

function runsOf(html: string): Inline[] {
  return only(htmlToBlocks(html), 'paragraph').content;
}

const pngDataUri = (width: number, height: number) => `data:image/png;base64,${png(width, height).toString('base64')}`;

describe('htmlToBlocks: paragraphs and text', () => {
  it('makes a paragraph of each <p> and <div>, in document order', () => {
    const blocks = htmlToBlocks('<p>First</p><div>Second</div><p>Third</p>');
    expect(blocks.map((block) => block.type)).toEqual(['paragraph', 'paragraph', 'paragraph']);
    expect(textsOf(blocks)).toEqual(['First', 'Second', 'Third']);
  });

  it('keeps bare text as a paragraph', () => {
    expect(textsOf(htmlToBlocks('Just text'))).toEqual(['Just text']);
  });

  it.each([
    ['b', 'bold'],
    ['strong', 'bold'],
    ['i', 'italic'],
    ['em', 'italic'],
    ['u', 'underline'],
    ['ins', 'underline'],
    ['s', 'strike'],
    ['strike', 'strike'],
    ['del', 'strike'],
    ['sub', 'sub'],
    ['sup', 'sup'],
    ['code', 'code'],
  ])('marks <%s> text as %s', (tag, mark) => {
    expect(runsOf(`<p>plain <${tag}>marked</${tag}></p>`)).toEqual([
      { type: 'text', text: 'plain ' },
      { type: 'text', text: 'marked', marks: { [mark]: true } },
    ]);
  });

  it('combines nested marks', () => {
    expect(runsOf('<p><b>bold <i>both</i></b></p>')).toEqual([
      { type: 'text', text: 'bold ', marks: { bold: true } },
      { type: 'text', text: 'both', marks: { bold: true, italic: true } },
    ]);
  });

  it('treats <span> and <font> as transparent', () => {
    expect(runsOf('<p><span style="color: red">one </span><font face="Arial" size="3">two</font></p>')).toEqual([
      { type: 'text', text: 'one two' },
    ]);
  });

  it('turns <br> into a line break inside the paragraph', () => {
    expect(runsOf('<p>line one<br>line two</p>')).toEqual([
      { type: 'text', text: 'line one' },
      { type: 'break' },
      { type: 'text', text: 'line two' },
    ]);
  });

  it('drops the line breaks editors leave at the start and end of a paragraph', () => {
    expect(runsOf('<p><br>text<br><br></p>')).toEqual([{ type: 'text', text: 'text' }]);
  });

  it('collapses whitespace like a browser, across tags', () => {
    const blocks = htmlToBlocks('<p>\n  Data   is\tstored <b> daily </b> in\n the <i>archive</i> .  </p>');
    expect(textsOf(blocks)).toEqual(['Data is stored daily in the archive .']);
  });

  it('removes spaces around a line break', () => {
    expect(runsOf('<p>one   <br>   two</p>')).toEqual([
      { type: 'text', text: 'one' },
      { type: 'break' },
      { type: 'text', text: 'two' },
    ]);
  });

  it('decodes named and numeric entities', () => {
    expect(textsOf(htmlToBlocks('<p>R&amp;D &lt;raw&gt; caf&#233; &#x1F600; a&nbsp;b</p>'))).toEqual([
      'R&D <raw> café 😀 a\u00a0b',
    ]);
  });

  it('drops empty paragraphs, including &nbsp; and <br> only ones', () => {
    expect(htmlToBlocks('<p></p><p>&nbsp;</p><p><br></p><p>   </p><div><span> </span></div>')).toEqual([]);
  });

  it('splits a container that mixes text and blocks into paragraphs, losing nothing', () => {
    const blocks = htmlToBlocks('<div>before<p>inside</p>after<ul><li>item</li></ul>end</div>');
    expect(blocks.map((block) => block.type)).toEqual(['paragraph', 'paragraph', 'paragraph', 'list', 'paragraph']);
    expect(blocksToPlainText(blocks)).toBe('before\ninside\nafter\nitem\nend');
  });

  it('keeps the text of unknown tags', () => {
    expect(
      textsOf(htmlToBlocks('<p><custom-tag>kept</custom-tag> <o:p>too</o:p> <marquee>and this</marquee></p>')),
    ).toEqual(['kept too and this']);
  });

  it.each([
    ['script', '<script>alert("secret")</script>'],
    ['style', '<style>.secret { color: red }</style>'],
    ['iframe', '<iframe src="https://example.org">secret</iframe>'],
    ['object', '<object data="x.swf">secret</object>'],
    ['embed', '<embed src="x.swf">'],
    ['noscript', '<noscript><p>secret</p></noscript>'],
    ['template', '<template><p>secret</p></template>'],
    ['svg', '<svg><text>secret</text><path d="M0 0"/></svg>'],
    ['math', '<math><mi>secret</mi></math>'],
    [
      'form elements',
      '<form><label>secret</label><input value="secret"><select><option>secret</option></select><textarea>secret</textarea><button>secret</button></form>',
    ],
  ])('removes %s with its content', (_name, html) => {
    const blocks = htmlToBlocks(`<p>before</p>${html}<p>after</p>`);
    expect(JSON.stringify(blocks)).not.toMatch(/secret|alert|swf/);
    expect(textsOf(blocks)).toEqual(['before', 'after']);
  });

  it('makes headings h1 to h6 with their level and marks', () => {
    const blocks = htmlToBlocks('<h1>One</h1><h2>Two <em>em</em></h2><h3>3</h3><h4>4</h4><h5>5</h5><h6>6</h6>');
    expect(blocks.map((block) => (block.type === 'heading' ? block.level : 0))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(blocks[1]).toEqual({
      type: 'heading',
      level: 2,
      content: [
        { type: 'text', text: 'Two ' },
        { type: 'text', text: 'em', marks: { italic: true } },
      ],
    });
  });

  it('makes a blockquote of its blocks', () => {
    const quote = only(htmlToBlocks('<blockquote><p>quoted</p>more</blockquote>'), 'blockquote');
    expect(textsOf(quote.children)).toEqual(['quoted', 'more']);
  });

  it('makes a code block of <pre>, keeping whitespace', () => {
    const code = only(htmlToBlocks('<pre>\nfor x in data:\n    print(x)<br><b>  done</b></pre>'), 'code');
    expect(code.text).toBe('for x in data:\n    print(x)\n  done');
  });

  it('makes a rule of <hr>', () => {
    expect(htmlToBlocks('<p>a</p><hr><p>b</p>').map((block) => block.type)).toEqual(['paragraph', 'rule', 'paragraph']);
  });
});

describe('htmlToBlocks: links', () => {
  it.each(['https://example.org/data?id=1&x=2', 'http://example.org/', 'mailto:dmp@example.org'])(
    'keeps a link to %s',
    (href) => {
      expect(runsOf(`<p>See <a href="${href.replace(/&/g, '&amp;')}">the <b>page</b></a>.</p>`)).toEqual([
        { type: 'text', text: 'See ' },
        {
          type: 'link',
          href,
          children: [
            { type: 'text', text: 'the ' },
            { type: 'text', text: 'page', marks: { bold: true } },
          ],
        },
        { type: 'text', text: '.' },
      ]);
    },
  );

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    '/relative/page',
    '//example.org/protocol-relative',
  ])('keeps the text of a link to %s but not the link, with a warning', (href) => {
    const { blocks, warnings } = convert(`<p>Click <a href="${href}">here</a></p>`);
    expect(only(blocks, 'paragraph').content).toEqual([{ type: 'text', text: 'Click here' }]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/link/);
  });

  it('drops in-page anchors silently', () => {
    const { blocks, warnings } = convert('<p>Note<a href="#_ftn1">[1]</a><a name="_ftnref1"></a></p>');
    expect(only(blocks, 'paragraph').content).toEqual([{ type: 'text', text: 'Note[1]' }]);
    expect(warnings).toEqual([]);
  });

  it('works inside list items and table cells', () => {
    const blocks = htmlToBlocks(
      '<ul><li><a href="https://a.example/">in a list</a></li></ul><table><tr><td><a href="https://b.example/">in a cell</a></td></tr></table>',
    );
    const links = JSON.stringify(blocks).match(/"href":"[^"]+"/g);
    expect(links).toEqual(['"href":"https://a.example/"', '"href":"https://b.example/"']);
  });

  it('keeps two adjacent links to the same address apart', () => {
    const content = runsOf('<p><a href="https://x.example/">one</a><a href="https://x.example/">two</a></p>');
    expect(content.map((inline) => inline.type)).toEqual(['link', 'link']);
  });
});

describe('htmlToBlocks: lists', () => {
  it('makes ordered and unordered lists with one item per <li>', () => {
    const [bullets, numbers] = htmlToBlocks('<ul><li>a</li><li>b</li></ul><ol><li>one</li></ol>') as BlockOf<'list'>[];
    expect(bullets).toMatchObject({ type: 'list', ordered: false });
    expect(bullets.items.map(textsOf)).toEqual([['a'], ['b']]);
    expect(numbers).toMatchObject({ type: 'list', ordered: true });
    expect(numbers).not.toHaveProperty('start');
  });

  it('keeps the start number of an ordered list', () => {
    expect(only(htmlToBlocks('<ol start="3"><li>third</li></ol>'), 'list').start).toBe(3);
  });

  it('nests a list inside the item that contains it', () => {
    const list = only(htmlToBlocks('<ul><li>parent<ul><li>child</li></ul></li><li>next</li></ul>'), 'list');
    expect(list.items).toHaveLength(2);
    const [paragraph, nested] = list.items[0];
    expect(blocksToPlainText([paragraph])).toBe('parent');
    expect(nested).toMatchObject({ type: 'list', ordered: false });
    expect((nested as BlockOf<'list'>).items.map(textsOf)).toEqual([['child']]);
  });

  it('attaches a list written directly inside a list to the item before it', () => {
    const list = only(htmlToBlocks('<ol><li>parent</li><ol><li>child</li></ol><li>next</li></ol>'), 'list');
    expect(list.items).toHaveLength(2);
    expect(list.items[0].map((block) => block.type)).toEqual(['paragraph', 'list']);
  });

  it('drops empty items', () => {
    expect(only(htmlToBlocks('<ul><li></li><li>&nbsp;</li><li>real</li></ul>'), 'list').items.map(textsOf)).toEqual([
      ['real'],
    ]);
  });
});

describe('htmlToBlocks: tables', () => {
  const cellTexts = (table: BlockOf<'table'>) =>
    table.rows.map((row) => row.cells.map((cell) => blocksToPlainText(cell.blocks)));

  it('counts a top row of <th> cells as a header row', () => {
    const table = only(
      htmlToBlocks('<table><tr><th>Name</th><th>Size</th></tr><tr><td>a.csv</td><td>2 MB</td></tr></table>'),
      'table',
    );
    expect(table.headerRows).toBe(1);
    expect(cellTexts(table)).toEqual([
      ['Name', 'Size'],
      ['a.csv', '2 MB'],
    ]);
  });

  it('puts <thead> rows first and <tfoot> rows last, whatever the source order', () => {
    const table = only(
      htmlToBlocks(
        '<table><tfoot><tr><td>foot</td></tr></tfoot><tbody><tr><td>body</td></tr></tbody><thead><tr><td>head</td></tr></thead></table>',
      ),
      'table',
    );
    expect(cellTexts(table)).toEqual([['head'], ['body'], ['foot']]);
    expect(table.headerRows).toBe(1);
  });

  it('keeps column spans and pads short rows so every row covers the same columns', () => {
    const table = only(
      htmlToBlocks('<table><tr><td colspan="2">wide</td></tr><tr><td>a</td><td>b</td><td>c</td></tr></table>'),
      'table',
    );
    expect(table.rows[0].cells[0].colSpan).toBe(2);
    expect(cellTexts(table)).toEqual([
      ['wide', ''],
      ['a', 'b', 'c'],
    ]);
    expect(table.headerRows).toBe(0);
  });

  it('counts cells spanning down from the row above when padding', () => {
    const table = only(
      htmlToBlocks('<table><tr><td rowspan="2">tall</td><td>x</td></tr><tr><td>y</td></tr></table>'),
      'table',
    );
    expect(table.rows[0].cells[0].rowSpan).toBe(2);
    expect(cellTexts(table)).toEqual([['tall', 'x'], ['y']]);
  });

  it('clamps spans to the table', () => {
    const table = only(
      htmlToBlocks(
        '<table><tr><td colspan="5000">a</td></tr><tr><td rowspan="99">b</td><td rowspan="-3" colspan="0">c</td></tr></table>',
      ),
      'table',
    );
    expect(table.rows[0].cells[0]).toMatchObject({ colSpan: 63 });
    expect(table.rows[1].cells[0]).not.toHaveProperty('rowSpan');
    expect(table.rows[1].cells[1]).not.toHaveProperty('rowSpan');
    expect(table.rows[1].cells[1]).not.toHaveProperty('colSpan');
  });

  it('reads a table without <tbody>, with unclosed cells', () => {
    const table = only(htmlToBlocks('<table><tr><td>a<td>b<tr><td>c<td>d</table>'), 'table');
    expect(cellTexts(table)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('keeps text written directly in a row, before the table', () => {
    const blocks = htmlToBlocks('<table><tr>stray<td>cell</td></tr></table>');
    expect(blocks.map((block) => block.type)).toEqual(['paragraph', 'table']);
    expect(blocksToPlainText(blocks)).toBe('stray\ncell');
  });

  it('puts the caption before the table in caption style', () => {
    const [caption, table] = htmlToBlocks('<table><caption>Table 1: datasets</caption><tr><td>x</td></tr></table>');
    expect(caption).toEqual({
      type: 'paragraph',
      style: 'caption',
      content: [{ type: 'text', text: 'Table 1: datasets' }],
    });
    expect(table.type).toBe('table');
  });

  it('nests a table inside a cell', () => {
    const outer = only(
      htmlToBlocks('<table><tr><td><table><tr><td>inner</td></tr></table></td></tr></table>'),
      'table',
    );
    expect(only(outer.rows[0].cells[0].blocks, 'table').rows[0].cells[0].blocks[0]).toMatchObject({
      type: 'paragraph',
    });
  });
});

describe('htmlToBlocks: images', () => {
  it('makes an image block from a data: PNG, with its size and alt text', () => {
    const image = only(htmlToBlocks(`<img src="${pngDataUri(7, 4)}" alt="Logo">`), 'image');
    expect(image).toMatchObject({ type: 'image', mimeType: 'image/png', width: 7, height: 4, alt: 'Logo' });
    expect(Buffer.from(image.data).equals(png(7, 4))).toBe(true);
  });

  it('splits the paragraph around an image, and aligns the image like its paragraph', () => {
    const blocks = htmlToBlocks(
      `<p style="text-align: center">before <b>bold<img src="${pngDataUri(2, 2)}"> still bold</b> after</p>`,
    );
    expect(blocks.map((block) => block.type)).toEqual(['paragraph', 'image', 'paragraph']);
    expect((blocks[1] as ImageBlock).align).toBe('center');
    expect((blocks[2] as BlockOf<'paragraph'>).content[0]).toEqual({
      type: 'text',
      text: 'still bold',
      marks: { bold: true },
    });
  });

  it.each([
    'https://example.org/tracker.png',
    'http://169.254.169.254/latest/meta-data',
    'file:///etc/passwd',
    'images/relative.png',
    '//example.org/protocol-relative.png',
    'asset:logo.png',
  ])('drops %s with a warning and fetches nothing', (src) => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    const resolveImage = jest.fn();
    const { blocks, warnings } = convert(`<p>text<img src="${src}" alt="x"></p>`, { resolveImage });
    expect(blocks).toEqual([{ type: 'paragraph', content: [{ type: 'text', text: 'text' }] }]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/image/);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(resolveImage).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it.each([
    ['an SVG', `data:image/svg+xml;base64,${Buffer.from('<svg/>').toString('base64')}`],
    ['bytes that are not an image', `data:image/png;base64,${Buffer.from('not a png at all').toString('base64')}`],
    ['a truncated PNG', pngDataUri(20, 20).slice(0, -40)],
    ['a data: URI that is not base64', 'data:image/png,%89PNG'],
  ])('drops %s embedded as data: with a warning', (_name, src) => {
    const { blocks, warnings } = convert(`<img src="${src}">`);
    expect(blocks).toEqual([]);
    expect(warnings).toHaveLength(1);
  });
});

describe('htmlToBlocks: direction, language and alignment', () => {
  it('keeps dir and lang of a paragraph', () => {
    expect(only(htmlToBlocks('<p dir="rtl" lang="ar">مرحبا</p>'), 'paragraph')).toMatchObject({
      dir: 'rtl',
      lang: 'ar',
    });
  });

  it('inherits dir and lang from ancestors, into lists and tables', () => {
    const [first, list, table, last] = htmlToBlocks(
      '<div dir="rtl" lang="he"><p>one</p><ul><li>two</li></ul><table><tr><td>three</td></tr></table><p dir="ltr">four</p></div>',
    );
    expect(first).toMatchObject({ type: 'paragraph', dir: 'rtl', lang: 'he' });
    expect((list as BlockOf<'list'>).items[0][0]).toMatchObject({ type: 'paragraph', dir: 'rtl', lang: 'he' });
    expect((table as BlockOf<'table'>).rows[0].cells[0].blocks[0]).toMatchObject({
      type: 'paragraph',
      dir: 'rtl',
      lang: 'he',
    });
    expect(last).toMatchObject({ type: 'paragraph', dir: 'ltr', lang: 'he' });
  });

  it('ignores dir and lang on inline elements and invalid values', () => {
    const paragraph = only(
      htmlToBlocks('<p dir="sideways" lang="not a language">text <span dir="rtl" lang="ar">span</span></p>'),
      'paragraph',
    );
    expect(paragraph).not.toHaveProperty('dir');
    expect(paragraph).not.toHaveProperty('lang');
  });

  it.each([
    ['<p style="text-align: center;">x</p>', 'center'],
    ['<p style="color: red; TEXT-ALIGN:Right !important">x</p>', 'right'],
    ['<p align="justify">x</p>', 'justify'],
    ['<div style="text-align:left"><p>x</p></div>', 'left'],
    ['<center>x</center>', 'center'],
    ['<table><tr><td style="text-align: right">x</td></tr></table>', 'right'],
  ])('reads the text alignment of %s', (html, align) => {
    expect(JSON.stringify(htmlToBlocks(html))).toContain(`"align":"${align}"`);
  });

  it('ignores other styles and alignment on inline elements', () => {
    const paragraph = only(
      htmlToBlocks('<p style="font-size: 40px; text-align: middle"><span style="text-align:center">x</span></p>'),
      'paragraph',
    );
    expect(paragraph).toEqual({ type: 'paragraph', content: [{ type: 'text', text: 'x' }] });
  });
});

describe('htmlToBlocks: bad and hostile input', () => {
  it.each([
    ['div', 10_000, '<div>', ''],
    ['ul/li', 10_000, '<ul><li>', ''],
    ['b', 10_000, '<b>', ''],
    ['closed div', 10_000, '<div>', '</div>'],
    ['table', 2_000, '<table><tr><td>', '</td></tr></table>'],
  ])('survives %d-deep nesting of %s, keeping the text', (_name, depth, open, close) => {
    const html = `${open.repeat(depth)}deep text${close.repeat(depth)}<p>after</p>`;
    const { blocks, warnings } = convert(html);
    const text = blocksToPlainText(blocks);
    expect(text).toContain('deep text');
    expect(text).toContain('after');
    expect(warnings.every((warning) => /nested/.test(warning))).toBe(true);
  });

  it('keeps every word of deeply nested blocks apart when flattening them', () => {
    const html = `${'<div>'.repeat(150)}${Array.from({ length: 5 }, (_, index) => `<p>word${index}</p>`).join('')}`;
    expect(blocksToPlainText(htmlToBlocks(html))).toMatch(/word0\s+word1\s+word2\s+word3\s+word4/);
  });

  it('cuts nesting beyond 1,000 levels before parsing, with a warning', () => {
    const { blocks, warnings } = convert(`${'<section>'.repeat(50_000)}bottom`);
    expect(blocksToPlainText(blocks)).toBe('bottom');
    expect(warnings).toEqual([expect.stringMatching(/nested more than 1000 levels/)]);
  });

  it('does not mistake many siblings, or tags closed by an ancestor, for deep nesting', () => {
    const html = `${'<div><span><b>x</div>'.repeat(3_000)}<ul>${'<li>item'.repeat(3_000)}</ul>${'<p>para'.repeat(3_000)}`;
    const { blocks, warnings } = convert(html);
    expect(warnings).toEqual([]);
    expect(blocks).toHaveLength(6_001);
    expect((blocks[3_000] as BlockOf<'list'>).items).toHaveLength(3_000);
  });

  it.each([
    ['unclosed paragraphs', '<p>one<p>two', ['one', 'two']],
    ['unclosed list items', '<ul><li>one<li>two</ul>', ['one\ntwo']],
    ['stray closing tags', 'one</p>two</div>three', ['one', 'twothree']],
    ['unquoted attributes', '<p align=center>one <a href=https://example.org/>two</a>', ['one two']],
    ['a bare < and >', '<p>a < b and c > d</p>', ['a < b and c > d']],
    ['an unclosed comment', '<p>one</p><!-- never closed <p>two</p>', ['one']],
    ['bold left open across paragraphs', '<p><b>one</p><p>two</p>', ['one', 'two']],
    ['mis-nested inline tags', '<p><b>one <i>two</b> three</i></p>', ['one two three']],
  ])('reads %s without losing text', (_name, html, expected) => {
    expect(textsOf(htmlToBlocks(html))).toEqual(expected);
  });

  it('removes characters XML cannot carry (so DOCX stays valid)', () => {
    const blocks = htmlToBlocks('<p title="\u0001">one\u0000two\u0007\ud800 three\ffour</p><pre>a\u0008b</pre>');
    expect(textsOf(blocks)).toEqual(['onetwo\ufffd three four', 'ab']);
  });

  it('never throws on random tag soup', () => {
    const pieces = [
      '<p>',
      '</p>',
      '<div dir="rtl">',
      '</div>',
      '<ul>',
      '<li>',
      '</li>',
      '</ul>',
      '<table>',
      '<tr>',
      '<td colspan="3">',
      '</td>',
      '<th rowspan="0">',
      '</table>',
      '<b>',
      '</i>',
      '<a href="https://x.example/">',
      '</a>',
      '<br>',
      '<img src="data:image/png;base64,AAAA">',
      '<pre>',
      '</pre>',
      '<blockquote>',
      '<h2>',
      'text',
      ' ',
      '&amp;',
      '&#0;',
      '<script>',
      '</script>',
      '<!--',
      '-->',
      '<caption>',
      '<tbody>',
    ];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let attempt = 0; attempt < 300; attempt++) {
      const html = Array.from({ length: 40 }, () => pieces[Math.floor(random() * pieces.length)]).join('');
      expect(() => htmlToBlocks(html, { onWarning: () => undefined })).not.toThrow();
    }
  });

  it('works without a warning callback', () => {
    expect(() => htmlToBlocks('<img src="https://example.org/x.png"><a href="javascript:x">y</a>')).not.toThrow();
  });

  it('keeps document order across every kind of block', () => {
    const blocks = htmlToBlocks(
      `<h1>h</h1><p>p</p><ul><li>l</li></ul><table><tr><td>t</td></tr></table><blockquote>q</blockquote><pre>c</pre><hr><img src="${pngDataUri(1, 1)}"><p>end</p>`,
    );
    expect(blocks.map((block) => block.type)).toEqual([
      'heading',
      'paragraph',
      'list',
      'table',
      'blockquote',
      'code',
      'rule',
      'image',
      'paragraph',
    ]);
  });
});

describe('htmlToBlocks: layout mode', () => {
  const logo: ImageBlock = { type: 'image', data: png(4, 2), mimeType: 'image/png', width: 4, height: 2 };
  const spliced: Block[] = [{ type: 'paragraph', content: [{ type: 'text', text: 'spliced' }] }, { type: 'rule' }];
  const layoutHtml = [
    '<dmp-toc title="Contents"></dmp-toc>',
    '<p class="title">Plan</p><p class="subtitle extra">Sub</p><p class="label">Label</p><p class="caption">Cap</p><p class="note">Note</p>',
    '<h1 data-toc="false">Hidden from TOC</h1>',
    '<dmp-page-break></dmp-page-break>',
    '<img src="asset:logo.png" alt="Logo" width="120">',
    '<p>before<dmp-blocks ref="section-1"></dmp-blocks>after</p>',
  ].join('');

  it('honours the layout elements and attributes', () => {
    const resolveImage = jest.fn(() => logo);
    const resolveBlocks = jest.fn(() => spliced);
    const { blocks, warnings } = convert(layoutHtml, { layout: true, resolveImage, resolveBlocks });
    expect(warnings).toEqual([]);
    expect(blocks.map((block) => block.type)).toEqual([
      'toc',
      'paragraph',
      'paragraph',
      'paragraph',
      'paragraph',
      'paragraph',
      'heading',
      'pageBreak',
      'image',
      'paragraph',
      'paragraph',
      'rule',
      'paragraph',
    ]);
    expect(blocks[0]).toEqual({ type: 'toc', title: 'Contents' });
    expect(blocks.slice(1, 6).map((block) => (block as BlockOf<'paragraph'>).style)).toEqual([
      'title',
      'subtitle',
      'label',
      'caption',
      'note',
    ]);
    expect(blocks[6]).toMatchObject({ type: 'heading', level: 1, toc: false });
    expect(resolveImage).toHaveBeenCalledWith('asset:logo.png', 'Logo');
    expect(blocks[8]).toMatchObject({ type: 'image', width: 4, height: 2, alt: 'Logo', displayWidth: 90 });
    expect(resolveBlocks).toHaveBeenCalledWith('section-1');
    expect(textsOf(blocks.slice(9))).toEqual(['before', 'spliced', '', 'after']);
  });

  it('keeps the content after an unclosed layout element', () => {
    const { blocks } = convert('<dmp-page-break><h2>Next section</h2><p>text</p>', { layout: true });
    expect(blocks.map((block) => block.type)).toEqual(['pageBreak', 'heading', 'paragraph']);
  });

  it('resolves ref: images and sizes data: images too', () => {
    const resolveImage = jest.fn(() => logo);
    const { blocks } = convert(`<img src="ref:f3"><img src="${pngDataUri(8, 8)}" width="40px">`, {
      layout: true,
      resolveImage,
    });
    expect(resolveImage).toHaveBeenCalledWith('ref:f3', undefined);
    expect(blocks[1]).toMatchObject({ width: 8, displayWidth: 30 });
  });

  it('warns about images and block references that cannot be resolved', () => {
    const { blocks, warnings } = convert(
      '<img src="asset:missing.png"><dmp-blocks ref="nope"></dmp-blocks><p>kept</p>',
      {
        layout: true,
        resolveImage: () => null,
        resolveBlocks: () => null,
      },
    );
    expect(textsOf(blocks)).toEqual(['kept']);
    expect(warnings).toHaveLength(2);
  });

  it('is its own allow-list: hostile layout HTML keeps its text and nothing else', () => {
    const hostile = [
      '<p>Plan <span style="color:red">title</span> <font face="x">here</font> <blink>now</blink></p>',
      '<script>SCRIPT-body</script><style>p{}</style><iframe src="https://evil.example/"><p>SCRIPT-fallback</p></iframe>',
      '<p><a href="javascript:alert(1)">click</a> <a href="https://ok.example/x">ok</a> <a href="#toc">anchor</a></p>',
      '<img src="https://tracker.example/pixel.png"><img src="file:///etc/passwd"><img src="../relative.png">',
      '<p class="title evil" onclick="x()" style="text-align: center">Centered</p>',
    ].join('');
    const resolveImage = jest.fn(() => null);
    const { blocks, warnings } = convert(hostile, { layout: true, resolveImage });
    const json = JSON.stringify(blocks);
    expect(textsOf(blocks)).toEqual(['Plan title here now', 'click ok anchor', 'Centered']);
    expect(json).not.toMatch(/SCRIPT-|javascript:|evil\.example|tracker\.example|etc\/passwd|relative\.png|onclick/);
    expect(resolveImage).not.toHaveBeenCalled();
    expect(blocks.filter((block) => block.type === 'image')).toEqual([]);
    expect(runsOf('<a href="https://ok.example/x">ok</a>')).toEqual([
      { type: 'link', href: 'https://ok.example/x', children: [{ type: 'text', text: 'ok' }] },
    ]);
    expect(blocks[2]).toMatchObject({ type: 'paragraph', style: 'title', align: 'center' });
    // What a designer should know about is reported: the unsafe link and the three images.
    expect(warnings).toEqual([
      expect.stringContaining('javascript:alert(1)'),
      expect.stringContaining('https://tracker.example/pixel.png'),
      expect.stringContaining('file:///etc/passwd'),
      expect.stringContaining('../relative.png'),
    ]);
  });

  it('ignores all of it in answer mode (the default)', () => {
    const resolveImage = jest.fn(() => logo);
    const resolveBlocks = jest.fn(() => spliced);
    const { blocks } = convert(`${layoutHtml}<img src="${pngDataUri(8, 8)}" width="40">`, {
      resolveImage,
      resolveBlocks,
    });
    expect(resolveImage).not.toHaveBeenCalled();
    expect(resolveBlocks).not.toHaveBeenCalled();
    expect(blocks.map((block) => block.type)).toEqual([
      'paragraph',
      'paragraph',
      'paragraph',
      'paragraph',
      'paragraph',
      'heading',
      'paragraph',
      'image',
    ]);
    expect(JSON.stringify(blocks)).not.toMatch(/"style"|"toc"|displayWidth|spliced/);
    expect(textsOf(blocks)).toContain('beforeafter');
  });
});

describe('htmlToPlainText', () => {
  it('puts blocks on their own lines and decodes entities', () => {
    expect(
      htmlToPlainText(
        '<h1>Title</h1><p>R&amp;D&nbsp;data&nbsp;<br>second line</p><ul><li>one</li><li>two</li></ul><script>x()</script>',
      ),
    ).toBe('Title\nR&D data\nsecond line\none\ntwo');
  });

  it('separates table cells with tabs', () => {
    expect(htmlToPlainText('<table><tr><td>a</td><td>b</td></tr></table>')).toBe('a\tb');
  });

  it('returns an empty string for empty or whitespace HTML', () => {
    expect(htmlToPlainText('')).toBe('');
    expect(htmlToPlainText('<p>&nbsp;</p>')).toBe('');
  });
});
