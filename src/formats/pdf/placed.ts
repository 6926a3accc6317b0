/**
 * Laid-out content with an estimate of its height, and the one decision made with it: which
 * headings, labels and lead-in captions travel to the next page with what follows them.
 *
 * pdfmake keeps blocks together only as an `unbreakable` stack, and silently drops an unbreakable
 * stack taller than a page (pdfmake issues #207, #1667). So a run of headings and labels is grouped
 * with the block after it only when the group is estimated at half a page or less (our estimates
 * of text, which we lay out line by line ourselves, are close). A longer paragraph is cut after
 * its first lines, which go with the heading; the rest flows on normally. Any other block (a
 * list, a table, a quote) cannot be cut here, so the group takes an invisible spacer as tall as
 * the block's first part instead, and the block moves up over the spacer: the heading moves to
 * the next page whenever that first part would not fit under it. pdfmake's own `pageBreakBefore`
 * hook would do the same by laying the whole document out again after every break it adds.
 */
import type { Content, Margins } from 'pdfmake/interfaces';
import { AUTO_PAGE_BREAK_ROOM } from '../../document/look';
import type { Block } from '../../document/types';
import { splitTextLines, type TextContent } from './text';

/** pdfmake content and its height in points, margins included; undefined when unknown (taken as tall). */
export interface Placed {
  node: Content;
  height: number | undefined;
  /** Set for a paragraph or heading laid out line by line: it may be cut between lines. */
  text?: TextContent;
  /** Height of the first part pdfmake keeps in one piece (an image, a table's header and first row), where known. */
  lead?: number;
}

/** The sum, unknown when one of the heights is. */
export function addHeights(heights: (number | undefined)[]): number | undefined {
  let total = 0;
  for (const height of heights) {
    if (height === undefined) return undefined;
    total += height;
  }
  return total;
}

export const sumHeights = (items: Placed[]): number | undefined => addHeights(items.map((item) => item.height));

/** One block made of several: a stack, its height the sum of theirs. */
export function stacked(items: Placed[]): Placed {
  return items.length === 1
    ? items[0]
    : { node: { stack: items.map((item) => item.node) }, height: sumHeights(items), lead: items[0]?.lead };
}

function verticalMargins(node: Content): number {
  const margin = typeof node === 'object' && node !== null && 'margin' in node ? node.margin : undefined;
  return Array.isArray(margin) && margin.length === 4 ? margin[1] + margin[3] : 0;
}

export function placedText(text: TextContent): Placed & { height: number } {
  return {
    node: text.node,
    height: text.lineHeights.reduce((sum, height) => sum + height, 0) + verticalMargins(text.node),
    text,
  };
}

/**
 * Blocks that lead into the block after them: headings, question labels, and captions (guidance,
 * "Comment:", a description's template line, a table's caption) unless they caption an image above.
 */
function keepsWithNext(items: BlockOnPage[], index: number): boolean {
  const { block } = items[index];
  if (block.type === 'heading') return true;
  if (block.type !== 'paragraph') return false;
  return block.style === 'label' || (block.style === 'caption' && items[index - 1]?.block.type !== 'image');
}

/** Headings, labels and captions in a row kept with what follows them, at most. */
const MAX_KEPT_TOGETHER = 8;
/** Share of the page's text height a group kept together may take. */
const KEPT_SHARE = 1 / 2;
/** Share of the page's text height a group with a spacer may take (the spacer's height is exact). */
const KEPT_WITH_SPACER_SHARE = 3 / 4;
/** Lines of a long paragraph that go with its heading; at least as many stay behind. */
const LEADING_LINES = 2;

export interface BlockOnPage {
  block: Block;
  placed: Placed;
}

export interface KeepOptions {
  /** Height of the page's text area. */
  textHeight: number;
  /** The first part of a block whose `lead` is unknown: about two lines of body text. */
  defaultLead: number;
  /** Whether blocks may be moved over a spacer (the top-level flow; not inside table cells). */
  spacers: boolean;
  /** The room an automatic page break asks for, in points (default: AUTO_PAGE_BREAK_ROOM of the text height). */
  autoBreakRoom?: number;
}

/**
 * A page break the layout asks for only where the page is short of room (`description-page-break:
 * auto`): an invisible block as tall as the room asked for (a share of the page: look.ts), kept in one piece, so it
 * moves to the next page whenever less room is left; what follows it moves up over it.
 */
function autoBreakSpacer(room: number): Placed {
  return { node: { stack: [{ stack: [], margin: [0, room, 0, 0] }], unbreakable: true }, height: room };
}

const isAutoBreak = (block: Block): boolean => block.type === 'pageBreak' && block.auto === true;

/**
 * The blocks' content, each run of headings, labels and lead-in captions grouped (unbreakable)
 * with the block after it, with its first lines, or with room for its first part; an automatic
 * page break (see autoBreakSpacer) where the top-level flow asks for one.
 */
export function keepTogether(items: BlockOnPage[], options: KeepOptions): Placed[] {
  const limit = options.textHeight * KEPT_SHARE;
  const result: Placed[] = [];
  /** An automatic page break waiting for the block after it, and the room it asks for. */
  let pendingBreak: { room: number } | undefined;
  const push = (placed: Placed): void => {
    if (pendingBreak) {
      // The block moves up over the spacer; one that cannot (no margin to say so) takes no break.
      if (movesUp(placed.node, pendingBreak.room)) result.push(autoBreakSpacer(pendingBreak.room));
      pendingBreak = undefined;
    }
    result.push(placed);
  };
  let index = 0;
  while (index < items.length) {
    if (isAutoBreak(items[index].block)) {
      // In a table cell or a list item there are no pages to start.
      if (options.spacers) pendingBreak = { room: options.autoBreakRoom ?? options.textHeight * AUTO_PAGE_BREAK_ROOM };
      index++;
      continue;
    }
    if (!keepsWithNext(items, index)) {
      push(items[index].placed);
      index++;
      continue;
    }
    let end = index;
    while (end < items.length && end - index < MAX_KEPT_TOGETHER && keepsWithNext(items, end)) end++;
    const group = items.slice(index, end).map((item) => item.placed);
    const height = sumHeights(group);
    if (height === undefined || height > limit) {
      // Too tall to move: it stays where it falls.
      push(items[index].placed);
      index++;
      continue;
    }
    const follower = items[end]?.placed;
    const joined = follower && joinFollower(follower, height, limit, options);
    if (joined) {
      group.push(joined.first);
      index = end + 1;
    } else {
      index = end;
    }
    push(
      group.length > 1
        ? { node: { stack: group.map((placed) => placed.node), unbreakable: true }, height: sumHeights(group) }
        : group[0],
    );
    if (joined?.rest) push(joined.rest);
  }
  return result;
}

/** What of the follower joins a group of `height`: all of it, its first lines, or a spacer for its first part. */
function joinFollower(
  follower: Placed,
  height: number,
  limit: number,
  options: KeepOptions,
): { first: Placed; rest?: Placed } | undefined {
  if (follower.height === undefined) return undefined;
  if (height + follower.height <= limit) return { first: follower };
  const lines = follower.text?.lineHeights.length ?? 0;
  const parts = follower.text && lines >= 2 * LEADING_LINES ? splitTextLines(follower.text, LEADING_LINES) : undefined;
  if (parts) {
    const first = placedText(parts[0]);
    if (height + first.height <= limit) return { first, rest: placedText(parts[1]) };
  }
  const lead = Math.min(follower.lead ?? options.defaultLead, follower.height);
  if (!options.spacers || height + lead > options.textHeight * KEPT_WITH_SPACER_SHARE || !movesUp(follower.node, lead))
    return undefined;
  return {
    first: { node: { stack: [], margin: [0, lead, 0, 0] }, height: lead },
    rest: { ...follower, height: follower.height - lead },
  };
}

/** Moves a node up by `by` points (a negative top margin), where its margin can say so. */
function movesUp(node: Content, by: number): boolean {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return false;
  const target = node as { margin?: Margins };
  const { margin } = target;
  if (margin === undefined) {
    target.margin = [0, -by, 0, 0];
    return true;
  }
  if (!Array.isArray(margin) || margin.length !== 4) return false;
  target.margin = [margin[0], margin[1] - by, margin[2], margin[3]];
  return true;
}
