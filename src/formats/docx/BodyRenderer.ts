/**
 * Renders document blocks as WordprocessingML: the body of a generated document, or of a Word shell
 * template, written straight to strings (no object tree per run). Content refers to named styles
 * (styles.ts), lists to Word numbering (numbering.ts); links and pictures are collected as
 * relationships (relationships.ts). A block that cannot be rendered becomes a visible note; the rest
 * of the document is unaffected.
 */
import { blockDirection, inlinesDirection, resolveDirections } from '../../document/direction';
import { inlinesToPlainText } from '../../document/text';
import { headingTextLook } from '../../document/look';
import type { Align, Block, Direction, DocumentMeta, ImageBlock, Inline, ParagraphStyle } from '../../document/types';
import { tableOfContentsXml, type ContentsEntry } from './contents';
import {
  CELL_LIST_HANGING,
  describe,
  indented,
  pageFrame,
  startsWithParagraph,
  tableOfContentsBlock,
  type Frame,
} from './frames';
import { checkImage, displaySize, DOCX_IMAGE_TYPE } from './images';
import { InlineRenderer, type RunFormat } from './inlines';
import {
  LIST_HANGING,
  LIST_INDENT_STEP,
  ListNumbering,
  listIndent,
  MAX_LIST_LEVEL,
  type NumberingIds,
} from './numbering';
import { pageGeometry, TWIPS_PER_POINT } from './page';
import { estimatePages } from './pageEstimate';
import { paragraph, type ParagraphFormatting } from './paragraphs';
import { pictureRun } from './pictures';
import { BodyRelationships } from './relationships';
import { runProperties, textRun } from './runs';
import { halfPoints, headingStyleId, paragraphStyleId, resolveTheme, StyleId, type ResolvedTheme } from './styles';
import type { TableGrid } from './tableGrid';
import { tableBlockXml } from './tables';
import { runLanguage, xmlSafe } from './text';

export interface DocxBodyRendererOptions {
  /** Width of the text column in points, when it is not the one `meta` gives (a shell template's page). */
  textWidthPt?: number;
  textHeightPt?: number;
  /** Maps our style ids to the ids the target document uses for the same style (a template's "Zitat" for Quote). */
  styleId?: (id: string) => string;
  /** The first list ids to hand out: above a Word shell's own. */
  numbering?: NumberingIds;
  /** The first drawing id and bookmark id to hand out: above a Word shell's own. */
  firstPictureId?: number;
  firstBookmarkId?: number;
  /** Starts relationship ids and media names (default "dmp"): one a Word shell does not use. */
  relationshipPrefix?: string;
}

export const UNRENDERABLE_NOTE = 'This content could not be rendered.';

type HeadingBlock = Extract<Block, { type: 'heading' }>;

interface ListPlace {
  numId: number;
  level: number;
}

/** Rendered block-level XML, one string per element, joined once at the end. */
type Out = string[];

const QUOTE_INDENT = 567;
/** Heading levels listed in a table of contents that does not say. */
const CONTENTS_DEPTH = 3;
/** docx's implicit style of numbered paragraphs without a style of their own. */
const LIST_PARAGRAPH_STYLE = 'ListParagraph';

/**
 * Renders blocks for one target document. Everything it renders shares the document's list
 * numbering and relationships, so render all parts of one document (a shell's body and rich
 * placeholder values) with one renderer and give its `lists` and `relationships` to the package.
 */
export class DocxBodyRenderer {
  readonly warnings: string[] = [];
  readonly lists: ListNumbering;
  readonly relationships: BodyRelationships;
  private readonly documentDirection: Direction;
  private readonly documentLanguage: string;
  private readonly styleId: (id: string) => string;
  private readonly textHeightPt: number;
  private readonly textWidthPt: number;
  private readonly theme: ResolvedTheme;
  private readonly firstPictureId: number;
  private nextBookmarkId: number;
  /** Headings rendered so far. */
  private headings = 0;
  private pictures = 0;
  private warnedUnnested = false;
  /** Whether headings are bookmarked and listed for a table of contents (the body has one). */
  private listContents = false;
  /** The heading levels it lists. */
  private contentsDepth = CONTENTS_DEPTH;
  private readonly contents: ContentsEntry[] = [];
  /** The body's top-level output, and where in it each table of contents goes once every heading is known. */
  private topLevel: Out | undefined;
  private readonly contentsPlaces: { index: number; title: string }[] = [];
  private readonly inline: InlineRenderer;
  /**
   * A page break waiting for the next paragraph, which then starts a page itself. A paragraph
   * holding only the break would make a blank page whenever the content before it ends exactly at
   * the foot of a page: it lands alone at the top of the next page and breaks again.
   */
  private breakBefore = false;
  /** The automatic page breaks of the body being rendered that start a page (see body). */
  private autoBreaks: ReadonlySet<Block> = new Set();

  constructor(meta: DocumentMeta, options: DocxBodyRendererOptions = {}) {
    this.documentDirection = meta.direction === 'rtl' ? 'rtl' : 'ltr';
    this.documentLanguage = meta.language;
    this.styleId = options.styleId ?? ((id) => id);
    const page = pageGeometry(meta);
    this.textWidthPt = options.textWidthPt ?? page.textWidthPt;
    this.textHeightPt = options.textHeightPt ?? page.textHeightPt;
    this.theme = resolveTheme(meta.theme);
    this.lists = new ListNumbering(options.numbering);
    this.relationships = new BodyRelationships(options.relationshipPrefix);
    this.inline = new InlineRenderer(this.relationships, this.styleId);
    this.firstPictureId = options.firstPictureId ?? 1;
    this.nextBookmarkId = options.firstBookmarkId ?? 1;
  }

  /**
   * The document's body, with its tables of contents filled in from its headings (`pagesBefore`:
   * pages of a Word shell before the body, for the contents' page numbers).
   */
  body(blocks: readonly Block[], options: { pagesBefore?: number } = {}): string {
    const contents = tableOfContentsBlock(blocks);
    this.listContents = contents !== undefined;
    this.contentsDepth = contents?.levels ?? CONTENTS_DEPTH;
    const resolved = resolveDirections(blocks, this.documentDirection);
    // Where the pages will end, as LibreOffice and Word lay them out, estimated (pageEstimate.ts):
    // the contents' page numbers, and which automatic page breaks start a page.
    const estimate =
      contents || resolved.some((block) => block.type === 'pageBreak' && block.auto)
        ? estimatePages(resolved, {
            textWidthPt: this.textWidthPt,
            textHeightPt: this.textHeightPt,
            theme: this.theme,
            contentsDepth: this.contentsDepth,
            pagesBefore: options.pagesBefore,
          })
        : undefined;
    this.autoBreaks = estimate?.autoBreaks ?? new Set();
    const out: Out = [];
    this.topLevel = out;
    this.contentsPlaces.length = 0;
    this.blocks(resolved, this.topFrame(), out);
    this.topLevel = undefined;
    for (const place of this.contentsPlaces)
      out[place.index] = this.tableOfContents(place.title, estimate?.headingPages ?? []);
    this.autoBreaks = new Set();
    return out.join('');
  }

  /** Blocks that stand in for a placeholder, not a whole body (no table of contents is filled in). */
  fragment(blocks: readonly Block[]): string {
    const out: Out = [];
    this.blocks(resolveDirections(blocks, this.documentDirection), this.topFrame(), out);
    return out.join('');
  }

  /**
   * Inline content that stands in for a placeholder inside a paragraph, taking on the properties of
   * the run it stood in (`runPropertiesXml`, the content of its `w:rPr`).
   */
  runs(
    content: readonly Inline[],
    options: { dir?: 'ltr' | 'rtl'; lang?: string; runPropertiesXml?: string } = {},
  ): string {
    const out: Out = [];
    this.inline.inheritedRunProperties = options.runPropertiesXml ?? '';
    try {
      this.inline.render(
        content,
        {
          direction: options.dir ?? inlinesDirection(content) ?? this.documentDirection,
          language: options.lang && options.lang !== this.documentLanguage ? runLanguage(options.lang) : undefined,
        },
        out,
      );
    } finally {
      this.inline.inheritedRunProperties = '';
    }
    return out.join('');
  }

  private topFrame(): Frame {
    return pageFrame(this.textWidthPt, this.documentDirection);
  }

  private blocks(blocks: readonly Block[], frame: Frame, out: Out): void {
    for (const [index, block] of blocks.entries()) {
      // An automatic page break the estimate found room enough for is no break.
      if (block.type === 'pageBreak' && block.auto && !this.autoBreaks.has(block)) continue;
      if (block.type === 'pageBreak' && startsWithParagraph(blocks[index + 1])) {
        this.breakBefore = true;
        continue;
      }
      const length = out.length;
      const places = this.contentsPlaces.length;
      try {
        this.block(block, frame, out);
      } catch (error) {
        out.length = length;
        if (out === this.topLevel) this.contentsPlaces.length = places;
        const reason = error instanceof Error ? error.message : String(error);
        this.warnings.push(`${describe(block)} could not be rendered and was replaced by a note: ${reason}`);
        out.push(this.note(frame));
      }
    }
  }

  private block(block: Block, frame: Frame, out: Out): void {
    switch (block.type) {
      case 'heading':
        out.push(this.heading(block, frame));
        return;
      case 'paragraph': {
        const style =
          block.style && block.style !== 'normal'
            ? paragraphStyleId[block.style]
            : frame.quoted
              ? StyleId.quote
              : undefined;
        out.push(
          this.paragraph(block.content, frame, {
            style,
            align: block.align,
            direction: block.direction ?? frame.direction,
            lang: block.lang,
            textSize: this.textSize(block.style),
          }),
        );
        return;
      }
      case 'list':
        return this.list(block, frame, out);
      case 'table':
        return this.table(block, frame, out);
      case 'blockquote':
        return this.blocks(
          block.children,
          { ...indented(frame, QUOTE_INDENT), quoted: true, direction: block.direction ?? frame.direction },
          out,
        );
      case 'code':
        out.push(this.code(block.text, frame));
        return;
      case 'rule':
        out.push(paragraph({ rule: true, bidirectional: frame.direction === 'rtl', indent: this.indent(frame) }));
        return;
      case 'image':
        out.push(this.image(block, frame));
        return;
      case 'pageBreak':
        out.push('<w:p><w:r><w:br w:type="page"/></w:r></w:p>');
        return;
      case 'toc':
        return this.tableOfContentsPlace(block.title, out);
      default:
        throw new Error(`unknown block type "${(block as { type: unknown }).type}"`);
    }
  }

  private note(frame: Frame): string {
    return paragraph(
      {
        style: this.styleId(StyleId.note),
        pageBreakBefore: this.takeBreakBefore(),
        indent: this.indent(frame),
        // The note is English: left to right, on the side where the surrounding text starts.
        align: frame.direction === 'rtl' ? 'right' : undefined,
      },
      textRun('', UNRENDERABLE_NOTE),
    );
  }

  private indent(frame: Frame): ParagraphFormatting['indent'] {
    return frame.indent > 0 ? { left: frame.indent } : undefined;
  }

  private heading(block: HeadingBlock, frame: Frame, list?: ListPlace): string {
    this.headings += 1;
    const inContents = block.toc !== false;
    return this.paragraph(block.content, frame, {
      style: headingStyleId(block.level, inContents),
      direction: block.direction ?? frame.direction,
      lang: block.lang,
      list,
      bookmark: inContents ? this.contentsEntry(block) : undefined,
      textSize: headingTextLook(this.theme.look, block.level).size,
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
    options: {
      style?: string;
      align?: Align;
      direction: Direction;
      lang?: string;
      list?: ListPlace;
      bookmark?: string;
      /** The size of the paragraph's style, in points: set smaller in a table that needs the room. */
      textSize?: number;
    },
  ): string {
    const rtl = options.direction === 'rtl';
    const format: RunFormat = {
      direction: options.direction,
      language: options.lang && options.lang !== this.documentLanguage ? runLanguage(options.lang) : undefined,
      bold: frame.bold || undefined,
      size: this.scaledSize(frame, options.textSize),
    };
    const list = options.list;
    const runs: Out = [];
    this.inline.render(content, format, runs);
    let children = runs.join('');
    if (options.bookmark) {
      const id = this.nextBookmarkId++;
      children = `<w:bookmarkStart w:name="${options.bookmark}" w:id="${id}"/>${children}<w:bookmarkEnd w:id="${id}"/>`;
    }
    return paragraph(
      {
        style: options.style ? this.styleId(options.style) : list ? LIST_PARAGRAPH_STYLE : undefined,
        pageBreakBefore: this.takeBreakBefore(),
        numbering: list,
        bidirectional: rtl,
        // A list paragraph takes its indent from its numbering level, unless a quote moves it further in.
        indent: list
          ? frame.indent !== listIndent(list.level)
            ? { left: frame.indent, hanging: frame.listStep === LIST_INDENT_STEP ? LIST_HANGING : CELL_LIST_HANGING }
            : undefined
          : this.indent(frame),
        align: options.align,
      },
      children,
    );
  }

  private textSize(style: ParagraphStyle | undefined): number {
    return (this.theme.look.paragraphs[style ?? 'normal'] ?? this.theme.look.paragraphs.normal).size;
  }

  /** Half points for text of `points` in a frame whose text is set smaller; undefined where it is not. */
  private scaledSize(frame: Frame, points: number | undefined): number | undefined {
    return frame.fontScale < 1 && points ? halfPoints(points * frame.fontScale) : undefined;
  }

  /** Whether this paragraph starts a new page for the break before it (true once per break). */
  private takeBreakBefore(): boolean {
    if (!this.breakBefore) return false;
    this.breakBefore = false;
    return true;
  }

  private list(block: Extract<Block, { type: 'list' }>, frame: Frame, out: Out): void {
    const level = Math.min(frame.listDepth, MAX_LIST_LEVEL);
    const numId = block.ordered ? this.lists.orderedList(block.start, level) : this.lists.bulletList();
    const direction = block.direction ?? frame.direction;
    const itemFrame: Frame = { ...indented(frame, frame.listStep), listDepth: frame.listDepth + 1, direction };
    for (const item of block.items) {
      const [first, ...rest] = item;
      const listed: ListPlace = { numId, level };
      if (first?.type === 'heading') {
        out.push(this.heading(first, itemFrame, listed));
        this.blocks(rest, itemFrame, out);
      } else if (first?.type === 'paragraph') {
        const style = first.style && first.style !== 'normal' ? paragraphStyleId[first.style] : undefined;
        out.push(
          this.paragraph(first.content, itemFrame, {
            style,
            align: first.align,
            direction: first.direction ?? direction,
            lang: first.lang,
            list: listed,
            textSize: this.textSize(first.style),
          }),
        );
        this.blocks(rest, itemFrame, out);
      } else {
        // The number stands on a line of its own above content that cannot carry it (a table, a nested list).
        out.push(this.paragraph([], itemFrame, { list: listed, direction: blockDirection(first) ?? direction }));
        this.blocks(item, itemFrame, out);
      }
    }
  }

  private code(text: string, frame: Frame): string {
    const lines = text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
    // Code reads left to right even in a right-to-left document.
    const size = this.scaledSize(frame, this.theme.look.code.size);
    const properties = size ? runProperties({ size }) : '';
    const runs = lines.map((line, i) => textRun(properties, line, i > 0)).join('');
    return paragraph({ style: this.styleId(StyleId.code), indent: this.indent(frame) }, runs);
  }

  private image(block: ImageBlock, frame: Frame): string {
    checkImage(block);
    const size = displaySize(block, frame.widthPt, this.textHeightPt);
    this.pictures += 1;
    const relationshipId = this.relationships.picture(block.data, DOCX_IMAGE_TYPE[block.mimeType]);
    const run = pictureRun({
      relationshipId,
      ...size,
      id: this.firstPictureId + this.pictures - 1,
      name: `Picture ${this.pictures}`,
      alt: block.alt ? xmlSafe(block.alt) : '',
    });
    return paragraph({ align: block.align, indent: this.indent(frame), bidirectional: frame.direction === 'rtl' }, run);
  }

  private table(block: Extract<Block, { type: 'table' }>, frame: Frame, out: Out): void {
    const table = tableBlockXml(block, frame, {
      style: this.styleId(StyleId.table),
      look: this.theme.look,
      cellXml: (blocks, cell) => {
        const content: Out = [];
        this.blocks(blocks, cell, content);
        return content.join('');
      },
    });
    if ('tooNarrow' in table) return this.unnestedTable(table.tooNarrow, frame, out);
    // Two tables in a row would merge into one; a paragraph after each keeps them apart.
    if (table.xml) out.push(table.xml, paragraph({ spacing: { before: 0, after: 0 }, indent: this.indent(frame) }));
  }

  /** A table with no room to be drawn: its cells' blocks one after another (warned about once). */
  private unnestedTable(grid: TableGrid, frame: Frame, out: Out): void {
    if (!this.warnedUnnested) {
      this.warnedUnnested = true;
      this.warnings.push(
        'A table nested too deeply to fit the page was written as the content of its cells, one after another.',
      );
    }
    for (const cells of grid.rows) for (const cell of cells) this.blocks(cell.blocks, frame, out);
  }

  private tableOfContentsPlace(title: string, out: Out): void {
    const rtl = this.documentDirection === 'rtl';
    if (title.trim()) {
      const run = textRun(runProperties({ rightToLeft: rtl }), xmlSafe(title));
      out.push(
        paragraph(
          { style: this.styleId(StyleId.tocHeading), pageBreakBefore: this.takeBreakBefore(), bidirectional: rtl },
          run,
        ),
      );
    }
    // Filled in once every heading is known; in a table cell (not the body's top level) it stays empty.
    if (out === this.topLevel) this.contentsPlaces.push({ index: out.length, title });
    out.push('<w:p/>');
  }

  private tableOfContents(title: string, pages: readonly number[]): string {
    return tableOfContentsXml(this.contents, pages, {
      title,
      depth: this.contentsDepth,
      tabTwips: Math.round(this.textWidthPt * TWIPS_PER_POINT),
      rightToLeft: this.documentDirection === 'rtl',
      styleId: this.styleId,
    });
  }
}
