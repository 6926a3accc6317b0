/**
 * How rich text flows into paragraphs, at the edges mutation testing found unguarded: where a
 * collapsed space goes (and which marks it takes), line breaks at one edge of a paragraph, empty
 * blocks that still separate the text around them, <pre> holding inline elements, the depth at
 * which a subtree is flattened, and in layout mode comments, unclosed layout elements, empty
 * image sources and links written with spaces.
 */
import { htmlToBlocks, type HtmlOptions } from '../../../src/document/html';
import type { Block, ImageBlock, Inline } from '../../../src/document/types';
import { png } from '../../builders/imageBytes';

function convert(html: string, options: HtmlOptions = {}) {
  const warnings: string[] = [];
  const blocks = htmlToBlocks(html, { ...options, onWarning: (warning) => warnings.push(warning) });
  return { blocks, warnings };
}
const paragraph = (...content: Inline[]): Block => ({ type: 'paragraph', content });
const text = (value: string): Inline => ({ type: 'text', text: value });
const underlined = (value: string): Inline => ({ type: 'text', text: value, marks: { underline: true } });

describe('spaces', () => {
  it('keep the marks of where they were written: underlined inside a nested <u>', () => {
    expect(convert('a<u> <u>c</u></u>').blocks).toStrictEqual([paragraph(text('a'), underlined(' c'))]);
  });

  it("keep the marks of where they were written: plain between an underlined word and a row's text moved before a table", () => {
    const { blocks } = convert('<table><u>a</u> <tr>b</tr><tr><td>c</td></tr></table>');
    expect(blocks[0]).toStrictEqual(paragraph(underlined('a'), text(' b')));
  });

  it.each([
    ['bare text', ' one', [paragraph(text('one'))]],
    ['a list item', '<ul><li> one</li></ul>', [{ type: 'list', ordered: false, items: [[paragraph(text('one'))]] }]],
    [
      'a table cell',
      '<table><tr><td> one</td></tr></table>',
      [{ type: 'table', rows: [{ cells: [{ blocks: [paragraph(text('one'))] }] }], headerRows: 0 }],
    ],
  ])('are dropped at the start of %s', (_, html, expected) => {
    expect(convert(html).blocks).toStrictEqual(expected);
  });

  it('are dropped at the start of a paragraph when they come before an inline element and inside it', () => {
    expect(convert('<p> <b> x</b></p>').blocks).toStrictEqual([
      paragraph({ type: 'text', text: 'x', marks: { bold: true } }),
    ]);
  });
});

describe('line breaks', () => {
  it.each(['<p><br>text</p>', '<p><br><br>text</p>', '<p>text<br></p>', '<p>text<br><br></p>'])(
    'at one edge of a paragraph are dropped: %s',
    (html) => {
      expect(convert(html).blocks).toStrictEqual([paragraph(text('text'))]);
    },
  );

  it('do not give a paragraph moved before a table the direction of its second part', () => {
    const { blocks } = convert('<table>Hello<tbody dir="rtl"><br>World</tbody><tr><td>c</td></tr></table>');
    expect(blocks[0]).toStrictEqual(paragraph(text('Hello'), { type: 'break' }, text('World')));
  });
});

describe('empty blocks', () => {
  it.each(['<blockquote> </blockquote>', '<pre> </pre>', '<pre></pre>', '<ul> </ul>', '<ol></ol>'])(
    '%s leaves nothing, and the text around it stays two paragraphs',
    (empty) => {
      expect(convert(`a${empty}b`).blocks).toStrictEqual([paragraph(text('a')), paragraph(text('b'))]);
    },
  );

  it("keep text written after a list item out of the item's paragraph", () => {
    expect(convert('<ul><li>one</li>two</ul>').blocks).toStrictEqual([
      { type: 'list', ordered: false, items: [[paragraph(text('one')), paragraph(text('two'))]] },
    ]);
  });
});

describe('<pre>', () => {
  it('keeps the text after an inline element', () => {
    expect(convert('<pre><b>bold</b> after</pre>').blocks).toStrictEqual([{ type: 'code', text: 'bold after' }]);
  });
});

describe('a subtree too deep to walk', () => {
  it('is flattened to its text from the 101st level of nesting, not before', () => {
    const bold: Inline = { type: 'text', text: 'x', marks: { bold: true } };
    expect(convert(`${'<div>'.repeat(99)}<b>x</b>`).blocks).toStrictEqual([paragraph(bold)]);
    expect(convert(`${'<div>'.repeat(100)}<b>x</b>`).blocks).toStrictEqual([paragraph(text('x'))]);
  });

  it('keeps a word split by an inline element whole', () => {
    expect(convert(`${'<div>'.repeat(101)}wo<b>rd</b> and <i>m</i>ore`).blocks).toStrictEqual([
      paragraph(text('word and more')),
    ]);
  });
});

describe('layout mode', () => {
  const layout = { layout: true } as const;
  const resolved = (): ImageBlock => ({ type: 'image', mimeType: 'image/png', data: png(4, 2), width: 4, height: 2 });

  it('skips comments and a doctype, in paragraphs and in <pre>', () => {
    const { blocks } = convert('<!DOCTYPE html><p>a<!-- note -->b</p><pre>c<!-- note -->d</pre>', layout);
    expect(blocks).toStrictEqual([paragraph(text('ab')), { type: 'code', text: 'cd' }]);
  });

  it.each([
    ['<dmp-toc title="C">', { type: 'toc', title: 'C' }],
    ['<dmp-blocks ref="r">', { type: 'rule' }],
  ])('keeps the content after an unclosed %s', (element, placed) => {
    const { blocks } = convert(`${element}<p>Intro</p>`, { ...layout, resolveBlocks: () => [{ type: 'rule' }] });
    expect(blocks).toStrictEqual([placed, paragraph(text('Intro'))]);
  });

  it('asks for the blocks of a <dmp-blocks> without ref as ref="" and names it so', () => {
    const resolveBlocks = jest.fn(() => null);
    const { warnings } = convert('<dmp-blocks></dmp-blocks>', { ...layout, resolveBlocks });
    expect(resolveBlocks).toHaveBeenCalledWith('');
    expect(warnings).toEqual(['Nothing to insert for <dmp-blocks ref="">']);
  });

  it('splits the paragraph around a <dmp-blocks> that inserts nothing', () => {
    const { blocks, warnings } = convert('<p>a<dmp-blocks ref="empty"></dmp-blocks>b</p>', {
      ...layout,
      resolveBlocks: () => [],
    });
    expect(blocks).toStrictEqual([paragraph(text('a')), paragraph(text('b'))]);
    expect(warnings).toEqual([]);
  });

  it('names a removed link without the spaces around it, and ignores an in-page anchor written with spaces', () => {
    const { blocks, warnings } = convert('<p><a href=" javascript:x ">t</a><a href=" #top">u</a></p>', layout);
    expect(blocks).toStrictEqual([paragraph(text('tu'))]);
    expect(warnings).toEqual([
      'Removed the link to "javascript:x": only http, https and mailto links are exported (its text is kept)',
    ]);
  });

  it.each(['', '  '])('drops an image with src="%s" without a warning', (src) => {
    expect(convert(`<p>a</p><img src="${src}">`, layout)).toStrictEqual({
      blocks: [paragraph(text('a'))],
      warnings: [],
    });
  });

  it('places a picture written without alt, width or alignment exactly as the template resolves it', () => {
    const { blocks } = convert('<p><img src="asset:logo.png"></p>', { ...layout, resolveImage: resolved });
    expect(blocks).toStrictEqual([resolved()]);
  });
});
