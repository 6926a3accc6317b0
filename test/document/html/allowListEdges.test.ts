/**
 * The edges of the answers' allow-list that mutation testing found unguarded: characters XML
 * cannot carry, attributes written with spaces around them, `!important` spelled loosely, a
 * rowspan on a header cell, and an image address that merely contains "asset:".
 */
import { htmlToBlocks, sanitizeAnswerHtml } from '../../../src/document/html';
import { blocksToPlainText } from '../../../src/document/text';
import type { Block, ImageBlock } from '../../../src/document/types';
import { png } from '../../builders/imageBytes';

type BlockOf<T extends Block['type']> = Extract<Block, { type: T }>;

const text = (html: string) => blocksToPlainText(htmlToBlocks(html));

describe('characters XML cannot carry', () => {
  it('replaces a lone high or low surrogate with U+FFFD and keeps a pair whole', () => {
    expect(text('<p>a\ud83dz</p>')).toBe('a\ufffdz');
    expect(text('<p>a\ude00z</p>')).toBe('a\ufffdz');
    expect(text('<p>a\udfffz</p>')).toBe('a\ufffdz');
    expect(text('<p>a\udbffz</p>')).toBe('a\ufffdz');
    expect(text('<p>a\ud83d\ude00z</p>')).toBe('a\u{1f600}z');
    // A high surrogate at the very end, and a low one at the very start.
    expect(text('<p>end\ud83d')).toBe('end\ufffd');
    expect(text('\ude00<p>x</p>')).toBe('\ufffd\nx');
  });

  it('drops the non-characters U+FFFE and U+FFFF and the controls, and reads a form feed as a space', () => {
    expect(text('<p>a\uffffb\ufffec\u0007d\u007fe</p>')).toBe('abcde');
    expect(text('<p>one\ftwo</p>')).toBe('one two');
  });

  it('keeps U+FFFD and U+FFFC, which XML can carry', () => {
    expect(text('<p>a\ufffdb\ufffdc</p>')).toBe('a\ufffdb\ufffdc');
    expect(text('<p>x\ufffcy</p>')).toBe('x\ufffcy');
  });

  it('cleans text the same way when an imported answer is sanitised', () => {
    expect(sanitizeAnswerHtml('<p>a\uffff\ud800b</p>')).toBe('<p>a\ufffdb</p>');
  });
});

describe('attributes at the edges of the allow-list', () => {
  it('keeps a rowspan on a header cell, as on a data cell', () => {
    const table = htmlToBlocks(
      '<table><tr><th rowspan="2">tall head</th><td>a</td></tr><tr><td>b</td></tr></table>',
    )[0] as BlockOf<'table'>;
    expect(table.type).toBe('table');
    expect(table.rows[0].cells[0]).toMatchObject({ rowSpan: 2 });
    expect(table.rows[1].cells).toHaveLength(1);
  });

  it('reads a link address with spaces around it as the address', () => {
    const paragraph = htmlToBlocks('<p><a href="  https://example.org/data  ">data</a></p>')[0] as BlockOf<'paragraph'>;
    expect(paragraph.content[0]).toMatchObject({ type: 'link', href: 'https://example.org/data' });
  });

  it('reads a layout template link with spaces around it as the address', () => {
    const paragraph = htmlToBlocks('<p><a href=" https://example.org/guide ">guide</a></p>', {
      layout: true,
    })[0] as BlockOf<'paragraph'>;
    expect(paragraph.content[0]).toMatchObject({ type: 'link', href: 'https://example.org/guide' });
  });

  it('drops an in-page or empty link with spaces around it silently, keeping its text', () => {
    const warnings: string[] = [];
    const blocks = htmlToBlocks('<p><a href="  #footnote-1 ">1</a> and <a href="   ">blank</a></p>', {
      onWarning: (warning) => warnings.push(warning),
    });
    expect(warnings).toEqual([]);
    expect(blocks).toEqual([{ type: 'paragraph', content: [{ type: 'text', text: '1 and blank' }] }]);
  });

  it('reads an embedded image whose address has spaces around it', () => {
    const src = `data:image/png;base64,${png(4, 3).toString('base64')}`;
    const warnings: string[] = [];
    const blocks = htmlToBlocks(`<p><img src="  ${src}  " alt="chart"></p>`, {
      onWarning: (warning) => warnings.push(warning),
    });
    const image = blocks.find((block): block is ImageBlock => block.type === 'image');
    expect(warnings).toEqual([]);
    expect(image).toMatchObject({ mimeType: 'image/png', width: 4, height: 3, alt: 'chart' });
  });

  it.each([
    ['text-align: center !important ;', 'center'],
    ['text-align:right!important', 'right'],
    ['TEXT-ALIGN : justify ! important', undefined],
  ])('reads the alignment of style="%s" as %s', (style, align) => {
    const paragraph = htmlToBlocks(`<p style="${style}">x</p>`)[0] as BlockOf<'paragraph'>;
    expect(paragraph.align).toBe(align);
  });
});

describe('template images', () => {
  it('resolves only addresses that start with asset: or ref:, not ones that merely contain it', () => {
    const resolveImage = jest.fn(() => null);
    const warnings: string[] = [];
    htmlToBlocks('<p><img src="https://example.org/asset:logo.png"><img src="xref:f3"></p>', {
      layout: true,
      resolveImage,
      onWarning: (w) => warnings.push(w),
    });
    expect(resolveImage).not.toHaveBeenCalled();
    expect(warnings).toEqual([
      expect.stringMatching(/only images embedded in the text are exported/),
      expect.stringMatching(/only images embedded in the text are exported/),
    ]);
  });
});
