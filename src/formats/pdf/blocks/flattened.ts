/** Blocks nested too deeply or too narrowly to lay out, shown as plain text (never dropped). */
import type { Block } from '../../../document/types';
import { plainBlocks } from '../flatten';
import { type Placed, stacked } from '../placed';
import { type DocumentEnv, type Flow, type LayBlocks, MAX_DEPTH } from './context';
import { note } from './lookText';

/** Blocks nested too deeply or too narrowly to lay out: a note, then their text block by block. */
export function flattened(items: Block[], flow: Flow, env: DocumentEnv, lay: LayBlocks): Placed {
  const notice = note('[Nested too deeply to lay out: shown as plain text.]', flow, env);
  // plainBlocks leaves no lists, quotes or tables, so nothing below nests again.
  return stacked([notice, ...lay(plainBlocks(items), { ...flow, inList: false }, env, MAX_DEPTH)]);
}
