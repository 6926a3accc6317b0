/**
 * Rich text -> document blocks. Rich-text answers arrive as HTML from the planning service's
 * editors; layout templates also produce HTML. The passes, each with one job:
 *
 * 0. Characters the writers cannot carry go, and tags nested deeper than MAX_TREE_DEPTH are cut
 *    (nesting.ts), for answers and layout output alike.
 * 1. For answers only, sanitize-html applies the allow-list: which tags and attributes survive,
 *    which URL schemes, which elements vanish with their content. It also reports (through
 *    `onWarning`) links and images it removes. Layout output skips this pass: the walker below is
 *    an allow-list of its own.
 * 2. htmlparser2 parses the HTML and a walker turns the tree into the AST, the way a browser lays
 *    it out: inline content becomes paragraphs, blocks inside paragraphs split them, whitespace
 *    collapses. It knows only the allowed elements and attributes, re-checks links and images,
 *    and drops scripts and the like with their content, so layout output meets the same rules.
 *
 * Nothing here fetches anything: images come only from data: URIs or, in layout mode, from the
 * caller's resolver.
 */
import sanitizeHtml from 'sanitize-html';
import { DomHandler, ElementType, Parser, parseDocument } from 'htmlparser2';
import { imageBlockFromBytes, MAX_IMAGE_BYTES } from './images';
import { limitNesting } from './nesting';
import { blocksToPlainText } from './text';
import type { Align, Block, ImageBlock, Inline, Marks, ParagraphStyle, TableCell, TableRow } from './types';

export interface HtmlOptions {
  /** Template output may use layout elements (`dmp-toc`, `dmp-page-break`, `dmp-blocks`, paragraph
   *  classes, `data-toc`, `img width`, asset/ref images); answers may not. Default false. */
  layout?: boolean;
  /** Resolve an <img src> that is not a data: URI (template assets "asset:logo.png", upload refs
   *  "ref:f3"). Return null to drop it. Layout mode only, and only for "asset:" and "ref:" srcs. */
  resolveImage?: (src: string, alt: string | undefined) => ImageBlock | null;
  /** Resolve <dmp-blocks ref="…"> placeholders (layout mode only): blocks spliced in at that point. */
  resolveBlocks?: (ref: string) => Block[] | null;
  /** Called for each thing dropped or degraded (remote image, unsafe link, undecodable image…). */
  onWarning?: (message: string) => void;
}

/** HTML -> blocks. Never throws on bad HTML; what it drops is reported through `onWarning`. */
export function htmlToBlocks(html: string, options: HtmlOptions = {}): Block[] {
  const warn = options.onWarning ?? (() => undefined);
  const valid = withoutXmlInvalidCharacters(html);
  // Answers pass sanitize-html first. Layout output (ours or a tenant's) is read by the walker
  // alone: it never leaves as HTML, and the walker is itself an allow-list (known elements and
  // attributes only, links and images re-checked, scripts dropped with their content). Sanitizing
  // it again cost ~80 ms on a 100-description plan.
  const tree = options.layout ? parseWithinDepth(valid) : undefined;
  const walker = new BlockWalker(options, warn);
  const flow = new FlowBuilder();
  walker.walkChildren(tree ?? parseDocument(boundedHtml(valid, options, warn)), ROOT_CONTEXT, flow);
  return flow.finish();
}

/** The HTML with its nesting limited, and sanitized unless it is layout output. */
function boundedHtml(html: string, options: HtmlOptions, warn: (message: string) => void): string {
  const nesting = limitNesting(html, MAX_TREE_DEPTH);
  if (nesting.cut) warn(`HTML nested more than ${MAX_TREE_DEPTH} levels deep was flattened to its text`);
  return options.layout ? nesting.html : sanitize(nesting.html, warn);
}

const TOO_DEEP = Symbol('nested deeper than MAX_TREE_DEPTH');

/** htmlparser2's tree builder, stopped at the first element that would nest deeper than MAX_TREE_DEPTH. */
class DepthLimitedHandler extends DomHandler {
  override onopentag(name: string, attribs: Record<string, string>): void {
    // The stack holds the document too.
    if (this.tagStack.length > MAX_TREE_DEPTH) throw TOO_DEEP;
    super.onopentag(name, attribs);
  }
}

/**
 * The tree of HTML that nests no deeper than MAX_TREE_DEPTH, parsed once; undefined for deeper
 * HTML, which goes through limitNesting first (its scan is a second pass over the whole text:
 * ~7 ms of a 100-description plan's layout, needed only when the parse stops here).
 */
function parseWithinDepth(html: string): ReturnType<typeof parseDocument> | undefined {
  const handler = new DepthLimitedHandler();
  try {
    new Parser(handler).end(html);
  } catch (error) {
    if (error === TOO_DEEP) return undefined;
    throw error;
  }
  return handler.root;
}

/** HTML as a rich-text answer may hold it: the answers' allow-list applied (for imported text). */
export function sanitizeAnswerHtml(html: string): string {
  return sanitize(limitNesting(withoutXmlInvalidCharacters(html), MAX_TREE_DEPTH).html, () => undefined);
}

/** Plain text of HTML (for RDA descriptions, PDF metadata…): block boundaries -> newlines, entities decoded. */
export function htmlToPlainText(html: string): string {
  // The lookbehind starts a match only where a run of spaces starts: linear on long inner runs.
  return blocksToPlainText(htmlToBlocks(html))
    .replace(/\u00a0/g, ' ')
    .replace(/(?<! ) +$/gm, '')
    .trim();
}

// ---------------------------------------------------------------------------------------------
// Limits

/**
 * Tags nested deeper than this are discarded, their text kept: nesting.ts cuts them before any
 * parsing, replaying htmlparser2's stack. For answers, sanitize-html's `nestingLimit` is a second
 * fence at the same depth.
 */
const MAX_TREE_DEPTH = 1_000;
/** Elements nested deeper than this are flattened to their text by the walker, which recurses. */
const WALK_DEPTH_LIMIT = 100;
/** Word's limit on table columns: a wider table or a larger colspan cannot be laid out anyway. */
const MAX_TABLE_COLUMNS = 63;
/** Most cells of one table, padding included: rows past it follow the table as paragraphs. */
const MAX_TABLE_CELLS = 100_000;
/** CSS pixels -> points. */
const POINTS_PER_PIXEL = 0.75;

// ---------------------------------------------------------------------------------------------
// Pass 0: characters the writers cannot carry (nesting depth: nesting.ts)

/**
 * Control characters (NUL, BEL…), the non-characters U+FFFE/U+FFFF and lone surrogates: XML (so
 * DOCX) cannot carry them, and they show nothing a reader would miss. A form feed is whitespace
 * in HTML, so it becomes a space.
 */
const XML_INVALID_CHARACTERS =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\x00-\x08\x0b-\x0c\x0e-\x1f\x7f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function withoutXmlInvalidCharacters(html: string): string {
  return html.replace(XML_INVALID_CHARACTERS, (character) => {
    if (character === '\f') return ' ';
    const isLoneSurrogate = character.charCodeAt(0) >= 0xd800 && character.charCodeAt(0) <= 0xdfff;
    return isLoneSurrogate ? '\ufffd' : '';
  });
}

// ---------------------------------------------------------------------------------------------
// Pass 1: the allow-list

/** Paragraph containers: their inline content becomes paragraphs. */
const CONTAINER_TAGS = [
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
const HEADING_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const TABLE_TAGS = ['table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'];
const INLINE_TAGS = [
  'br',
  'a',
  'b',
  'strong',
  'i',
  'em',
  'cite',
  'dfn',
  'var',
  'u',
  'ins',
  's',
  'strike',
  'del',
  'sub',
  'sup',
  'code',
  'kbd',
  'samp',
  'tt',
];
const ANSWER_TAGS = [
  ...INLINE_TAGS,
  ...CONTAINER_TAGS,
  ...HEADING_TAGS,
  'ul',
  'ol',
  'menu',
  'li',
  ...TABLE_TAGS,
  'blockquote',
  'pre',
  'hr',
  'img',
];

/**
 * Elements that vanish with everything inside them: code, styles, embedded documents, vector
 * graphics, media and forms. Any other element that is not allowed loses only its tag.
 */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'frame',
  'frameset',
  'noframes',
  'object',
  'embed',
  'applet',
  'param',
  'svg',
  'math',
  'canvas',
  'audio',
  'video',
  'picture',
  'map',
  'head',
  'title',
  'xmp',
  'noembed',
  'form',
  'fieldset',
  'legend',
  'label',
  'input',
  'button',
  'select',
  'option',
  'optgroup',
  'datalist',
  'textarea',
  'output',
  'progress',
  'meter',
];

/** Elements whose `style="text-align: …"` (or legacy `align`) sets the alignment of the text inside. */
const ALIGNABLE_TAGS = [...CONTAINER_TAGS, ...HEADING_TAGS, 'li', 'td', 'th', 'blockquote'];

const ANSWER_ATTRIBUTES = attributeAllowList(
  {
    '*': ['dir', 'lang'],
    a: ['href'],
    ol: ['start'],
    img: ['src', 'alt'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  Object.fromEntries(ALIGNABLE_TAGS.map((tag) => [tag, ['align']])),
);

/**
 * The walker's containers: their inline content becomes paragraphs. Table and list parts found
 * outside their table or list are read the same way.
 */
const PARAGRAPH_CONTAINERS = new Set([...CONTAINER_TAGS, 'li', 'td', 'th', 'tr', 'thead', 'tbody', 'tfoot', 'caption']);

/** Layout mode: `<p class="…">` -> paragraph style. */
const PARAGRAPH_STYLE_CLASSES: ParagraphStyle[] = ['title', 'subtitle', 'label', 'caption', 'note'];

function attributeAllowList(...lists: Record<string, string[]>[]): Record<string, string[]> {
  const merged: Record<string, string[]> = {};
  for (const list of lists) {
    for (const [tag, attributes] of Object.entries(list)) merged[tag] = [...(merged[tag] ?? []), ...attributes];
  }
  return merged;
}

/** Where the sanitizer's transforms report, for the call in progress (sanitize-html is synchronous). */
let reportDuringSanitize: (message: string) => void = () => undefined;
const answerSanitizerOptions = sanitizerOptions((message) => reportDuringSanitize(message));

const DROPPED_TAG_NAMES = new Set(DROPPED_WITH_CONTENT);

function sanitize(html: string, warn: (message: string) => void): string {
  reportDuringSanitize = warn;
  try {
    return sanitizeHtml(html, answerSanitizerOptions);
  } finally {
    reportDuringSanitize = () => undefined;
  }
}

/** The allow-list for rich-text answers. */
function sanitizerOptions(warn: (message: string) => void): sanitizeHtml.IOptions {
  const transformTags: Record<string, sanitizeHtml.Transformer> = {
    a: (tagName, attribs) => {
      const href = attribs.href?.trim() ?? '';
      const target = linkTarget(href);
      if (target !== null) {
        attribs.href = target;
      } else {
        delete attribs.href;
        // In-page anchors (Word footnotes, tables of contents) mean nothing in an export: no warning.
        if (href !== '' && !href.startsWith('#')) warn(removedLinkWarning(href));
      }
      return { tagName, attribs };
    },
    img: (tagName, attribs) => {
      const src = attribs.src?.trim() ?? '';
      if (isDataUri(src)) {
        attribs.src = src;
      } else {
        delete attribs.src;
        if (src !== '') warn(remoteImageWarning(src));
      }
      return { tagName, attribs };
    },
  };
  for (const tag of ALIGNABLE_TAGS) transformTags[tag] = moveTextAlignToAlignAttribute;
  return {
    allowedTags: ANSWER_TAGS,
    allowedAttributes: ANSWER_ATTRIBUTES,
    allowedClasses: {},
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['data'] },
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: DROPPED_WITH_CONTENT,
    nestingLimit: MAX_TREE_DEPTH,
    // Only text-align matters, read by the transform above: no CSS parser on every style attribute.
    parseStyleAttributes: false,
    transformTags,
  };
}

const TEXT_ALIGN_PATTERN = /(?:^|;)\s*text-align\s*:\s*(left|right|center|justify)\s*(?:!important\s*)?(?:;|$)/i;

function moveTextAlignToAlignAttribute(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const fromStyle = attribs.style === undefined ? null : TEXT_ALIGN_PATTERN.exec(attribs.style)?.[1];
  const align = parseAlign(fromStyle ?? attribs.align);
  if (align) attribs.align = align;
  else delete attribs.align;
  return { tagName, attribs };
}

/** The href as it goes into the model, or null when it is not an http, https or mailto link. */
function linkTarget(href: string | undefined): string | null {
  if (href === undefined) return null;
  const trimmed = href.trim();
  if (/^mailto:\S/i.test(trimmed)) return trimmed;
  if (!/^https?:\/\//i.test(trimmed)) return null;
  try {
    return new URL(trimmed).href;
  } catch {
    return null;
  }
}

function isDataUri(src: string): boolean {
  return /^data:/i.test(src);
}

function isResolvableReference(src: string): boolean {
  return /^(?:asset|ref):./i.test(src);
}

function quoteForMessage(value: string): string {
  return JSON.stringify(value.length > 80 ? `${value.slice(0, 77)}...` : value);
}

const removedLinkWarning = (href: string) =>
  `Removed the link to ${quoteForMessage(href)}: only http, https and mailto links are exported (its text is kept)`;

const remoteImageWarning = (src: string) =>
  `Removed the image ${quoteForMessage(src)}: only images embedded in the text are exported, nothing is downloaded`;

// ---------------------------------------------------------------------------------------------
// Pass 2: tree -> blocks

type DomParent = ReturnType<typeof parseDocument>;
type DomNode = DomParent['children'][number];
type DomElement = Extract<DomNode, { attribs: Record<string, string> }>;
type DomText = Extract<DomNode, { type: typeof ElementType.Text }>;
type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;
type TextInline = Extract<Inline, { type: 'text' }>;
type LinkInline = Extract<Inline, { type: 'link' }>;

/** One per <a> element: its identity tells two adjacent links to the same address apart. */
interface LinkTarget {
  readonly href: string;
}

/**
 * What an element passes down to its content (as CSS inheritance does). Every context has every
 * field, derived with `{ ...ctx, changed }`, so all contexts share one object shape, and an
 * element that changes nothing passes its own context on (the walker runs for every answer of
 * every export).
 */
interface Context {
  /** Bit set of MARK_BITS. */
  readonly marks: number;
  readonly link: LinkTarget | undefined;
  /** `auto` (HTML's dir="auto") lets each paragraph's own text decide, as no `dir` at all does. */
  readonly dir: 'ltr' | 'rtl' | 'auto' | undefined;
  readonly lang: string | undefined;
  readonly align: Align | undefined;
  /** Set inside <h1>–<h6>: paragraphs made here are headings. */
  readonly headingLevel: HeadingLevel | undefined;
  readonly excludeFromToc: boolean;
  readonly style: ParagraphStyle | undefined;
}

const ROOT_CONTEXT: Context = {
  marks: 0,
  link: undefined,
  dir: undefined,
  lang: undefined,
  align: undefined,
  headingLevel: undefined,
  excludeFromToc: false,
  style: undefined,
};

const MARK_NAMES: (keyof Marks)[] = ['bold', 'italic', 'underline', 'strike', 'sub', 'sup', 'code'];
/** Bit of each mark in Context.marks, in MARK_NAMES order. */
const MARK_BITS = Object.fromEntries(MARK_NAMES.map((name, index) => [name, 1 << index])) as Record<
  keyof Marks,
  number
>;

const MARK_BIT_OF_TAG = new Map<string, number>([
  ['b', MARK_BITS.bold],
  ['strong', MARK_BITS.bold],
  ['i', MARK_BITS.italic],
  ['em', MARK_BITS.italic],
  ['cite', MARK_BITS.italic],
  ['dfn', MARK_BITS.italic],
  ['var', MARK_BITS.italic],
  ['u', MARK_BITS.underline],
  ['ins', MARK_BITS.underline],
  ['s', MARK_BITS.strike],
  ['strike', MARK_BITS.strike],
  ['del', MARK_BITS.strike],
  ['sub', MARK_BITS.sub],
  ['sup', MARK_BITS.sup],
  ['code', MARK_BITS.code],
  ['kbd', MARK_BITS.code],
  ['samp', MARK_BITS.code],
  ['tt', MARK_BITS.code],
]);

/** The model's Marks for a bit set (a fresh object per text run: runs do not share mutable state). */
function marksOf(bits: number): Marks | undefined {
  if (bits === 0) return undefined;
  const marks: Marks = {};
  for (const name of MARK_NAMES) if (bits & MARK_BITS[name]) marks[name] = true;
  return marks;
}

/** Elements that start a new line when flattened to text. */
const BLOCK_BOUNDARY_TAGS = new Set([
  ...CONTAINER_TAGS,
  ...HEADING_TAGS,
  ...TABLE_TAGS,
  'ul',
  'ol',
  'menu',
  'li',
  'blockquote',
  'pre',
  'hr',
  'br',
]);

function isElement(node: DomNode): node is DomElement {
  return node.type === ElementType.Tag;
}

function isText(node: DomNode): node is DomText {
  return node.type === ElementType.Text;
}

class BlockWalker {
  private readonly layout: boolean;
  /** How many elements deep the walk is: its recursion depth. */
  private depth = 0;

  constructor(
    private readonly options: HtmlOptions,
    private readonly warn: (message: string) => void,
  ) {
    this.layout = options.layout === true;
  }

  walkChildren(parent: { children: DomNode[] }, ctx: Context, flow: FlowBuilder): void {
    for (const child of parent.children) this.walkNode(child, ctx, flow);
  }

  private walkNode(node: DomNode, ctx: Context, flow: FlowBuilder): void {
    if (isText(node)) {
      flow.text(node.data, ctx);
      return;
    }
    if (!isElement(node)) return; // comments, doctypes
    // sanitize-html already removed these from answers; layout HTML gets the same rule here.
    if (DROPPED_TAG_NAMES.has(node.name)) return;
    if (this.depth >= WALK_DEPTH_LIMIT) {
      flow.text(flattenedText(node), ctx);
      return;
    }
    this.depth++;
    this.walkElement(node, ctx, flow);
    this.depth--;
  }

  private walkElement(node: DomElement, ctx: Context, flow: FlowBuilder): void {
    const name = node.name;
    const markBit = MARK_BIT_OF_TAG.get(name);
    if (markBit !== undefined) {
      this.walkChildren(node, (ctx.marks & markBit) === markBit ? ctx : { ...ctx, marks: ctx.marks | markBit }, flow);
      return;
    }
    switch (name) {
      case 'a': {
        const href = linkTarget(node.attribs.href);
        // Answers reach here with bad hrefs already removed (and reported) by the sanitizer.
        if (href === null) this.reportDroppedLink(node.attribs.href);
        this.walkChildren(node, href === null ? ctx : { ...ctx, link: { href } }, flow);
        return;
      }
      case 'br':
        flow.lineBreak(ctx);
        return;
      case 'h1':
      case 'h2':
      case 'h3':
      case 'h4':
      case 'h5':
      case 'h6':
        this.paragraphContainer(
          node,
          {
            ...this.blockContext(node, ctx),
            headingLevel: Number(name[1]) as HeadingLevel,
            excludeFromToc: node.attribs['data-toc'] === 'false',
          },
          flow,
        );
        return;
      case 'ul':
      case 'ol':
      case 'menu':
        this.list(node, ctx, flow);
        return;
      case 'table':
        this.table(node, ctx, flow);
        return;
      case 'blockquote': {
        const inner = new FlowBuilder();
        const quoteCtx = this.blockContext(node, ctx);
        this.walkChildren(node, quoteCtx, inner);
        const children = inner.finish();
        if (children.length > 0) flow.block({ type: 'blockquote', children, ...explicitDir(quoteCtx) });
        else flow.endParagraph();
        return;
      }
      case 'pre': {
        flow.endParagraph();
        const text = preformattedText(node);
        if (text.trim() !== '') flow.block({ type: 'code', text });
        return;
      }
      case 'hr':
        flow.block({ type: 'rule' });
        return;
      case 'img': {
        const image = this.image(node, ctx);
        if (image) flow.block(image);
        return;
      }
      case 'center':
        this.paragraphContainer(
          node,
          { ...this.blockContext(node, ctx), align: parseAlign(node.attribs.align) ?? 'center' },
          flow,
        );
        return;
      case 'dmp-toc':
        flow.block({ type: 'toc', title: node.attribs.title?.trim() ?? '' });
        this.walkChildren(node, ctx, flow); // an unclosed tag swallows what follows it
        return;
      case 'dmp-page-break':
        // when="auto": only where the page is short of room (the description-page-break option).
        flow.block(node.attribs.when === 'auto' ? { type: 'pageBreak', auto: true } : { type: 'pageBreak' });
        this.walkChildren(node, ctx, flow);
        return;
      case 'dmp-blocks':
        this.spliceBlocks(node.attribs.ref ?? '', flow);
        this.walkChildren(node, ctx, flow);
        return;
      default:
        if (PARAGRAPH_CONTAINERS.has(name)) {
          // p, div and the other containers; also li/td/tr/… found outside their list or table.
          this.paragraphContainer(node, this.blockContext(node, ctx), flow);
        } else {
          // Anything else (span, font, a custom tag) keeps its text and loses its tag.
          this.walkChildren(node, ctx, flow);
        }
    }
  }

  private reportDroppedLink(href: string | undefined): void {
    const target = href?.trim() ?? '';
    // In-page anchors (Word footnotes, tables of contents) mean nothing in an export: no warning.
    if (target !== '' && !target.startsWith('#')) this.warn(removedLinkWarning(target));
  }

  /** Context for the content of a block element: dir, lang and text alignment are inherited unless set here. */
  private blockContext(element: DomElement, ctx: Context): Context {
    const { dir, lang, align, style: css } = element.attribs;
    if (
      dir === undefined &&
      lang === undefined &&
      align === undefined &&
      css === undefined &&
      element.attribs.class === undefined
    )
      return ctx;
    const style = this.layout && element.name === 'p' ? paragraphStyleOf(element.attribs.class) : undefined;
    // The sanitizer moves text-align into `align` for answers; layout HTML is read as written.
    const textAlign = css === undefined ? undefined : TEXT_ALIGN_PATTERN.exec(css)?.[1];
    return {
      ...ctx,
      dir: parseDir(dir) ?? ctx.dir,
      lang: lang !== undefined && /^[a-z]{1,8}(?:-[a-z0-9]{1,8})*$/i.test(lang) ? lang : ctx.lang,
      align: parseAlign(align) ?? parseAlign(textAlign) ?? ctx.align,
      style: style ?? ctx.style,
    };
  }

  private paragraphContainer(element: DomElement, inner: Context, flow: FlowBuilder): void {
    flow.endParagraph();
    this.walkChildren(element, inner, flow);
    flow.endParagraph();
  }

  private list(element: DomElement, ctx: Context, flow: FlowBuilder): void {
    flow.endParagraph();
    const listCtx = this.blockContext(element, ctx);
    const items: Block[][] = [];
    let item: FlowBuilder | null = null;
    const finishItem = () => {
      const blocks = item?.finish() ?? [];
      if (blocks.length > 0) items.push(blocks);
    };
    for (const child of element.children) {
      if (isElement(child) && child.name === 'li') {
        finishItem();
        item = new FlowBuilder();
        this.walkChildren(child, this.blockContext(child, listCtx), item);
        item.endParagraph();
      } else {
        // A list nested directly in a list, or stray text, belongs to the item before it.
        item ??= new FlowBuilder();
        this.walkNode(child, listCtx, item);
      }
    }
    finishItem();
    if (items.length === 0) return;
    const ordered = element.name === 'ol';
    const start = ordered ? parseListStart(element.attribs.start) : undefined;
    const dir = explicitDir(listCtx);
    flow.block(
      start === undefined ? { type: 'list', ordered, items, ...dir } : { type: 'list', ordered, start, items, ...dir },
    );
  }

  private table(element: DomElement, ctx: Context, flow: FlowBuilder): void {
    flow.endParagraph();
    // Content that is not in a cell goes before the table, as browsers do ("foster parenting").
    const fostered = flow;
    const tableCtx = this.blockContext(element, ctx);
    const head: ParsedRow[] = [];
    const body: ParsedRow[] = [];
    const foot: ParsedRow[] = [];
    const rowGroup = (group: DomElement, rows: ParsedRow[]) => {
      const groupCtx = this.blockContext(group, tableCtx);
      for (const child of group.children) {
        if (isElement(child) && child.name === 'tr') rows.push(this.row(child, groupCtx, fostered));
        else this.walkNode(child, groupCtx, fostered);
      }
    };
    for (const child of element.children) {
      if (!isElement(child)) this.walkNode(child, tableCtx, fostered);
      else if (child.name === 'thead') rowGroup(child, head);
      else if (child.name === 'tbody') rowGroup(child, body);
      else if (child.name === 'tfoot') rowGroup(child, foot);
      else if (child.name === 'tr') body.push(this.row(child, tableCtx, fostered));
      else if (child.name === 'caption') {
        this.paragraphContainer(child, { ...this.blockContext(child, tableCtx), style: 'caption' }, fostered);
      } else this.walkNode(child, tableCtx, fostered);
    }
    const dir = explicitDir(tableCtx);
    // The table comes first; what follows it is content cut from a too large table.
    assembleTable(head, body, foot, this.warn).forEach((block, index) =>
      flow.block(index === 0 && dir.dir ? { ...block, ...dir } : block),
    );
  }

  private row(element: DomElement, ctx: Context, fostered: FlowBuilder): ParsedRow {
    const rowCtx = this.blockContext(element, ctx);
    const cells: ParsedCell[] = [];
    let allHeaderCells = true;
    for (const child of element.children) {
      if (isElement(child) && (child.name === 'td' || child.name === 'th')) {
        const content = new FlowBuilder();
        this.walkChildren(child, this.blockContext(child, rowCtx), content);
        cells.push({
          blocks: content.finish(),
          colSpan: parseSpan(child.attribs.colspan, 1),
          rowSpan: parseSpan(child.attribs.rowspan, TO_LAST_ROW),
        });
        allHeaderCells &&= child.name === 'th';
      } else {
        this.walkNode(child, rowCtx, fostered);
      }
    }
    return { cells, allHeaderCells: allHeaderCells && cells.length > 0 };
  }

  private image(element: DomElement, ctx: Context): ImageBlock | null {
    const src = element.attribs.src;
    if (src === undefined) return null; // an answer's, removed (and reported) by the sanitizer
    const alt = element.attribs.alt?.trim() || undefined;
    let image: ImageBlock | null;
    if (isDataUri(src)) {
      image = this.imageFromDataUri(src, alt);
    } else if (this.layout && isResolvableReference(src)) {
      image = this.options.resolveImage?.(src, alt) ?? null;
      if (image === null) this.warn(`Removed the image ${quoteForMessage(src)}: it could not be found`);
      else if (alt !== undefined && image.alt === undefined) image = { ...image, alt };
    } else {
      // Answers reach here with such sources already removed (and reported) by the sanitizer.
      if (src.trim() !== '') this.warn(remoteImageWarning(src));
      return null;
    }
    if (image === null) return null;
    const displayWidth = this.layout ? parseDisplayWidth(element.attribs.width) : undefined;
    if (displayWidth !== undefined) image = { ...image, displayWidth };
    if (ctx.align !== undefined && image.align === undefined) image = { ...image, align: ctx.align };
    return image;
  }

  private imageFromDataUri(uri: string, alt: string | undefined): ImageBlock | null {
    const comma = uri.indexOf(',');
    const header = (comma === -1 ? '' : uri.slice(5, comma)).toLowerCase().split(';');
    const mediaType = header[0].trim();
    if (!SUPPORTED_IMAGE_TYPES.has(mediaType)) {
      this.warn(`Removed an embedded ${mediaType || 'unknown'} image: only PNG, JPEG, GIF and BMP images are exported`);
      return null;
    }
    if (!header.includes('base64')) {
      this.warn('Removed an embedded image that is not base64-encoded');
      return null;
    }
    const payload = uri.slice(comma + 1);
    if (payload.length * 0.75 > MAX_IMAGE_BYTES + 3) {
      this.warn(`Removed an embedded image larger than ${MAX_IMAGE_BYTES / (1024 * 1024)} MB`);
      return null;
    }
    // Copied into memory the image owns: small Buffers are slices of a shared pool.
    const bytes = new Uint8Array(Buffer.from(payload, 'base64'));
    const image = imageBlockFromBytes(bytes, alt);
    if (image === null)
      this.warn(`Removed an embedded ${mediaType} image that could not be read (damaged, incomplete or too large)`);
    return image;
  }

  private spliceBlocks(ref: string, flow: FlowBuilder): void {
    const blocks = this.options.resolveBlocks?.(ref) ?? null;
    if (blocks === null) {
      this.warn(`Nothing to insert for <dmp-blocks ref=${quoteForMessage(ref)}>`);
      flow.endParagraph();
      return;
    }
    flow.endParagraph();
    for (const block of blocks) flow.block(block);
  }
}

const SUPPORTED_IMAGE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/jpg',
  'image/pjpeg',
  'image/gif',
  'image/bmp',
  'image/x-ms-bmp',
]);

function parseAlign(value: string | undefined | null): Align | undefined {
  const lower = value?.trim().toLowerCase();
  return lower === 'left' || lower === 'center' || lower === 'right' || lower === 'justify' ? lower : undefined;
}

function parseDir(value: string | undefined): 'ltr' | 'rtl' | 'auto' | undefined {
  const lower = value?.trim().toLowerCase();
  return lower === 'rtl' || lower === 'ltr' || lower === 'auto' ? lower : undefined;
}

/** The block's `dir` as the model keeps it: only an explicit direction (`auto` is the model's default). */
function explicitDir(ctx: Context): { dir?: 'ltr' | 'rtl' } {
  return ctx.dir === 'ltr' || ctx.dir === 'rtl' ? { dir: ctx.dir } : {};
}

function paragraphStyleOf(classAttribute: string | undefined): ParagraphStyle | undefined {
  if (classAttribute === undefined) return undefined;
  return PARAGRAPH_STYLE_CLASSES.find((style) => classAttribute.split(/\s+/).includes(style));
}

function parseListStart(value: string | undefined): number | undefined {
  if (value === undefined || !/^\s*-?\d+\s*$/.test(value)) return undefined;
  const start = Math.min(Math.max(Number(value), 0), 999_999);
  return start === 1 ? undefined : start;
}

/** rowspan="0" spans to the last row of the table. */
const TO_LAST_ROW = 0;

/** A colspan or rowspan: 1 when absent or invalid, `zeroMeans` for "0", else the number (capped later). */
function parseSpan(value: string | undefined, zeroMeans: number): number {
  if (value === undefined || !/^\s*\d+\s*$/.test(value)) return 1;
  const span = Number(value);
  return span === 0 ? zeroMeans : span;
}

function parseDisplayWidth(value: string | undefined): number | undefined {
  // Trimmed first: two `\s*` around an optional "px" backtrack quadratically on long space runs.
  const match = value === undefined ? null : /^(\d+(?:\.\d+)?)\s*(?:px)?$/i.exec(value.trim());
  const pixels = match ? Number(match[1]) : 0;
  return pixels > 0 ? pixels * POINTS_PER_PIXEL : undefined;
}

/** Text of a <pre>, whitespace kept; <br> counts as a newline. Iterative: the subtree may be deep. */
function preformattedText(pre: DomElement): string {
  let text = '';
  const pending: DomNode[] = [...pre.children].reverse();
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (isText(node)) text += node.data;
    else if (isElement(node)) {
      if (node.name === 'br') text += '\n';
      else for (let index = node.children.length - 1; index >= 0; index--) pending.push(node.children[index]);
    }
  }
  // Browsers drop the newline right after <pre>; trailing newlines only add empty lines.
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/^\n/, '')
    .replace(/(?<!\n)\n+$/, '');
}

/**
 * Text of a subtree too deep to walk, with a space wherever a block element starts or ends; what
 * vanishes with its content (scripts, styles, templates…) stays out. Iterative.
 */
function flattenedText(element: DomElement): string {
  let text = '';
  const pending: (DomNode | typeof BOUNDARY)[] = [element];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (node === BOUNDARY) text += ' ';
    else if (isText(node)) text += node.data;
    else if (isElement(node) && !DROPPED_TAG_NAMES.has(node.name)) {
      const boundary = BLOCK_BOUNDARY_TAGS.has(node.name);
      if (boundary) {
        text += ' ';
        pending.push(BOUNDARY);
      }
      for (let index = node.children.length - 1; index >= 0; index--) pending.push(node.children[index]);
    }
  }
  return text;
}
const BOUNDARY = Symbol('block boundary');

// ---------------------------------------------------------------------------------------------
// Tables

interface ParsedCell {
  blocks: Block[];
  colSpan: number;
  /** TO_LAST_ROW (0) or at least 1. */
  rowSpan: number;
}

interface ParsedRow {
  cells: ParsedCell[];
  allHeaderCells: boolean;
}

/**
 * Rows in display order (head, body, foot), spans clamped to the table, and every row padded with
 * empty cells to the same grid width (counting cells spanning down from rows above), so writers
 * can lay the table out without checks. Header rows: the <thead> rows and the all-<th> rows after them.
 *
 * Padding multiplies: one wide row widens every row. So the grid stops at MAX_TABLE_COLUMNS (cells
 * past it join the last cell of their row) and at MAX_TABLE_CELLS (rows past it follow the table
 * as paragraphs). Returns the table, then those paragraphs; nothing for a table without cells.
 */
function assembleTable(
  head: ParsedRow[],
  body: ParsedRow[],
  foot: ParsedRow[],
  warn: (message: string) => void,
): Block[] {
  const parsed = [...head, ...body, ...foot].filter((row) => row.cells.length > 0);
  if (parsed.length === 0) return [];
  let headerRows = head.filter((row) => row.cells.length > 0).length;
  const headAndBody = parsed.length - foot.filter((row) => row.cells.length > 0).length;
  while (headerRows < headAndBody && parsed[headerRows].allHeaderCells) headerRows++;

  const coveredFromAbove: number[] = []; // per grid column: rows it stays covered by a rowspan above
  const laidOut: { cells: TableCell[]; filled: boolean[] }[] = [];
  const following: Block[] = []; // content that does not fit in the grid, in reading order
  let width = 0;
  let narrowed = false;
  for (const [rowIndex, row] of parsed.entries()) {
    const rowsLeft = parsed.length - rowIndex;
    const filled = coveredFromAbove.map((rows) => rows > 0);
    let column = 0;
    const cells: TableCell[] = [];
    const pastLastColumn: Block[] = []; // the row's cells that start past the last column, in order
    for (const cell of row.cells) {
      while (filled[column]) column++;
      if (column >= MAX_TABLE_COLUMNS) {
        appendBlocks(pastLastColumn, cell.blocks);
        continue;
      }
      const colSpan = Math.min(cell.colSpan, MAX_TABLE_COLUMNS - column);
      const rowSpan = cell.rowSpan === TO_LAST_ROW ? rowsLeft : Math.min(cell.rowSpan, rowsLeft);
      for (let spanned = column; spanned < column + colSpan; spanned++) {
        filled[spanned] = true;
        coveredFromAbove[spanned] = Math.max(coveredFromAbove[spanned] ?? 0, rowSpan);
      }
      column += colSpan;
      cells.push(tableCell(cell.blocks, colSpan, rowSpan));
    }
    if ((laidOut.length + 1) * Math.max(width, filled.length) > MAX_TABLE_CELLS) {
      warn(
        `A table larger than ${MAX_TABLE_CELLS.toLocaleString('en')} cells was cut after row ${laidOut.length}: the rows after it follow the table as paragraphs`,
      );
      for (const rest of parsed.slice(rowIndex)) for (const cell of rest.cells) appendBlocks(following, cell.blocks);
      break;
    }
    if (pastLastColumn.length > 0 || row.cells.length > cells.length) {
      narrowed = true;
      // They come after every cell of the row that fits: the last one takes them (or, when spans
      // from above cover the whole row, the paragraphs after the table).
      const last = cells[cells.length - 1];
      if (last) last.blocks = last.blocks.concat(pastLastColumn);
      else appendBlocks(following, pastLastColumn);
    }
    width = Math.max(width, filled.length);
    laidOut.push({ cells, filled });
    for (let index = 0; index < coveredFromAbove.length; index++) {
      coveredFromAbove[index] = Math.max((coveredFromAbove[index] ?? 0) - 1, 0);
    }
  }
  if (narrowed)
    warn(
      `A table wider than ${MAX_TABLE_COLUMNS} columns was narrowed: the cells past column ${MAX_TABLE_COLUMNS} were added to the last cell of their row`,
    );
  const rows: TableRow[] = laidOut.map(({ cells, filled }, rowIndex) => {
    // A rowspan may have reached into rows that were cut.
    for (const cell of cells) clampRowSpan(cell, laidOut.length - rowIndex);
    const filledCount = filled.filter(Boolean).length;
    for (let missing = width - filledCount; missing > 0; missing--) cells.push({ blocks: [] });
    return { cells };
  });
  return [{ type: 'table', rows, headerRows: Math.min(headerRows, rows.length) }, ...following];
}

/** Appends without spreading: a cell may hold more blocks than a call can take arguments. */
function appendBlocks(target: Block[], blocks: Block[]): void {
  for (const block of blocks) target.push(block);
}

function clampRowSpan(cell: TableCell, rowsLeft: number): void {
  if (cell.rowSpan === undefined || cell.rowSpan <= rowsLeft) return;
  if (rowsLeft > 1) cell.rowSpan = rowsLeft;
  else delete cell.rowSpan;
}

function tableCell(blocks: Block[], colSpan: number, rowSpan: number): TableCell {
  const cell: TableCell = { blocks };
  if (colSpan > 1) cell.colSpan = colSpan;
  if (rowSpan > 1) cell.rowSpan = rowSpan;
  return cell;
}

// ---------------------------------------------------------------------------------------------
// Paragraph building

/**
 * Collects the blocks of one flow (the document, a list item, a table cell, a quote). Inline
 * content accumulates into the current paragraph; a block ends it. Whitespace collapses as in a
 * browser: runs become one space, no space at the start or end of a line.
 */
class FlowBuilder {
  private readonly blocks: Block[] = [];
  private content: Inline[] = [];
  /** Context of the paragraph being built (from its first content): heading level, style, alignment, dir, lang. */
  private paragraphCtx: Context | null = null;
  private lastText: TextInline | null = null;
  private lastTextMarks = 0;
  /** A collapsed space not yet written, and the context it came from; dropped if the line ends first. */
  private pendingSpace: Context | null = null;
  private atLineStart = true;
  private openLink: { target: LinkTarget; inline: LinkInline } | null = null;

  text(raw: string, ctx: Context): void {
    let text = raw.replace(/[ \t\n\r\f]+/g, ' ');
    if (text.startsWith(' ')) {
      if (!this.atLineStart) this.pendingSpace ??= ctx;
      text = text.slice(1);
    }
    if (text === '') return;
    const trailingSpace = text.endsWith(' ');
    if (trailingSpace) text = text.slice(0, -1);
    if (this.pendingSpace !== null) {
      // The space stays with the run it came from (an underlined space stays underlined).
      if (this.pendingSpace === ctx || this.lastText === null) text = ` ${text}`;
      else this.lastText.text += ' ';
      this.pendingSpace = null;
    }
    this.append(text, ctx);
    this.atLineStart = false;
    if (trailingSpace) this.pendingSpace = ctx;
  }

  lineBreak(ctx: Context): void {
    this.pendingSpace = null;
    this.paragraphCtx ??= ctx;
    this.inlineTarget(ctx).push({ type: 'break' });
    this.atLineStart = true;
  }

  block(block: Block): void {
    this.endParagraph();
    this.blocks.push(block);
  }

  endParagraph(): void {
    const content = withoutEdgeBreaks(this.content);
    if (this.paragraphCtx !== null && hasVisibleText(content))
      this.blocks.push(paragraphBlock(content, this.paragraphCtx));
    this.content = [];
    this.paragraphCtx = null;
    this.lastText = null;
    this.pendingSpace = null;
    this.atLineStart = true;
    this.openLink = null;
  }

  finish(): Block[] {
    this.endParagraph();
    return this.blocks;
  }

  private append(text: string, ctx: Context): void {
    this.paragraphCtx ??= ctx;
    const target = this.inlineTarget(ctx);
    if (this.lastText !== null && target[target.length - 1] === this.lastText && this.lastTextMarks === ctx.marks) {
      this.lastText.text += text;
      return;
    }
    const marks = marksOf(ctx.marks);
    const inline: TextInline = marks === undefined ? { type: 'text', text } : { type: 'text', text, marks };
    target.push(inline);
    this.lastText = inline;
    this.lastTextMarks = ctx.marks;
  }

  /** Where inline content in this context goes: the paragraph, or the link it belongs to. */
  private inlineTarget(ctx: Context): Inline[] {
    if (ctx.link === undefined) {
      this.openLink = null;
      return this.content;
    }
    if (this.openLink?.target !== ctx.link) {
      const inline: LinkInline = { type: 'link', href: ctx.link.href, children: [] };
      this.content.push(inline);
      this.openLink = { target: ctx.link, inline };
    }
    return this.openLink.inline.children;
  }
}

function paragraphBlock(content: Inline[], ctx: Context): Block {
  const directional = { ...explicitDir(ctx), ...(ctx.lang && { lang: ctx.lang }) };
  if (ctx.headingLevel !== undefined) {
    return {
      type: 'heading',
      level: ctx.headingLevel,
      content,
      ...(ctx.excludeFromToc && { toc: false }),
      ...directional,
    };
  }
  return {
    type: 'paragraph',
    content,
    ...(ctx.style && { style: ctx.style }),
    ...(ctx.align && { align: ctx.align }),
    ...directional,
  };
}

/** Line breaks at the start or end of a paragraph only add empty lines (editors leave them behind). */
function withoutEdgeBreaks(content: Inline[]): Inline[] {
  let start = 0;
  let end = content.length;
  while (start < end && content[start].type === 'break') start++;
  while (end > start && content[end - 1].type === 'break') end--;
  const trimmed = start === 0 && end === content.length ? content : content.slice(start, end);
  const last = trimmed[trimmed.length - 1];
  if (last?.type === 'link') {
    while (last.children[last.children.length - 1]?.type === 'break') last.children.pop();
  }
  return trimmed;
}

/** Paragraphs of only spaces, &nbsp;, zero-width spaces and line breaks are editor leftovers, not content. */
function hasVisibleText(content: Inline[]): boolean {
  return content.some((inline) =>
    inline.type === 'text'
      ? VISIBLE_CHARACTER.test(inline.text)
      : inline.type === 'link' && hasVisibleText(inline.children),
  );
}
const VISIBLE_CHARACTER = /[^\s\u200b-\u200d\u2060]/;
