/**
 * Laid-out content with an estimate of its height, and the one decision made with it: which
 * headings and labels travel to the next page with what follows them.
 *
 * pdfmake keeps blocks together only as an `unbreakable` stack, and silently drops an unbreakable
 * stack taller than a page (pdfmake issues #207, #1667). So a heading or label is grouped with the
 * block after it only when the group is estimated at a third of a page or less; an estimate off by
 * a factor of three still fits. A longer answer is cut after its first lines, which go with the
 * heading; the rest flows on normally.
 */
import type { Content } from 'pdfmake/interfaces';
import type { Block } from '../../document/types';
import { splitTextLines, type TextContent } from './text';

/** pdfmake content and its height in points, margins included; undefined when unknown (taken as tall). */
export interface Placed {
  node: Content;
  height: number | undefined;
  /** Set for a paragraph or heading laid out line by line: it may be cut between lines. */
  text?: TextContent;
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
  return items.length === 1 ? items[0] : { node: { stack: items.map((item) => item.node) }, height: sumHeights(items) };
}

function verticalMargins(node: Content): number {
  const margin = typeof node === 'object' && node !== null && 'margin' in node ? node.margin : undefined;
  return Array.isArray(margin) && margin.length === 4 ? margin[1] + margin[3] : 0;
}

export function placedText(text: TextContent): Placed & { height: number } {
  return { node: text.node, height: text.lineHeights.reduce((sum, height) => sum + height, 0) + verticalMargins(text.node), text };
}

/** A block that should stay on the same page as the block after it. */
const keepsWithNext = (block: Block): boolean => block.type === 'heading' || (block.type === 'paragraph' && block.style === 'label');

/** Headings and labels in a row kept with what follows them, at most. */
const MAX_KEPT_TOGETHER = 4;
/** Share of the page's text height a group kept together may take. */
const KEPT_SHARE = 1 / 3;
/** Lines of a long answer that go with its heading; at least as many stay behind. */
const LEADING_LINES = 2;

export interface BlockOnPage {
  block: Block;
  placed: Placed;
}

/**
 * The blocks' content, each run of headings and labels grouped (unbreakable) with the block after
 * it, or with the first lines of that block, when the group is small enough to be moved safely.
 */
export function keepTogether(items: BlockOnPage[], textHeight: number): Placed[] {
  const limit = textHeight * KEPT_SHARE;
  const result: Placed[] = [];
  let index = 0;
  while (index < items.length) {
    if (!keepsWithNext(items[index].block)) {
      result.push(items[index].placed);
      index++;
      continue;
    }
    // The headings and labels in a row, and the block after them.
    let last = index;
    while (last < items.length - 1 && last - index < MAX_KEPT_TOGETHER && keepsWithNext(items[last].block)) last++;
    const group: Placed[] = [];
    let height = 0;
    let next = index;
    while (next <= last) {
      const itemHeight = items[next].placed.height;
      if (itemHeight === undefined || height + itemHeight > limit) break;
      group.push(items[next].placed);
      height += itemHeight;
      next++;
    }
    let rest: Placed | undefined;
    const follower = items[last];
    if (group.length > 0 && next === last && !keepsWithNext(follower.block) && follower.placed.text) {
      const lines = follower.placed.text.lineHeights.length;
      const parts = lines >= 2 * LEADING_LINES ? splitTextLines(follower.placed.text, LEADING_LINES) : undefined;
      const first = parts && placedText(parts[0]);
      if (parts && first && height + first.height <= limit) {
        group.push(first);
        height += first.height;
        rest = placedText(parts[1]);
        next++;
      }
    }
    if (group.length === 0) {
      // Too tall to move: it stays where it falls.
      result.push(items[index].placed);
      index++;
      continue;
    }
    result.push(group.length > 1 ? { node: { stack: group.map((placed) => placed.node), unbreakable: true }, height } : group[0]);
    if (rest) result.push(rest);
    index = next;
  }
  return result;
}
