/**
 * Which headings the PDF outline (bookmarks) and the table of contents list. The contents list the
 * levels its `toc` block asks for (3 when it does not say); the outline lists those and at least
 * levels 1 to 3, since bookmarks fold away. Neither lists headings marked `toc: false` (answer
 * headings among them) or without text. Each listed heading gets an id (a PDF named destination
 * the contents link to) and, for the outline, its nearest enclosing listed heading as parent.
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
  /** Listed in the table of contents, not only in the outline. */
  inContents: boolean;
}

const DEFAULT_CONTENTS_LEVELS = 3;
const MIN_OUTLINE_LEVELS = 3;

/** The levels the document's table of contents lists (1-6). */
export function contentsLevels(blocks: Block[]): number {
  const levels = blocks.find((block): block is Extract<Block, { type: 'toc' }> => block.type === 'toc')?.levels;
  return typeof levels === 'number' && Number.isFinite(levels)
    ? Math.min(6, Math.max(1, Math.floor(levels)))
    : DEFAULT_CONTENTS_LEVELS;
}

export function collectHeadings(blocks: Block[]): Map<HeadingBlock, HeadingAnchor> {
  const inContents = contentsLevels(blocks);
  const listed = Math.max(inContents, MIN_OUTLINE_LEVELS);
  const anchors = new Map<HeadingBlock, HeadingAnchor>();
  const open: HeadingAnchor[] = [];
  for (const block of blocks) {
    if (block.type !== 'heading' || block.toc === false || block.level > listed) continue;
    const title = inlineText(block.content).replace(/\s+/g, ' ').trim();
    if (!title) continue;
    while (open.length > 0 && open[open.length - 1].level >= block.level) open.pop();
    const anchor: HeadingAnchor = {
      id: `heading-${anchors.size + 1}`,
      level: block.level,
      title,
      parentId: open[open.length - 1]?.id,
      inContents: block.level <= inContents,
    };
    anchors.set(block, anchor);
    open.push(anchor);
  }
  return anchors;
}
