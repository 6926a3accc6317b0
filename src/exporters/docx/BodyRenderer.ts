/**
 * Renders document blocks as docx objects: the body of a generated document, or of a Word shell
 * template. Content refers to named styles (styles.ts), lists to Word numbering (numbering.ts).
 * A block that cannot be rendered becomes a visible note; the rest of the document is unaffected.
 */
import {
  AlignmentType,
  Bookmark,
  BorderStyle,
  ExternalHyperlink,
  InternalHyperlink,
  ImageRun,
  LeaderType,
  PageBreak,
  Paragraph,
  SimpleField,
  Tab,
  TabStopType,
  Table,
  TableCell,
  TableOfContents,
  TableRow,
  TextRun,
  WidthType,
  type FileChild,
  type INumberingOptions,
  type IParagraphOptions,
  type ParagraphChild,
} from 'docx';
import { blockDirection, inlinesDirection, resolveDirections } from '../../document/direction';
import { inlinesToPlainText } from '../../document/text';
import type { Align, Block, Direction, DocumentMeta, ImageBlock, Inline, Marks } from '../../document/types';
import { checkImage, displaySize, DOCX_IMAGE_TYPE } from './images';
import { LIST_HANGING, LIST_INDENT_STEP, ListNumbering, listIndent, MAX_LIST_LEVEL, type ListNumber } from './numbering';
import { pageGeometry, TWIPS_PER_POINT } from './page';
import { estimateHeadingPages } from './pageEstimate';
import { resolveTheme, StyleId, headingStyleId, paragraphStyleId, type ResolvedTheme } from './styles';
import { tableGrid, type TableGrid } from './tableGrid';
import { directedText, type DirectedText, runLanguage, xmlSafe } from './text';

export interface DocxBodyRendererOptions {
  /** Width of the text column in points, when it is not the one `meta` gives (a shell template's page). */
  textWidthPt?: number;
  textHeightPt?: number;
  /** Maps our style ids to the ids the target document uses for the same style (a template's "Zitat" for Quote). */
  styleId?: (id: string) => string;
}

export const UNRENDERABLE_NOTE = 'This content could not be rendered.';

/** Where blocks are being rendered. */
interface Frame {
  /** Room for pictures and tables, in points. */
  widthPt: number;
  /** Quotes and lists nested deeper stop indenting rather than leave text narrower than this, in points. */
  minWidthPt: number;
  /** Left indent of paragraphs in twips (block quotes, list item continuations). */
  indent: number;
  quoted: boolean;
  /** Nesting depth of the list the blocks are in (0 outside lists). */
  listDepth: number;
  /** Indent per list level in twips: the page's, or a narrower one in table cells. */
  listStep: number;
  /** Text of header cells is bold. */
  bold: boolean;
  /** Direction of the list, table, quote or document the blocks are in: of pictures and rules. */
  direction: Direction;
}

type HeadingBlock = Extract<Block, { type: 'heading' }>;

interface ListPlace {
  number: ListNumber;
  level: number;
}

interface ContentsEntry {
  title: string;
  level: number;
  bookmark: string;
  /** Which heading of the body it is (0: the first), for its page in the page estimate. */
  heading: number;
}

interface RunFormat {
  /** The paragraph's direction: runs are marked right to left by their own text (see directedText). */
  direction: Direction;
  language?: { value: string; bidirectional?: string };
  bold?: boolean;
  link?: boolean;
}

const QUOTE_INDENT = 567;
/** Nesting leaves text at least 2 inches wide, or half the column when that is less (a narrow table cell). */
const MIN_NESTED_TEXT_PT = 144;
/** List indent per level, and room for the bullet or number, inside table cells (0.2 in, 0.16 in). */
const CELL_LIST_INDENT_STEP = 288;
const CELL_LIST_HANGING = 230;
/** Heading levels listed in a table of contents that does not say. */
const CONTENTS_DEPTH = 3;
/** Cell margins of the table style, left + right, in points. */
const CELL_PADDING_PT = (2 * 108) / TWIPS_PER_POINT;
/** A table gets an inch at least; one nested where there is less room is written as its cells' content. */
const MIN_TABLE_TWIPS = 1440;
const UNDERLINE = { type: 'single' } as const;
const TABLE_BORDER = { style: BorderStyle.SINGLE, size: 4, color: 'A6A6A6' };
const TABLE_BORDERS = {
  top: TABLE_BORDER,
  bottom: TABLE_BORDER,
  left: TABLE_BORDER,
  right: TABLE_BORDER,
  insideHorizontal: TABLE_BORDER,
  insideVertical: TABLE_BORDER,
};
const HEADER_SHADING = { type: 'clear', color: 'auto', fill: 'F2F2F2' } as const;
const RULE_BORDER = { bottom: { style: BorderStyle.SINGLE, size: 6, color: 'A6A6A6', space: 1 } };
const ALIGNMENT = {
  left: AlignmentType.LEFT,
  center: AlignmentType.CENTER,
  right: AlignmentType.RIGHT,
  justify: AlignmentType.JUSTIFIED,
} as const;

/**
 * Renders blocks for one target document. Everything it renders shares the document's list
 * numbering, so render all parts of one document (a shell's body and rich placeholder values) with
 * one renderer and give its `numbering()` to the document.
 */
export class DocxBodyRenderer {
  readonly warnings: string[] = [];
  private readonly lists = new ListNumbering();
  private readonly documentDirection: Direction;
  private readonly documentLanguage: string;
  private readonly styleId: (id: string) => string;
  private readonly textHeightPt: number;
  private readonly textWidthPt: number;
  private readonly theme: ResolvedTheme;
  /** Headings rendered so far. */
  private headings = 0;
  private pictures = 0;
  private warnedUnnested = false;
  /** Whether headings are bookmarked and listed for a table of contents (the body has one). */
  private listContents = false;
  /** The heading levels it lists. */
  private contentsDepth = CONTENTS_DEPTH;
  private readonly contents: ContentsEntry[] = [];
  /** Where each table of contents goes, once every heading is known: placeholder -> its title. */
  private readonly contentsPlaces = new Map<FileChild, string>();
  /**
   * A page break waiting for the next paragraph, which then starts a page itself. A paragraph
   * holding only the break would make a blank page whenever the content before it ends exactly at
   * the foot of a page: it lands alone at the top of the next page and breaks again.
   */
  private breakBefore = false;

  constructor(meta: DocumentMeta, options: DocxBodyRendererOptions = {}) {
    this.documentDirection = meta.direction === 'rtl' ? 'rtl' : 'ltr';
    this.documentLanguage = meta.language;
    this.styleId = options.styleId ?? ((id) => id);
    const page = pageGeometry(meta);
    this.textWidthPt = options.textWidthPt ?? page.textWidthPt;
    this.textHeightPt = options.textHeightPt ?? page.textHeightPt;
    this.theme = resolveTheme(meta.theme);
  }

  /**
   * The document's body, with its tables of contents filled in from its headings (`pagesBefore`:
   * pages of a Word shell before the body, for the contents' page numbers).
   */
  body(blocks: readonly Block[], options: { pagesBefore?: number } = {}): FileChild[] {
    const contents = tableOfContentsBlock(blocks);
    this.listContents = contents !== undefined;
    this.contentsDepth = contents?.levels ?? CONTENTS_DEPTH;
    const children = this.blocks(resolveDirections(blocks, this.documentDirection), this.topFrame());
    if (this.contentsPlaces.size === 0) return children;
    const pages = estimateHeadingPages(blocks, {
      textWidthPt: this.textWidthPt,
      textHeightPt: this.textHeightPt,
      theme: this.theme,
      contents: this.contents,
      pagesBefore: options.pagesBefore,
    });
    return children.map((child) => {
      const title = this.contentsPlaces.get(child);
      return title === undefined ? child : this.tableOfContents(title, pages);
    });
  }

  /** Blocks that stand in for a placeholder, not a whole body (no table of contents is filled in). */
  fragment(blocks: readonly Block[]): FileChild[] {
    return this.blocks(resolveDirections(blocks, this.documentDirection), this.topFrame());
  }

  /** Inline content that stands in for a placeholder inside a paragraph. */
  runs(content: readonly Inline[], options: { dir?: 'ltr' | 'rtl'; lang?: string } = {}): ParagraphChild[] {
    return this.inlines(content, {
      direction: options.dir ?? inlinesDirection(content) ?? this.documentDirection,
      language: options.lang && options.lang !== this.documentLanguage ? runLanguage(options.lang) : undefined,
    });
  }

  /** The list definitions of everything rendered so far: give them to the document as `numbering`. */
  numbering(): INumberingOptions {
    return this.lists.options();
  }

  private topFrame(): Frame {
    return {
      widthPt: this.textWidthPt,
      minWidthPt: minNestedWidth(this.textWidthPt),
      indent: 0,
      quoted: false,
      listDepth: 0,
      listStep: LIST_INDENT_STEP,
      bold: false,
      direction: this.documentDirection,
    };
  }

  private blocks(blocks: readonly Block[], frame: Frame): FileChild[] {
    const out: FileChild[] = [];
    for (const [index, block] of blocks.entries()) {
      if (block.type === 'pageBreak' && startsWithParagraph(blocks[index + 1])) {
        this.breakBefore = true;
        continue;
      }
      try {
        out.push(...this.block(block, frame));
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        this.warnings.push(`${describe(block)} could not be rendered and was replaced by a note: ${reason}`);
        out.push(this.note(frame));
      }
    }
    return out;
  }

  private block(block: Block, frame: Frame): FileChild[] {
    switch (block.type) {
      case 'heading':
        return [this.heading(block, frame)];
      case 'paragraph': {
        const style = block.style && block.style !== 'normal' ? paragraphStyleId[block.style] : frame.quoted ? StyleId.quote : undefined;
        return [this.paragraph(block.content, frame, { style, align: block.align, direction: block.direction ?? frame.direction, lang: block.lang })];
      }
      case 'list':
        return this.list(block, frame);
      case 'table':
        return this.table(block, frame);
      case 'blockquote':
        return this.blocks(block.children, { ...indented(frame, QUOTE_INDENT), quoted: true, direction: block.direction ?? frame.direction });
      case 'code':
        return [this.code(block.text, frame)];
      case 'rule':
        return [new Paragraph({ border: RULE_BORDER, indent: this.indent(frame), bidirectional: frame.direction === 'rtl' || undefined })];
      case 'image':
        return [this.image(block, frame)];
      case 'pageBreak':
        return [new Paragraph({ children: [new PageBreak()] })];
      case 'toc':
        return this.tableOfContentsPlace(block.title);
      default:
        throw new Error(`unknown block type "${(block as { type: unknown }).type}"`);
    }
  }

  private note(frame: Frame): Paragraph {
    return new Paragraph({
      style: this.styleId(StyleId.note),
      pageBreakBefore: this.takeBreakBefore(),
      indent: this.indent(frame),
      // The note is English: left to right, on the side where the surrounding text starts.
      alignment: frame.direction === 'rtl' ? AlignmentType.RIGHT : undefined,
      children: [new TextRun({ text: UNRENDERABLE_NOTE })],
    });
  }

  private indent(frame: Frame): IParagraphOptions['indent'] {
    return frame.indent > 0 ? { left: frame.indent } : undefined;
  }

  private heading(block: HeadingBlock, frame: Frame, list?: ListPlace): Paragraph {
    this.headings += 1;
    const inContents = block.toc !== false;
    return this.paragraph(block.content, frame, {
      style: headingStyleId(block.level, inContents),
      direction: block.direction ?? frame.direction,
      lang: block.lang,
      list,
      bookmark: inContents ? this.contentsEntry(block) : undefined,
    });
  }

  /** Lists the heading for the table of contents; gives the bookmark its entry links to. */
  private contentsEntry(block: HeadingBlock): string | undefined {
    if (!this.listContents || block.level > this.contentsDepth) return undefined;
    const title = xmlSafe(inlinesToPlainText(block.content)).replace(/\s+/g, ' ').trim();
    if (!title) return undefined;
    const bookmark = `_Toc${this.contents.length + 1}`;
    this.contents.push({ title, level: block.level, bookmark, heading: this.headings - 1 });
    return bookmark;
  }

  private paragraph(
    content: readonly Inline[],
    frame: Frame,
    options: { style?: string; align?: Align; direction: Direction; lang?: string; list?: ListPlace; bookmark?: string },
  ): Paragraph {
    const rtl = options.direction === 'rtl';
    const format: RunFormat = {
      direction: options.direction,
      language: options.lang && options.lang !== this.documentLanguage ? runLanguage(options.lang) : undefined,
      bold: frame.bold || undefined,
    };
    const list = options.list;
    const runs = this.inlines(content, format);
    return new Paragraph({
      style: options.style ? this.styleId(options.style) : undefined,
      pageBreakBefore: this.takeBreakBefore(),
      alignment: options.align ? ALIGNMENT[options.align] : undefined,
      bidirectional: rtl || undefined,
      numbering: list ? { reference: list.number.reference, instance: list.number.instance, level: list.level } : undefined,
      // A list paragraph takes its indent from its numbering level, unless a quote moves it further in.
      indent: list
        ? frame.indent !== listIndent(list.level)
          ? { left: frame.indent, hanging: frame.listStep === LIST_INDENT_STEP ? LIST_HANGING : CELL_LIST_HANGING }
          : undefined
        : this.indent(frame),
      children: options.bookmark ? [new Bookmark({ id: options.bookmark, children: runs })] : runs,
    });
  }

  /** Whether this paragraph starts a new page for the break before it (true once per break). */
  private takeBreakBefore(): true | undefined {
    if (!this.breakBefore) return undefined;
    this.breakBefore = false;
    return true;
  }

  private inlines(content: readonly Inline[], format: RunFormat): ParagraphChild[] {
    const out: ParagraphChild[] = [];
    for (const inline of content) {
      if (inline.type === 'text') {
        const lines = inline.text.split('\n');
        lines.forEach((line, i) => {
          // A line of one direction is one run; mixed lines are cut where the direction changes.
          directedText(line, format.direction).forEach((piece, j) => out.push(this.textRun(piece, inline.marks, format, i > 0 && j === 0)));
        });
      } else if (inline.type === 'break') {
        out.push(new TextRun({ break: 1 }));
      } else if (inline.type === 'link') {
        const target = format.link ? undefined : linkTarget(inline.href);
        if (target) {
          out.push(new ExternalHyperlink({ link: target, children: this.inlines(inline.children, { ...format, link: true }) }));
        } else {
          out.push(...this.inlines(inline.children, format)); // a link inside a link, or one Word could not follow
        }
      }
    }
    return out;
  }

  private textRun(piece: DirectedText, marks: Marks | undefined, format: RunFormat, breakBefore: boolean): TextRun {
    const code = marks?.code === true;
    return new TextRun({
      text: xmlSafe(piece.text),
      break: breakBefore ? 1 : undefined,
      bold: marks?.bold || format.bold || undefined,
      italics: marks?.italic || undefined,
      underline: marks?.underline ? UNDERLINE : undefined,
      strike: marks?.strike || undefined,
      superScript: marks?.sup || undefined,
      subScript: (marks?.sub && !marks.sup) || undefined,
      style: format.link ? this.styleId(StyleId.hyperlink) : code ? this.styleId(StyleId.inlineCode) : undefined,
      font: format.link && code ? 'Courier New' : undefined,
      rightToLeft: piece.rightToLeft || undefined,
      language: format.language,
    });
  }

  private list(block: Extract<Block, { type: 'list' }>, frame: Frame): FileChild[] {
    const level = Math.min(frame.listDepth, MAX_LIST_LEVEL);
    const number = block.ordered ? this.lists.orderedList(block.start, level) : this.lists.bulletList();
    const direction = block.direction ?? frame.direction;
    const itemFrame: Frame = { ...indented(frame, frame.listStep), listDepth: frame.listDepth + 1, direction };
    const out: FileChild[] = [];
    for (const item of block.items) {
      const [first, ...rest] = item;
      const listed: ListPlace = { number, level };
      if (first?.type === 'heading') {
        out.push(this.heading(first, itemFrame, listed));
        out.push(...this.blocks(rest, itemFrame));
      } else if (first?.type === 'paragraph') {
        const style = first.style && first.style !== 'normal' ? paragraphStyleId[first.style] : undefined;
        out.push(this.paragraph(first.content, itemFrame, { style, align: first.align, direction: first.direction ?? direction, lang: first.lang, list: listed }));
        out.push(...this.blocks(rest, itemFrame));
      } else {
        // The number stands on a line of its own above content that cannot carry it (a table, a nested list).
        out.push(this.paragraph([], itemFrame, { list: listed, direction: blockDirection(first) ?? direction }));
        out.push(...this.blocks(item, itemFrame));
      }
    }
    return out;
  }

  private code(text: string, frame: Frame): Paragraph {
    const lines = text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
    return new Paragraph({
      style: this.styleId(StyleId.code),
      indent: this.indent(frame),
      // Code reads left to right even in a right-to-left document.
      children: lines.map((line, i) => new TextRun({ text: xmlSafe(line), break: i > 0 ? 1 : undefined })),
    });
  }

  private image(block: ImageBlock, frame: Frame): Paragraph {
    checkImage(block);
    const size = displaySize(block, frame.widthPt, this.textHeightPt);
    this.pictures += 1;
    const alt = block.alt ? xmlSafe(block.alt) : '';
    return new Paragraph({
      alignment: block.align ? ALIGNMENT[block.align] : undefined,
      indent: this.indent(frame),
      bidirectional: frame.direction === 'rtl' || undefined,
      children: [
        new ImageRun({
          type: DOCX_IMAGE_TYPE[block.mimeType],
          data: block.data,
          transformation: size,
          altText: { name: `Picture ${this.pictures}`, description: alt, title: alt },
        }),
      ],
    });
  }

  private table(block: Extract<Block, { type: 'table' }>, frame: Frame): FileChild[] {
    const grid = tableGrid(block.rows);
    if (grid.rows.length === 0) return [];
    const widthTwips = Math.round(frame.widthPt * TWIPS_PER_POINT);
    // Each table nested in a cell is a cell's margins narrower. One with less than an inch would
    // overflow its cell, and LibreOffice loses the text of tables overflowing many levels deep.
    if (widthTwips < MIN_TABLE_TWIPS) return this.unnestedTable(grid, frame);
    const headerRows = Math.max(0, Math.min(Math.floor(block.headerRows) || 0, grid.rows.length));
    // Equal columns filling the width exactly; the last takes the twips left over by rounding.
    const columnWidths = Array.from({ length: grid.columns }, () => Math.floor(widthTwips / grid.columns));
    columnWidths[grid.columns - 1] += widthTwips - columnWidths[0] * grid.columns;
    const rows = grid.rows.map(
      (cells, r) =>
        new TableRow({
          tableHeader: r < headerRows || undefined,
          children: cells.map((cell) => {
            const span = cell.colSpan;
            const cellTwips = columnWidths.slice(cell.column, cell.column + span).reduce((sum, width) => sum + width, 0);
            const cellWidthPt = cellTwips / TWIPS_PER_POINT - CELL_PADDING_PT;
            const cellFrame: Frame = {
              widthPt: cellWidthPt,
              minWidthPt: minNestedWidth(cellWidthPt),
              indent: 0,
              quoted: false,
              listDepth: 0,
              // A page's half-inch list indent would leave a narrow column no room for words.
              listStep: CELL_LIST_INDENT_STEP,
              bold: r < headerRows,
              direction: block.direction ?? frame.direction,
            };
            const children = this.blocks(cell.blocks, cellFrame).filter((c): c is Paragraph | Table => c instanceof Paragraph || c instanceof Table);
            // A cell must end with a paragraph, or Word reports the file as damaged.
            if (children.length === 0 || !(children[children.length - 1] instanceof Paragraph)) children.push(new Paragraph({}));
            return new TableCell({
              columnSpan: span > 1 ? span : undefined,
              rowSpan: cell.rowSpan > 1 ? cell.rowSpan : undefined,
              width: { size: cellTwips, type: WidthType.DXA },
              shading: r < headerRows ? HEADER_SHADING : undefined,
              children,
            });
          }),
        }),
    );
    return [
      new Table({
        style: this.styleId(StyleId.table),
        borders: TABLE_BORDERS,
        width: { size: widthTwips, type: WidthType.DXA },
        columnWidths,
        indent: frame.indent > 0 ? { size: frame.indent, type: WidthType.DXA } : undefined,
        // Columns run right to left only in a right-to-left table, whatever the document's language.
        visuallyRightToLeft: block.direction === 'rtl' || undefined,
        rows,
      }),
      // Two tables in a row would merge into one; a paragraph after each keeps them apart.
      new Paragraph({ spacing: { before: 0, after: 0 }, indent: this.indent(frame) }),
    ];
  }

  /** A table with no room to be drawn: its cells' blocks one after another (warned about once). */
  private unnestedTable(grid: TableGrid, frame: Frame): FileChild[] {
    if (!this.warnedUnnested) {
      this.warnedUnnested = true;
      this.warnings.push('A table nested too deeply to fit the page was written as the content of its cells, one after another.');
    }
    return grid.rows.flatMap((cells) => cells.flatMap((cell) => this.blocks(cell.blocks, frame)));
  }

  private tableOfContentsPlace(title: string): FileChild[] {
    const rtl = this.documentDirection === 'rtl' || undefined;
    const heading = title.trim()
      ? [new Paragraph({ style: this.styleId(StyleId.tocHeading), pageBreakBefore: this.takeBreakBefore(), bidirectional: rtl, children: [new TextRun({ text: xmlSafe(title), rightToLeft: rtl })] })]
      : [];
    const place = new Paragraph({});
    this.contentsPlaces.set(place, title);
    return [...heading, place];
  }

  /**
   * A real TOC field (Word's References > Update Table works), written clean so Word opens the file
   * without asking to update fields, and filled: its result is written here, as Word would write it,
   * so a reader that never updates fields (LibreOffice, viewers, converters) shows the table. Each
   * entry links to its heading, a dotted leader runs to the page number, right-aligned; the page
   * numbers are PAGEREF fields whose cached values come from the page estimate (pageEstimate.ts).
   */
  private tableOfContents(title: string, pages: readonly number[]): TableOfContents {
    const rtl = this.documentDirection === 'rtl' || undefined;
    const tabStops = [{ type: TabStopType.RIGHT, position: Math.round(this.textWidthPt * TWIPS_PER_POINT), leader: LeaderType.DOT }];
    const entries = this.contents.map(
      (entry, index) =>
        new Paragraph({
          style: this.styleId(`TOC${entry.level}`),
          // The field ends in a paragraph of its own after the entries: alone at the top of a page
          // it would make that page blank, so the last entry keeps it company.
          keepNext: index === this.contents.length - 1 || undefined,
          tabStops,
          bidirectional: rtl,
          children: [
            new InternalHyperlink({
              anchor: entry.bookmark,
              children: [
                new TextRun({ children: [entry.title, new Tab()], rightToLeft: rtl }),
                new SimpleField(`PAGEREF ${entry.bookmark} \\h`, String(pages[entry.heading] || '')),
              ],
            }),
          ],
        }),
    );
    return new TableOfContents(xmlSafe(title).trim() || 'Contents', {
      hyperlink: true,
      headingStyleRange: `1-${this.contentsDepth}`,
      beginDirty: false,
      contentChildren: entries.length > 0 ? entries : [new Paragraph({})],
    });
  }
}

/**
 * The link as a URI Word accepts in a relationship (spaces and non-ASCII percent-encoded), or
 * undefined when it is not an http(s) or mailto link: Word reports a file with a malformed
 * relationship target as damaged.
 */
function linkTarget(href: string): string | undefined {
  try {
    const url = new URL(href.trim());
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? xmlSafe(url.href) : undefined;
  } catch {
    return undefined;
  }
}

/** The narrowest text nested quotes and lists may leave in a column `columnPt` wide. */
function minNestedWidth(columnPt: number): number {
  return Math.min(MIN_NESTED_TEXT_PT, columnPt / 2);
}

/** The frame moved in by `step` twips, or as it is when that would leave its text too narrow. */
function indented(frame: Frame, step: number): Frame {
  const widthPt = frame.widthPt - step / TWIPS_PER_POINT;
  return widthPt < frame.minWidthPt ? frame : { ...frame, indent: frame.indent + step, widthPt };
}

function describe(block: Block): string {
  return typeof block === 'object' && block !== null && typeof block.type === 'string' ? `A block of type "${block.type}"` : 'A block';
}

/** Whether a block's first paragraph is its own, so it can start a page instead of a break paragraph. */
function startsWithParagraph(block: Block | undefined): boolean {
  if (!block) return false;
  return block.type === 'heading' || block.type === 'paragraph' || (block.type === 'toc' && block.title.trim() !== '');
}

type ContentsBlock = Extract<Block, { type: 'toc' }>;

/** The (first) table of contents of the document, if it has one. */
function tableOfContentsBlock(blocks: readonly Block[]): ContentsBlock | undefined {
  for (const block of blocks) {
    const found =
      block.type === 'toc'
        ? block
        : block.type === 'blockquote'
          ? tableOfContentsBlock(block.children)
          : block.type === 'list'
            ? block.items.map(tableOfContentsBlock).find((item) => item !== undefined)
            : undefined;
    if (found) return found;
  }
  return undefined;
}
