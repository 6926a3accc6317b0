/**
 * Headings inside answers. People structure long answers with the editor's headings ("1. Scope of
 * the corpus" as an <h2>), and those arrive as levels 1-6 of their own, unaware of the document
 * around them: an answer's <h1> would outrank the blueprint section it sits in. Here they are
 * placed where they belong, below the heading of the section the answer is in (the question
 * itself sits one step below that heading), keeping their order among themselves, and they leave
 * the table of contents and the outline, which list the plan's own structure.
 *
 * Two steps, because a layout splices the same parsed answer wherever a template prints it:
 * `recordAnswerHeadings` notes, once per answer, each heading's depth inside that answer (its
 * highest heading is depth 1); `nestAnswerHeadings` then rewrites the finished document, giving
 * every recorded heading the level `context + depth` (at most 6), where `context` is the level
 * of the last heading before it that is not an answer's.
 */
import type { Block } from './types';

export type HeadingBlock = Extract<Block, { type: 'heading' }>;

/** Heading objects of answers -> their depth inside their answer (1 = the answer's highest). */
export type AnswerHeadings = WeakMap<HeadingBlock, number>;

const MAX_LEVEL = 6;

/** Every heading of one answer, at any nesting (lists, quotes, tables), in document order. */
function headingsOf(blocks: readonly Block[], out: HeadingBlock[] = []): HeadingBlock[] {
  for (const block of blocks) {
    if (block.type === 'heading') out.push(block);
    else if (block.type === 'list') for (const item of block.items) headingsOf(item, out);
    else if (block.type === 'blockquote') headingsOf(block.children, out);
    else if (block.type === 'table')
      for (const row of block.rows) for (const cell of row.cells) headingsOf(cell.blocks, out);
  }
  return out;
}

/** Records the headings of one answer with their depth inside it. */
export function recordAnswerHeadings(answer: readonly Block[], into: AnswerHeadings): void {
  const headings = headingsOf(answer);
  if (headings.length === 0) return;
  const top = Math.min(...headings.map((heading) => heading.level));
  for (const heading of headings) into.set(heading, heading.level - top + 1);
}

/**
 * The document with every recorded answer heading nested below its context (see above), marked
 * `answer` and left out of the table of contents. Blocks without answer headings are returned as
 * they are; the document itself is not changed.
 */
export function nestAnswerHeadings(blocks: Block[], answers: AnswerHeadings): Block[] {
  let context = 0;
  let changed = false;
  const result = blocks.map((block) => {
    if (block.type === 'heading' && !answers.has(block)) {
      context = block.level;
      return block;
    }
    const nested = nestIn(block, answers, context);
    if (nested !== block) changed = true;
    return nested;
  });
  return changed ? result : blocks;
}

function nestIn(block: Block, answers: AnswerHeadings, context: number): Block {
  switch (block.type) {
    case 'heading': {
      const depth = answers.get(block);
      if (depth === undefined) return block;
      return {
        ...block,
        level: Math.min(MAX_LEVEL, context + depth) as HeadingBlock['level'],
        toc: false,
        answer: true,
      };
    }
    case 'list': {
      const items = mapped(block.items, (item) => mapped(item, (child) => nestIn(child, answers, context)));
      return items === block.items ? block : { ...block, items };
    }
    case 'blockquote': {
      const children = mapped(block.children, (child) => nestIn(child, answers, context));
      return children === block.children ? block : { ...block, children };
    }
    case 'table': {
      const rows = mapped(block.rows, (row) => {
        const cells = mapped(row.cells, (cell) => {
          const cellBlocks = mapped(cell.blocks, (child) => nestIn(child, answers, context));
          return cellBlocks === cell.blocks ? cell : { ...cell, blocks: cellBlocks };
        });
        return cells === row.cells ? row : { ...row, cells };
      });
      return rows === block.rows ? block : { ...block, rows };
    }
    default:
      return block;
  }
}

/** `items` mapped, or `items` itself when nothing changed (most blocks hold no answer heading). */
function mapped<T>(items: T[], map: (item: T) => T): T[] {
  let result: T[] | undefined;
  items.forEach((item, index) => {
    const next = map(item);
    if (next !== item) {
      result ??= items.slice();
      result[index] = next;
    }
  });
  return result ?? items;
}
