/**
 * Pass 2: the parsed tree -> blocks, the way a browser lays it out. Only the allowed elements and
 * attributes are read; links and images are checked again, so layout output meets the same rules
 * as answers.
 */
import { MAX_IMAGE_BYTES, imageBlockFromBytes } from '../images';
import type { Block, ImageBlock } from '../types';
import {
  DROPPED_TAG_NAMES,
  PARAGRAPH_CONTAINERS,
  TEXT_ALIGN_PATTERN,
  isDataUri,
  isResolvableReference,
  linkTarget,
  quoteForMessage,
  remoteImageWarning,
  removedLinkWarning,
} from './allowList';
import {
  SUPPORTED_IMAGE_TYPES,
  TO_LAST_ROW,
  explicitDir,
  flattenedText,
  paragraphStyleOf,
  parseAlign,
  parseDir,
  parseDisplayWidth,
  parseListStart,
  parseSpan,
  preformattedText,
} from './attributes';
import { Context, DomElement, DomNode, HeadingLevel, MARK_BIT_OF_TAG, isElement, isText } from './context';
import { FlowBuilder } from './flow';
import type { HtmlOptions } from './options';
import { WALK_DEPTH_LIMIT } from './limits';
import { ParsedCell, ParsedRow, assembleTable } from './table';

export class BlockWalker {
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
