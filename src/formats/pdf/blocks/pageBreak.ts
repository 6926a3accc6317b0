/** A page break: nothing to read, so an artifact of the structure tree. */
import { tagNode } from '../tags';
import type { BlockHandler } from './context';

export const pageBreak: BlockHandler<'pageBreak'> = () => ({
  node: tagNode({ text: '', pageBreak: 'after' }, { role: 'Artifact' }),
  height: undefined,
});
