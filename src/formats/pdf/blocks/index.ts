/**
 * Document blocks -> pdfmake content, one handler per kind of block (handlers.ts). The width
 * available to text is tracked on the way down (page, list indents, table cells, quotes) because
 * lines are broken here, and so is an estimate of each block's height, which decides what may be
 * kept together on a page (see placed.ts).
 */
import type { Content } from 'pdfmake/interfaces';
import type { Block } from '../../../document/types';
import { type BlockOnPage, keepTogether, type Placed } from '../placed';
import { LINE_HEIGHT } from '../text';
import type { BlockHandler, DocumentEnv, Flow } from './context';
import { HANDLERS } from './handlers';
import { note } from './lookText';

export type { DocumentEnv, Flow } from './context';

/** Blocks at one nesting depth, headings and labels kept with what follows them (see placed.ts). */
function layBlocks(items: Block[], flow: Flow, env: DocumentEnv, depth: number): Placed[] {
  const laid: BlockOnPage[] = [];
  items.forEach((item, index) => {
    const placed = renderSafely(item, flow, env, depth, items[index + 1]);
    if (placed) laid.push({ block: item, placed });
  });
  return keepTogether(laid, {
    textHeight: env.geometry.textHeight,
    defaultLead: 2 * LINE_HEIGHT * 1.2 * env.theme.fontSize,
    spacers: depth === 0,
    autoBreakRoom: env.geometry.textHeight * env.theme.look.autoPageBreakRoom,
  });
}

/** The document body. */
export function blocks(items: Block[], flow: Flow, env: DocumentEnv): Content[] {
  const laid = layBlocks(items, flow, env, 0);
  if (env.contents.length > 0) {
    // Pages the document will take, roughly (unknown heights count as nothing): sizes the contents' page numbers.
    const height = laid.reduce((sum, placed) => sum + (placed.height ?? 0), 0);
    const breaks = items.filter((item) => item.type === 'pageBreak').length;
    const pages = (height / env.geometry.textHeight + breaks + 1) * 1.1 + 1;
    for (const contents of env.contents) contents.fitPageNumbers(pages);
  }
  return laid.map((placed) => placed.node);
}

/** One broken block becomes a visible note instead of failing the whole document. */
function renderSafely(item: Block, flow: Flow, env: DocumentEnv, depth: number, next?: Block): Placed | undefined {
  try {
    const handler = HANDLERS[item.type] as BlockHandler<Block['type']>;
    const placed = handler(item, { flow, env, depth, next, lay: layBlocks });
    env.lastBlockWasImage = item.type === 'image';
    return placed;
  } catch {
    return note('[This part could not be rendered.]', flow, env);
  }
}
