/**
 * Pass 2 of the HTML reader (tree -> blocks) at the edges mutation testing found unguarded: the
 * warnings for each kind of embedded picture that cannot be used, template pictures taking the
 * alt text, alignment and width written around them, attribute values written with spaces or
 * junk (list starts, spans, widths, lang, dir), carriage returns in <pre>, line breaks at a
 * paragraph's edges, and block boundaries in a subtree too deep to walk.
 */
import { htmlToBlocks, type HtmlOptions } from '../../../src/document/html';
import { MAX_IMAGE_BYTES } from '../../../src/document/images';
import { blocksToPlainText } from '../../../src/document/text';
import type { Block, ImageBlock } from '../../../src/document/types';
import { png } from '../../builders/imageBytes';

type BlockOf<T extends Block['type']> = Extract<Block, { type: T }>;

function convert(html: string, options: HtmlOptions = {}) {
  const warnings: string[] = [];
  const blocks = htmlToBlocks(html, { ...options, onWarning: (warning) => warnings.push(warning) });
  return { blocks, warnings };
}
const PNG = png(4, 2).toString('base64');

describe('embedded pictures that cannot be used', () => {
  it.each([
    [
      'data:image/svg+xml;base64,PHN2Zy8+',
      'Removed an embedded image/svg+xml image: only PNG, JPEG, GIF and BMP images are exported',
    ],
    ['data:;base64,AAAA', 'Removed an embedded unknown image: only PNG, JPEG, GIF and BMP images are exported'],
    ['data:image/png', 'Removed an embedded unknown image: only PNG, JPEG, GIF and BMP images are exported'],
    [`data:image/png,${PNG}`, 'Removed an embedded image that is not base64-encoded'],
    [
      'data:image/png;base64,AAAAAAAA',
      'Removed an embedded image/png image that could not be read (damaged, incomplete or too large)',
    ],
  ])('%s is removed with a warning saying why', (src, warning) => {
    const { blocks, warnings } = convert(`<p>before</p><img src="${src}"><p>after</p>`);
    expect(warnings).toEqual([warning]);
    expect(blocks.map((block) => block.type)).toEqual(['paragraph', 'paragraph']);
  });

  it('reads the media type in any case and with spaces, and a parameter before base64', () => {
    const { blocks, warnings } = convert(`<img src="data: IMAGE/PNG ;name=chart.png;base64,${PNG}">`);
    expect(warnings).toEqual([]);
    expect(blocks[0]).toMatchObject({ type: 'image', mimeType: 'image/png', width: 4, height: 2 });
  });

  it('removes a picture larger than the limit without decoding it, and keeps one at the limit', () => {
    const megabytes = MAX_IMAGE_BYTES / (1024 * 1024);
    const over = 'A'.repeat(Math.ceil(((MAX_IMAGE_BYTES + 4) * 4) / 3));
    expect(convert(`<img src="data:image/png;base64,${over}">`).warnings).toEqual([
      `Removed an embedded image larger than ${megabytes} MB`,
    ]);
    // At the limit it is decoded (and found not to be a PNG), not refused for its size.
    const atLimit = 'A'.repeat(Math.floor((MAX_IMAGE_BYTES * 4) / 3));
    expect(convert(`<img src="data:image/png;base64,${atLimit}">`).warnings).toEqual([
      expect.stringMatching(/could not be read/),
    ]);
  });
});

describe('template pictures', () => {
  const resolved = (): ImageBlock => ({ type: 'image', mimeType: 'image/png', data: png(4, 2), width: 4, height: 2 });

  it('take the alt text, the alignment around them and the width written on them', () => {
    const { blocks } = convert(
      '<p style="text-align: right"><img src="asset:logo.png" alt=" Logo " width=" 80px"></p>',
      { layout: true, resolveImage: resolved },
    );
    expect(blocks).toEqual([{ ...resolved(), alt: 'Logo', align: 'right', displayWidth: 60 }]);
  });

  it('keep an alt text and an alignment of their own', () => {
    const own = (): ImageBlock => ({ ...resolved(), alt: 'Own', align: 'center' });
    const { blocks } = convert('<p align="left"><img src="asset:logo.png" alt="Written"></p>', {
      layout: true,
      resolveImage: own,
    });
    expect(blocks).toEqual([own()]);
  });

  it('warn once, naming the picture, when it cannot be found', () => {
    const { blocks, warnings } = convert('<img src="ref:f3" alt="x">', { layout: true, resolveImage: () => null });
    expect(blocks).toEqual([]);
    expect(warnings).toEqual(['Removed the image "ref:f3": it could not be found']);
  });

  it.each([
    ['120', 90],
    ['120.5px', 90.375],
    ['120.25', 90.1875],
    ['120PX', 90],
    ['0', undefined],
    ['120 em', undefined],
    ['x120', undefined],
    ['12.px', undefined],
  ])('read width="%s" as %p points', (width, points) => {
    const { blocks } = convert(`<img src="asset:logo.png" width="${width}">`, { layout: true, resolveImage: resolved });
    expect((blocks[0] as ImageBlock).displayWidth).toBe(points);
  });

  it('warn, naming the reference, when a <dmp-blocks> has nothing to insert', () => {
    const { blocks, warnings } = convert('<p>a<dmp-blocks ref="nope"></dmp-blocks>b</p>', {
      layout: true,
      resolveBlocks: () => null,
    });
    expect(warnings).toEqual(['Nothing to insert for <dmp-blocks ref="nope">']);
    expect(blocks).toEqual([
      { type: 'paragraph', content: [{ type: 'text', text: 'a' }] },
      { type: 'paragraph', content: [{ type: 'text', text: 'b' }] },
    ]);
  });

  it('trim the title of a table of contents', () => {
    expect(convert('<dmp-toc title="  Contents  "></dmp-toc>', { layout: true }).blocks).toEqual([
      { type: 'toc', title: 'Contents' },
    ]);
    expect(convert('<dmp-toc></dmp-toc>', { layout: true }).blocks).toEqual([{ type: 'toc', title: '' }]);
  });

  it('take a paragraph style from the class of a <p> only', () => {
    const { blocks } = convert('<p class="big title">T</p><div class="title">D</div>', { layout: true });
    expect(blocks).toEqual([
      { type: 'paragraph', style: 'title', content: [{ type: 'text', text: 'T' }] },
      { type: 'paragraph', content: [{ type: 'text', text: 'D' }] },
    ]);
  });
});

describe('attribute values', () => {
  it.each([
    [' 3 ', 3],
    ['-2', 0],
    ['1', undefined],
    ['3a', undefined],
    ['a3', undefined],
    ['3 4', undefined],
    ['2000000', 999_999],
  ])('reads <ol start="%s"> as %p', (start, expected) => {
    const list = convert(`<ol start="${start}"><li>x</li></ol>`).blocks[0] as BlockOf<'list'>;
    expect(list.start).toBe(expected);
  });

  it.each([
    [' 2 ', 2],
    ['2x', 1],
    ['x2', 1],
    ['2 3', 1],
    ['0', 1],
  ])('reads colspan="%s" as %p', (span, expected) => {
    const table = convert(`<table><tr><td colspan="${span}">a</td><td>b</td></tr></table>`)
      .blocks[0] as BlockOf<'table'>;
    expect(table.rows[0].cells[0].colSpan ?? 1).toBe(expected);
  });

  it('reads rowspan="0" as spanning to the last row, and a rowspan past the last row as ending there', () => {
    const zero = convert(
      '<table><tr><td rowspan="0">z</td><td>1</td></tr><tr><td>2</td></tr><tr><td>3</td></tr></table>',
    ).blocks[0] as BlockOf<'table'>;
    expect(zero.rows[0].cells[0].rowSpan).toBe(3);
    const past = convert('<table><tr><td rowspan="5">p</td><td>1</td></tr><tr><td>2</td></tr></table>')
      .blocks[0] as BlockOf<'table'>;
    expect(past.rows[0].cells[0].rowSpan).toBe(2);
    const one = convert('<table><tr><td rowspan="3">o</td><td>1</td></tr></table>').blocks[0] as BlockOf<'table'>;
    expect(one.rows[0].cells[0].rowSpan ?? 1).toBe(1);
  });

  it('keeps a valid lang with subtags and drops one with a subtag longer than 8 letters', () => {
    expect(convert('<p lang="en-GB-oxendict">x</p>').blocks[0]).toMatchObject({ lang: 'en-GB-oxendict' });
    expect(convert('<p lang="en-abcdefghi">x</p>').blocks[0]).not.toHaveProperty('lang');
    expect(convert('<p lang="en--GB">x</p>').blocks[0]).not.toHaveProperty('lang');
  });

  it('reads dir="auto" as no explicit direction, overriding an inherited one', () => {
    const { blocks } = convert('<div dir="rtl"><p dir=" AUTO ">x</p><p>y</p></div>');
    expect(blocks[0]).not.toHaveProperty('dir');
    expect(blocks[1]).toMatchObject({ dir: 'rtl' });
  });
});

describe('text', () => {
  it('reads a carriage return alone, or before a newline, in <pre> as one newline', () => {
    expect(convert('<pre>one\rtwo\r\nthree\n</pre>').blocks).toEqual([{ type: 'code', text: 'one\ntwo\nthree' }]);
  });

  it('drops line breaks at the start and end of a paragraph and at the end of a closing link', () => {
    const { blocks } = convert('<p><br><br>text <a href="https://example.org">link<br></a><br></p>');
    expect(blocks).toEqual([
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'text ' },
          { type: 'link', href: 'https://example.org/', children: [{ type: 'text', text: 'link' }] },
        ],
      },
    ]);
  });

  it('keeps a paragraph whose only visible text is inside a link, and drops one of breaks and spaces', () => {
    expect(convert('<p> <a href="https://example.org">x</a> </p>').blocks).toHaveLength(1);
    expect(convert('<p>&nbsp;<br>\u200b</p>').blocks).toEqual([]);
  });

  it('drops an empty quote and keeps the text after it apart', () => {
    expect(convert('<p>a</p><blockquote> </blockquote>b').blocks).toEqual([
      { type: 'paragraph', content: [{ type: 'text', text: 'a' }] },
      { type: 'paragraph', content: [{ type: 'text', text: 'b' }] },
    ]);
  });

  it('separates the blocks of a subtree too deep to walk by spaces, lists and line breaks included', () => {
    const deep = `${'<div>'.repeat(101)}one<ul>two</ul>three<br>four<pre>five</pre>six<ol>seven</ol>eight<menu>nine</menu>ten<li>eleven</li>twelve<blockquote>thirteen</blockquote>fourteen<hr>fifteen`;
    const text = blocksToPlainText(htmlToBlocks(deep));
    expect(text.replace(/\s+/g, ' ').trim()).toBe(
      'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen',
    );
  });
});
