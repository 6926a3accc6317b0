/**
 * The second half of the page estimate (pageEstimate.ts): the items it measured stacked into pages
 * with Word's rules that move content (page breaks, keep-with-next headings and labels, two-line
 * widow and orphan control, rows kept whole, header rows repeated).
 */
import type { Block } from '../../document/types';

/** Where a paragraph is set: its width, and what it inherits from around it. */
export interface Frame {
  widthPt: number;
  /** Quotes and lists stop indenting rather than leave text narrower than this. */
  minWidthPt: number;
  inTable: boolean;
  bold: boolean;
  /** Text is set at this share of its style's size (a table that needs the room). */
  fontScale: number;
}

/** Something the pages stack: lines of a paragraph, or a box that does not split (a table row, a picture). */
export type Item =
  | {
      kind: 'lines';
      lines: number;
      lineHeight: number;
      before: number;
      after: number;
      keepNext: boolean;
      headings: number[];
    }
  | { kind: 'box'; height: number; after: number; header: boolean; repeatHeight: number; headings: number[] }
  /** A page break; `auto`: the block of an automatic one, which breaks only where the page is short of room. */
  | { kind: 'pageBreak'; auto?: Block }
  /** Where the table of contents goes, once its entries are known. */
  | { kind: 'contents'; title: string; frame: Frame };
export type Lines = Extract<Item, { kind: 'lines' }>;

export interface PageEstimate {
  /**
   * The page (1-based, counting a shell's pages before the body) each heading starts on, in the
   * order the headings come in the blocks (list items, quotes and table cells included, row by row).
   */
  headingPages: number[];
  /** The automatic page breaks (`pageBreak` blocks with `auto`) that start a new page. */
  autoBreaks: Set<Block>;
}

export interface PaginationOptions {
  textHeightPt: number;
  /** Pages before the body (a Word shell's own cover). */
  pagesBefore: number;
  /** The share of the page an automatic page break needs left, or it breaks (document/look.ts). */
  autoPageBreakRoom: number;
  headingCount: number;
}

/** Stacks the items into pages: the page of each heading, and which automatic breaks break. */
export function paginate(items: Item[], options: PaginationOptions): PageEstimate {
  const room = options.textHeightPt;
  const found: number[] = new Array<number>(options.headingCount).fill(0);
  const autoBreaks = new Set<Block>();
  let page = options.pagesBefore + 1;
  let y = 0;
  /** Space after the last paragraph: it meets the next one's space before, and the larger wins. */
  let after = 0;
  /**
   * Whether the page was begun by a page break: its first paragraph then keeps its space before
   * (LibreOffice lays our page-break-before paragraphs out so); one begun by overflow does not.
   */
  let broken = false;
  const newPage = () => {
    page += 1;
    y = 0;
    after = 0;
  };
  const mark = (headings: number[]) => headings.forEach((heading) => (found[heading] = page));
  for (const [index, item] of items.entries()) {
    if (item.kind === 'contents') continue;
    if (item.kind === 'pageBreak') {
      if (item.auto) {
        // Less than a share of the page left: the automatic break starts a page.
        if (y === 0 || room - y >= room * options.autoPageBreakRoom) continue;
        autoBreaks.add(item.auto);
      }
      if (y > 0) newPage();
      broken = true;
      continue;
    }
    if (item.kind === 'box') {
      if (y > 0 && y + after + item.height > room) {
        newPage();
        // Header rows come again above a row that starts a page.
        if (!item.header) y = item.repeatHeight;
      }
      mark(item.headings);
      broken = false;
      y += (y > 0 ? after : 0) + item.height;
      // A row taller than a page runs on over the next pages.
      while (y > room) {
        y -= room;
        page += 1;
      }
      after = item.after;
      continue;
    }
    // LibreOffice spaces two paragraphs by the larger of the first's space after and the second's
    // space before (measured on our files), where Word adds them.
    const gap = y > 0 ? Math.max(after, item.before) : broken ? item.before : 0;
    broken = false;
    const height = item.lines * item.lineHeight;
    const needed = gap + height + (item.keepNext ? keptWith(items, index + 1) : 0);
    if (y > 0 && y + needed > room) {
      // Split a paragraph across the page end when two lines fit here and two go on; else move it.
      const here = Math.min(Math.floor((room - y - gap) / item.lineHeight), item.lines - 2);
      if (item.keepNext || item.lines < 4 || here < 2) {
        newPage();
        mark(item.headings);
        y = height;
      } else {
        mark(item.headings);
        newPage();
        y = (item.lines - here) * item.lineHeight;
      }
    } else {
      mark(item.headings);
      y += gap + height;
    }
    while (y > room) {
      y -= Math.floor(room / item.lineHeight) * item.lineHeight;
      page += 1;
    }
    after = item.after;
  }
  return { headingPages: found, autoBreaks };
}

/** Most paragraphs a chain of keep-with-next paragraphs is followed through (Word gives up on long chains too). */
const MAX_KEEP_CHAIN = 8;

/**
 * Room the content kept with a keep-with-next paragraph needs on its page: the next paragraph's
 * first two lines, or all of it and what follows when it keeps with the next one in turn.
 */
function keptWith(items: Item[], from: number): number {
  let height = 0;
  for (let i = from; i < Math.min(items.length, from + MAX_KEEP_CHAIN); i++) {
    const item = items[i];
    // An automatic break is not known to break yet: the content after it counts as kept.
    if (item.kind === 'contents' || (item.kind === 'pageBreak' && item.auto)) continue;
    if (item.kind === 'pageBreak') return height;
    if (item.kind === 'box') return height + item.height;
    if (!item.keepNext) return height + item.before + Math.min(2, item.lines) * item.lineHeight;
    height += item.before + item.lines * item.lineHeight + item.after;
  }
  return height;
}
