/**
 * The layout budget (config.ts' LayoutBudget): what one render may make of a plan, checked as
 * early as each measure can be known, so a runaway template is refused in well under a second
 * instead of keeping a thread busy until the export deadline:
 *
 * - page breaks, at each `{{pageBreak}}` as it runs (with its line);
 * - HTML, by the render guard as it is written (guard.ts);
 * - blocks and page breaks the HTML holds, by a scan of its tags before it is parsed (parsing
 *   16 MB of `<p>x</p>` takes seconds, writing 128,000 pages minutes);
 * - blocks and characters answers add, at each placement;
 * - and exactly, on the finished document: blocks (a table of contents once per heading it
 *   lists), page breaks, characters.
 *
 * Past any of it the render stops with an over-budget TemplateRenderError: a 422 naming the
 * template, the place where known, the limit and its variable.
 */
import { DEFAULT_LAYOUT_BUDGET, LAYOUT_BUDGET_VARIABLES, type LayoutBudget } from '../config';
import { CONTAINER_TAGS, HEADING_TAGS, TABLE_TAGS } from '../document/html/allowList';
import type { Block, Inline } from '../document/types';
import { TemplateRenderError, type SourcePosition } from './problems';

/** What placing content in a document adds: blocks (nested ones too), characters of text, images and their bytes. */
export interface PlacedContent {
  blocks: number;
  characters: number;
  images: number;
  imageBytes: number;
}

const count = (limit: number) => limit.toLocaleString('en');
const millions = (limit: number) => (limit / 1_000_000).toLocaleString('en');

/** What going over each measure means, in a designer's words. */
const OVER_BUDGET: Readonly<Record<keyof LayoutBudget, (limit: number) => string>> = {
  blocks: (limit) =>
    `the document would have more than ${count(limit)} paragraphs, headings, table cells and other blocks`,
  pageBreaks: (limit) => `the document would have more than ${count(limit)} page breaks`,
  htmlCharacters: (limit) => `the template writes more than ${millions(limit)} MB of HTML`,
  textCharacters: (limit) => `the document would have more than ${millions(limit)} million characters of text`,
  renderMs: (limit) => `the template takes longer than ${(limit / 1000).toLocaleString('en')} s to render`,
};

/** The over-budget error for one measure: "the document would have more than 10,000 page breaks (LAYOUT_MAX_PAGE_BREAKS)". */
export function overBudget(
  measure: keyof LayoutBudget,
  limit: number,
  position?: SourcePosition,
  prefix = '',
): TemplateRenderError {
  return new TemplateRenderError(
    `${prefix}${OVER_BUDGET[measure](limit)} (${LAYOUT_BUDGET_VARIABLES[measure]})`,
    position,
    undefined,
    undefined,
    true,
  );
}

/** Tags whose element starts a block of its own in the layout walker (document/html/walker.ts). */
const BLOCK_TAGS = [
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
  'img',
  'dmp-toc',
  'dmp-page-break',
];
/** An opening block tag; group 1 is set for a page break. */
const BLOCK_TAG = new RegExp(`<(?:(dmp-page-break)|${BLOCK_TAGS.join('|')})(?=[\\s/>])`, 'gi');

/** Counts one render against its layout budget. */
export class OutputBudget {
  private pageBreaksWritten = 0;
  /** Blocks the template's own HTML opens (from the scan), before answers are placed. */
  private templateBlocks = 0;
  private placedBlocks = 0;
  private placedCharacters = 0;

  constructor(readonly limits: LayoutBudget = DEFAULT_LAYOUT_BUDGET) {}

  /** A `{{pageBreak}}` was written at `position`. */
  pageBreak(position: SourcePosition | undefined): void {
    if (++this.pageBreaksWritten > this.limits.pageBreaks)
      throw overBudget('pageBreaks', this.limits.pageBreaks, position, 'pageBreak: ');
  }

  /**
   * A template file as written: one that calls `{{pageBreak}}` more often than the budget allows
   * is refused at the first call past it, before Handlebars compiles it (compiling 20,000 calls
   * takes a second or more).
   */
  checkWritten(file: string, pageBreakCalls: readonly SourcePosition[]): void {
    if (pageBreakCalls.length <= this.limits.pageBreaks) return;
    const over = overBudget(
      'pageBreaks',
      this.limits.pageBreaks,
      pageBreakCalls[this.limits.pageBreaks],
      'pageBreak: ',
    );
    throw new TemplateRenderError(over.message, over.position, file, undefined, true);
  }

  /** The template's HTML, before it is parsed: the blocks and page breaks its tags open. */
  scanHtml(html: string): void {
    let blocks = 0;
    let pageBreaks = 0;
    BLOCK_TAG.lastIndex = 0;
    for (let match = BLOCK_TAG.exec(html); match !== null; match = BLOCK_TAG.exec(html)) {
      if (++blocks > this.limits.blocks) throw overBudget('blocks', this.limits.blocks);
      if (match[1] !== undefined && ++pageBreaks > this.limits.pageBreaks)
        throw overBudget('pageBreaks', this.limits.pageBreaks);
    }
    this.templateBlocks = blocks;
  }

  /** An answer placed in the document (every placement counts). */
  place(content: PlacedContent): void {
    this.placedBlocks += content.blocks;
    this.placedCharacters += content.characters;
    if (this.templateBlocks + this.placedBlocks > this.limits.blocks) throw overBudget('blocks', this.limits.blocks);
    if (this.placedCharacters > this.limits.textCharacters)
      throw overBudget('textCharacters', this.limits.textCharacters);
  }

  /** The finished document, measured exactly. */
  checkDocument(blocks: readonly Block[]): void {
    const size = measureDocument(blocks);
    const listed = size.tablesOfContents * size.headings;
    if (size.blocks + listed > this.limits.blocks) throw overBudget('blocks', this.limits.blocks);
    if (size.pageBreaks > this.limits.pageBreaks) throw overBudget('pageBreaks', this.limits.pageBreaks);
    if (size.characters > this.limits.textCharacters) throw overBudget('textCharacters', this.limits.textCharacters);
  }
}

interface DocumentSize extends PlacedContent {
  pageBreaks: number;
  headings: number;
  tablesOfContents: number;
}

const emptySize = (): DocumentSize => ({
  blocks: 0,
  characters: 0,
  images: 0,
  imageBytes: 0,
  pageBreaks: 0,
  headings: 0,
  tablesOfContents: 0,
});

/** What a list of blocks adds to a document, nested blocks included. */
export function measureBlocks(blocks: readonly Block[]): PlacedContent {
  const { blocks: count, characters, images, imageBytes } = measureDocument(blocks);
  return { blocks: count, characters, images, imageBytes };
}

function measureDocument(blocks: readonly Block[], size: DocumentSize = emptySize()): DocumentSize {
  for (const block of blocks) {
    size.blocks++;
    switch (block.type) {
      case 'heading':
        size.headings++;
        size.characters += inlineCharacters(block.content);
        break;
      case 'paragraph':
        size.characters += inlineCharacters(block.content);
        break;
      case 'code':
        size.characters += block.text.length;
        break;
      case 'image':
        size.images++;
        size.imageBytes += block.data.length;
        break;
      case 'pageBreak':
        size.pageBreaks++;
        break;
      case 'toc':
        size.tablesOfContents++;
        break;
      case 'list':
        for (const item of block.items) measureDocument(item, size);
        break;
      case 'blockquote':
        measureDocument(block.children, size);
        break;
      case 'table':
        for (const row of block.rows) for (const cell of row.cells) measureDocument(cell.blocks, size);
        break;
      default:
        break;
    }
  }
  return size;
}

function inlineCharacters(inlines: Inline[]): number {
  let count = 0;
  for (const inline of inlines) {
    if (inline.type === 'text') count += inline.text.length;
    else if (inline.type === 'link') count += inlineCharacters(inline.children);
  }
  return count;
}
