/**
 * Which headings the table of contents and the PDF outline (bookmarks) list: top-level headings of
 * levels 1 to 3 that are not marked `toc: false` and have text. Each gets an id (a PDF named
 * destination the TOC links to) and, for the outline, its nearest enclosing heading as parent.
 */
import type { Block } from '../../document/types';
import { inlineText } from './runs';

export type HeadingBlock = Extract<Block, { type: 'heading' }>;

export interface HeadingAnchor {
  id: string;
  level: number;
  /** Plain text: the outline entry and the TOC line. */
  title: string;
  parentId?: string;
}

const MAX_LISTED_LEVEL = 3;

export function collectHeadings(blocks: Block[]): Map<HeadingBlock, HeadingAnchor> {
  const anchors = new Map<HeadingBlock, HeadingAnchor>();
  const open: HeadingAnchor[] = [];
  for (const block of blocks) {
    if (block.type !== 'heading' || block.toc === false || block.level > MAX_LISTED_LEVEL) continue;
    const title = inlineText(block.content).replace(/\s+/g, ' ').trim();
    if (!title) continue;
    while (open.length > 0 && open[open.length - 1].level >= block.level) open.pop();
    const anchor: HeadingAnchor = { id: `heading-${anchors.size + 1}`, level: block.level, title, parentId: open[open.length - 1]?.id };
    anchors.set(block, anchor);
    open.push(anchor);
  }
  return anchors;
}
