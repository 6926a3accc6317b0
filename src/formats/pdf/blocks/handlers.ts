/** The handler of each kind of block (as mdast-util-to-markdown lists its node handlers). */
import type { Block } from '../../../document/types';
import { blockquote } from './blockquote';
import { code } from './code';
import type { BlockHandler } from './context';
import { heading } from './heading';
import { image } from './image';
import { list } from './list';
import { pageBreak } from './pageBreak';
import { paragraph } from './paragraph';
import { rule } from './rule';
import { table } from './table';
import { toc } from './toc';

export const HANDLERS: { [Type in Block['type']]: BlockHandler<Type> } = {
  heading,
  paragraph,
  list,
  table,
  blockquote,
  code,
  rule,
  image,
  pageBreak,
  toc,
};
