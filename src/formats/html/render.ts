/**
 * Document model -> one self-contained HTML file: semantic elements, `lang` and `dir`, images as
 * data URIs, a print stylesheet, no scripts. Built as a hast tree and serialised by
 * hast-util-to-html, which escapes every text and attribute.
 */
import type { Element, ElementContent, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { resolveDirections } from '../../document/direction';
import { lineHeightEm } from '../../document/fontMetrics';
import {
  type DocumentLook,
  documentLook,
  FONT_FALLBACKS,
  TABLE_CELL_PADDING,
  type TextLook,
} from '../../document/look';
import { inlinesToPlainText } from '../../document/text';
import type { Block, Direction, DocumentModel, Inline, Marks } from '../../document/types';
import type { ExportResult, RenderedDocument } from '../types';

type Properties = Element['properties'];

const element = (tagName: string, properties: Properties, children: ElementContent[] = []): Element => ({
  type: 'element',
  tagName,
  properties,
  children,
});
const text = (value: string): ElementContent => ({ type: 'text', value });

/** A family and what stands in for it, as a CSS font-family list (names are letters, digits, spaces and hyphens: look.ts). */
function fontStack(name: string): string {
  const fallback = Object.hasOwn(FONT_FALLBACKS, name) ? FONT_FALLBACKS[name] : undefined;
  return [name, ...(fallback?.alternatives ?? [])]
    .map((family) => `"${family}"`)
    .concat(fallback?.generic ?? 'sans-serif')
    .join(', ');
}

const em = (points: number, fontSize: number): string => `${Number((points / fontSize).toFixed(3))}em`;

/** A text look as CSS declarations: sizes and spaces in em of the text's own size (of the body's for sizes). */
function textRules(text: TextLook, look: DocumentLook): string {
  return (
    `font-size: ${em(text.size, look.fontSize)}; font-weight: ${text.bold ? 'bold' : 'normal'}; ` +
    `font-style: ${text.italic ? 'italic' : 'normal'}; color: ${text.color}; ` +
    `margin: ${em(text.spaceBefore, text.size)} 0 ${em(text.spaceAfter, text.size)}; ` +
    `font-family: ${fontStack(look.fonts[text.font])};`
  );
}

/**
 * Screen and print, from the document look the PDF and DOCX writers read (document/look.ts): the
 * same fonts, heading scale and spacing, in em of the body size (the browser's on screen, the
 * look's in print); A4/Letter pages, headings kept with what follows, page breaks honoured.
 */
function stylesheet(look: DocumentLook): string {
  const { colors, paragraphs } = look;
  const headings = look.headings.map((heading, index) => `h${index + 1} { ${textRules(heading, look)} }`).join('\n');
  // Font metrics' line height (ascent + descent) times the look's line spacing.
  const lineHeight = Number((lineHeightEm() * look.lineSpacing).toFixed(3));
  return `
body { font-family: ${fontStack(look.fonts.body)}; line-height: ${lineHeight}; max-width: 46em; margin: 2em auto; padding: 0 1em; color: ${colors.text}; }
p { margin: 0 0 ${em(paragraphs.normal.spaceAfter, look.fontSize)}; }
h1, h2, h3, h4, h5, h6 { line-height: 1.2; }
${headings}
.title { ${textRules(paragraphs.title, look)} line-height: 1.2; }
.subtitle { ${textRules(paragraphs.subtitle, look)} }
.label { ${textRules(paragraphs.label, look)} }
.caption { ${textRules(paragraphs.caption, look)} }
.note { ${textRules(paragraphs.note, look)} }
a { color: ${colors.link}; }
table { width: 100%; border-collapse: collapse; margin: 0.2em 0 ${em(look.blockSpaceAfter, look.fontSize)}; }
th, td { border: 1px solid ${colors.rule}; padding: ${em(TABLE_CELL_PADDING.y, look.fontSize)} ${em(TABLE_CELL_PADDING.x, look.fontSize)}; vertical-align: top; text-align: start; }
th { background: ${colors.shade}; }
td > :last-child, th > :last-child { margin-bottom: 0; }
blockquote { border-inline-start: 3px solid ${colors.rule}; margin-inline-start: 0; padding-inline-start: 1em; }
pre, code { font-family: ${fontStack(look.fonts.code)}; }
pre { font-size: ${em(look.code.size, look.fontSize)}; background: ${colors.shade}; padding: 0.5em; white-space: pre-wrap; margin: 0 0 ${em(look.code.spaceAfter, look.code.size)}; }
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
@media print {
  body { max-width: none; margin: 0; padding: 0; font-size: ${look.fontSize}pt; }
  .page-break { break-after: page; }
  h1, h2, h3, h4, h5, h6, .label { break-after: avoid; }
  thead { display: table-header-group; }
  tr, img { break-inside: avoid; }
  a { color: inherit; }
}
`;
}

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

/**
 * Blocks as HTML. Each block's direction is the one every writer gives it (document/direction.ts:
 * its `dir`, else its first strong character, else its container's), written as `dir` where it
 * differs from its container's: an English paragraph in an Arabic plan reads left to right.
 */
class HtmlBuilder {
  /** Heading anchors, in document order, for the table of contents. */
  private readonly headings: { id: string; level: number; text: string; direction?: Direction }[] = [];
  private tocPlaceholder: { element: Element; title: string; levels: number } | null = null;

  constructor(private readonly documentDirection: Direction) {}

  build(blocks: Block[]): ElementContent[] {
    const content = this.blocks(resolveDirections(blocks, this.documentDirection), this.documentDirection);
    if (this.tocPlaceholder) this.fillToc(this.tocPlaceholder);
    return content;
  }

  private blocks(blocks: Block[], container: Direction): ElementContent[] {
    // An automatic page break depends on where a page ends: a browser's print layout cannot say.
    return blocks
      .filter((block) => !(block.type === 'pageBreak' && block.auto))
      .map((block) => this.block(block, container));
  }

  private block(block: Block, container: Direction): ElementContent {
    switch (block.type) {
      case 'heading': {
        const id = `h${this.headings.length + 1}`;
        if (block.toc !== false)
          this.headings.push({
            id,
            level: block.level,
            text: inlinesToPlainText(block.content),
            direction: block.direction,
          });
        return element(`h${block.level}`, { id, ...directional(block, container) }, inlines(block.content));
      }
      case 'paragraph': {
        const classes = [block.style && block.style !== 'normal' ? block.style : '', alignClass(block.align)].filter(
          Boolean,
        );
        return element(
          'p',
          { className: classes.length > 0 ? classes : undefined, ...directional(block, container) },
          inlines(block.content),
        );
      }
      case 'list': {
        const direction = block.direction ?? container;
        return element(
          block.ordered ? 'ol' : 'ul',
          {
            start: block.ordered && block.start !== undefined && block.start !== 1 ? block.start : undefined,
            ...directional(block, container),
          },
          block.items.map((item) => element('li', {}, this.blocks(item, direction))),
        );
      }
      case 'table': {
        const direction = block.direction ?? container;
        const row = (cells: Block[][], header: boolean, spans: { colSpan?: number; rowSpan?: number }[]) =>
          element(
            'tr',
            {},
            cells.map((cell, i) =>
              element(
                header ? 'th' : 'td',
                { scope: header ? 'col' : undefined, colSpan: spans[i].colSpan, rowSpan: spans[i].rowSpan },
                this.blocks(cell, direction),
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
        return element('table', directional(block, container), [
          ...(head.length > 0 ? [element('thead', {}, head)] : []),
          ...(body.length > 0 ? [element('tbody', {}, body)] : []),
        ]);
      }
      case 'blockquote':
        return element(
          'blockquote',
          directional(block, container),
          this.blocks(block.children, block.direction ?? container),
        );
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
          // Entries line up as the document reads, as in the PDF and DOCX contents; each title keeps its own direction.
          element('li', { className: [`toc-${h.level}`] }, [
            element('a', { href: `#${h.id}`, ...directional({ direction: h.direction }, this.documentDirection) }, [
              text(h.text),
            ]),
          ]),
        ),
      ),
    ];
  }
}

/** Alignment as a class of the stylesheet: no inline styles, so a strict Content-Security-Policy can show the file. */
const alignClass = (align: string | undefined): string => (align && align !== 'left' ? `align-${align}` : '');

/** `dir` where the block's direction differs from its container's, and the block's own `lang`. */
function directional(block: { direction?: Direction; lang?: string }, container: Direction): Properties {
  return { dir: block.direction && block.direction !== container ? block.direction : undefined, lang: block.lang };
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
        `@page { size: ${meta.pageSize} ${meta.orientation}; margin: ${meta.margins.top}pt ${meta.margins.right}pt ${meta.margins.bottom}pt ${meta.margins.left}pt; }${stylesheet(documentLook(meta.theme))}`,
      ),
    ]),
  ]);
  const body = element('body', {}, [element('main', {}, new HtmlBuilder(meta.direction).build(document.blocks))]);
  const tree: Root = {
    type: 'root',
    children: [{ type: 'doctype' }, element('html', { lang: meta.language, dir: meta.direction }, [head, body])],
  };
  return toHtml(tree, { upperDoctype: true });
}

export async function write(rendered: RenderedDocument): Promise<ExportResult> {
  return { bytes: new TextEncoder().encode(documentToHtml(rendered.document)), warnings: [...rendered.warnings] };
}
