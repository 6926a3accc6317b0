/**
 * Document model -> one self-contained HTML file: semantic elements, `lang` and `dir`, images as
 * data URIs, a print stylesheet, no scripts. Built as a hast tree and serialised by
 * hast-util-to-html, which escapes every text and attribute.
 */
import type { Element, ElementContent, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { inlinesToPlainText } from '../../document/text';
import type { Block, DocumentModel, Inline, Marks } from '../../document/types';
import type { ExportResult, RenderedDocument } from '../types';

type Properties = Element['properties'];

const element = (tagName: string, properties: Properties, children: ElementContent[] = []): Element => ({
  type: 'element',
  tagName,
  properties,
  children,
});
const text = (value: string): ElementContent => ({ type: 'text', value });

/** Screen and print: A4/Letter pages, headings kept with what follows, page breaks honoured. */
const STYLESHEET = `
body { font-family: "DejaVu Sans", "Noto Sans", Arial, sans-serif; line-height: 1.45; max-width: 46em; margin: 2em auto; padding: 0 1em; color: #1a1a1a; }
h1, h2, h3, h4, h5, h6 { color: #1f3864; line-height: 1.2; }
.title { font-size: 2em; font-weight: bold; color: #1f3864; }
.subtitle { font-size: 1.3em; color: #595959; }
.label { font-weight: bold; margin-bottom: 0.2em; }
.caption, .note { color: #595959; }
.caption { font-size: 0.9em; }
.note { font-style: italic; }
table { border-collapse: collapse; margin: 0.5em 0; }
th, td { border: 1px solid #a6a6a6; padding: 0.2em 0.4em; vertical-align: top; text-align: start; }
th { background: #f0f0f0; }
blockquote { border-inline-start: 3px solid #a6a6a6; margin-inline-start: 0; padding-inline-start: 1em; }
pre { background: #f0f0f0; padding: 0.5em; white-space: pre-wrap; }
img { max-width: 100%; height: auto; }
li > p { margin: 0.2em 0; }
nav ol { list-style: none; padding-inline-start: 1em; }
.toc-2 { margin-inline-start: 1.2em; }
.toc-3 { margin-inline-start: 2.4em; }
.toc-4 { margin-inline-start: 3.6em; }
.toc-5 { margin-inline-start: 4.8em; }
.toc-6 { margin-inline-start: 6em; }
.align-center { text-align: center; }
.align-right { text-align: right; }
.align-justify { text-align: justify; }
.compact p, .compact h1, .compact h2, .compact h3, .compact h4, .compact h5, .compact h6 { margin-top: 0.3em; margin-bottom: 0.2em; }
@media print {
  body { max-width: none; margin: 0; padding: 0; font-size: 10.5pt; }
  .page-break { break-after: page; }
  h1, h2, h3, h4, h5, h6, .label { break-after: avoid; }
  thead { display: table-header-group; }
  tr, img { break-inside: avoid; }
  a { color: inherit; }
}
`;

const MARK_TAGS: [keyof Marks, string][] = [
  ['code', 'code'],
  ['sup', 'sup'],
  ['sub', 'sub'],
  ['strike', 's'],
  ['underline', 'u'],
  ['italic', 'em'],
  ['bold', 'strong'],
];

function inlines(content: Inline[]): ElementContent[] {
  return content.map((inline): ElementContent => {
    switch (inline.type) {
      case 'break':
        return element('br', {});
      case 'link':
        return element('a', { href: inline.href }, inlines(inline.children));
      case 'text': {
        let node: ElementContent = text(inline.text);
        for (const [mark, tag] of MARK_TAGS) if (inline.marks?.[mark]) node = element(tag, {}, [node]);
        return node;
      }
    }
  });
}

class HtmlBuilder {
  /** Heading anchors, in document order, for the table of contents. */
  private readonly headings: { id: string; level: number; text: string }[] = [];
  private tocPlaceholder: { element: Element; title: string; levels: number } | null = null;

  build(blocks: Block[]): ElementContent[] {
    const content = this.blocks(blocks);
    if (this.tocPlaceholder) this.fillToc(this.tocPlaceholder);
    return content;
  }

  private blocks(blocks: Block[]): ElementContent[] {
    return blocks.map((block) => this.block(block));
  }

  private block(block: Block): ElementContent {
    switch (block.type) {
      case 'heading': {
        const id = `h${this.headings.length + 1}`;
        if (block.toc !== false)
          this.headings.push({ id, level: block.level, text: inlinesToPlainText(block.content) });
        return element(`h${block.level}`, { id, ...directional(block) }, inlines(block.content));
      }
      case 'paragraph': {
        const classes = [block.style && block.style !== 'normal' ? block.style : '', alignClass(block.align)].filter(
          Boolean,
        );
        return element(
          'p',
          { className: classes.length > 0 ? classes : undefined, ...directional(block) },
          inlines(block.content),
        );
      }
      case 'list':
        return element(
          block.ordered ? 'ol' : 'ul',
          { start: block.ordered && block.start !== undefined && block.start !== 1 ? block.start : undefined },
          block.items.map((item) => element('li', {}, this.blocks(item))),
        );
      case 'table': {
        const row = (cells: Block[][], header: boolean, spans: { colSpan?: number; rowSpan?: number }[]) =>
          element(
            'tr',
            {},
            cells.map((cell, i) =>
              element(
                header ? 'th' : 'td',
                { scope: header ? 'col' : undefined, colSpan: spans[i].colSpan, rowSpan: spans[i].rowSpan },
                this.blocks(cell),
              ),
            ),
          );
        const rows = block.rows.map((r, index) =>
          row(
            r.cells.map((c) => c.blocks),
            index < block.headerRows,
            r.cells.map((c) => ({
              colSpan: c.colSpan && c.colSpan > 1 ? c.colSpan : undefined,
              rowSpan: c.rowSpan && c.rowSpan > 1 ? c.rowSpan : undefined,
            })),
          ),
        );
        const head = rows.slice(0, block.headerRows);
        const body = rows.slice(block.headerRows);
        return element('table', {}, [
          ...(head.length > 0 ? [element('thead', {}, head)] : []),
          ...(body.length > 0 ? [element('tbody', {}, body)] : []),
        ]);
      }
      case 'blockquote':
        return element('blockquote', {}, this.blocks(block.children));
      case 'code':
        return element('pre', {}, [element('code', {}, [text(block.text)])]);
      case 'rule':
        return element('hr', {});
      case 'image': {
        const src = `data:${block.mimeType};base64,${Buffer.from(block.data).toString('base64')}`;
        const width = block.displayWidth ? Math.round((block.displayWidth * 96) / 72) : block.width;
        const height = Math.round((block.height * width) / block.width);
        const img = element('img', { src, alt: block.alt ?? '', width, height });
        const align = alignClass(block.align);
        return align ? element('p', { className: [align] }, [img]) : img;
      }
      case 'pageBreak':
        return element('div', { className: ['page-break'] });
      case 'toc': {
        const nav = element('nav', { ariaLabel: block.title });
        this.tocPlaceholder = { element: nav, title: block.title, levels: block.levels ?? 3 };
        return nav;
      }
    }
  }

  /** The contents: every heading in the table of contents, as links to its anchor. */
  private fillToc({ element: nav, title, levels }: { element: Element; title: string; levels: number }): void {
    const entries = this.headings.filter((h) => h.level <= levels);
    nav.children = [
      element('h2', {}, [text(title)]),
      element(
        'ol',
        {},
        entries.map((h) =>
          element('li', { className: [`toc-${h.level}`] }, [element('a', { href: `#${h.id}` }, [text(h.text)])]),
        ),
      ),
    ];
  }
}

/** Alignment as a class of the stylesheet: no inline styles, so a strict Content-Security-Policy can show the file. */
const alignClass = (align: string | undefined): string => (align && align !== 'left' ? `align-${align}` : '');

function directional(block: { dir?: 'ltr' | 'rtl'; lang?: string }): Properties {
  return { dir: block.dir, lang: block.lang };
}

export function documentToHtml(document: DocumentModel): string {
  const { meta } = document;
  const metaTag = (name: string, content: string | undefined) => (content ? [element('meta', { name, content })] : []);
  const head = element('head', {}, [
    element('meta', { charSet: 'utf-8' }),
    element('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
    element('title', {}, [text(meta.title)]),
    ...metaTag('author', meta.author),
    ...metaTag('description', meta.subject),
    ...metaTag('keywords', meta.keywords?.join(', ')),
    element('style', {}, [
      text(
        `@page { size: ${meta.pageSize} ${meta.orientation}; margin: ${meta.margins.top}pt ${meta.margins.right}pt ${meta.margins.bottom}pt ${meta.margins.left}pt; }${STYLESHEET}`,
      ),
    ]),
  ]);
  const compact = meta.theme?.spacing === 'compact' ? ['compact'] : undefined;
  const body = element('body', { className: compact }, [element('main', {}, new HtmlBuilder().build(document.blocks))]);
  const tree: Root = {
    type: 'root',
    children: [{ type: 'doctype' }, element('html', { lang: meta.language, dir: meta.direction }, [head, body])],
  };
  return toHtml(tree, { upperDoctype: true });
}

export async function write(rendered: RenderedDocument): Promise<ExportResult> {
  return { bytes: new TextEncoder().encode(documentToHtml(rendered.document)), warnings: [...rendered.warnings] };
}
