/** Paragraph building: inline content collects into paragraphs; whitespace collapses as in a browser. */
import type { Block, Inline } from '../types';
import { explicitDir } from './attributes';
import { Context, LinkInline, LinkTarget, TextInline, marksOf } from './context';

/**
 * Collects the blocks of one flow (the document, a list item, a table cell, a quote). Inline
 * content accumulates into the current paragraph; a block ends it. Whitespace collapses as in a
 * browser: runs become one space, no space at the start or end of a line.
 */
export class FlowBuilder {
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
