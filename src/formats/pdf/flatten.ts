/**
 * Containers nested too deeply (or left too narrow) to lay out are shown as their text instead:
 * lists, quotes and tables are unwrapped into the blocks they hold, in reading order.
 */
import type { Block } from '../../document/types';

/** The blocks inside lists, quotes and tables, in reading order; list items keep their marker as text. */
export function plainBlocks(items: Block[]): Block[] {
  const result: Block[] = [];
  for (const item of items) {
    switch (item.type) {
      case 'list': {
        const start = Number.isFinite(item.start) ? Math.floor(item.start as number) : 1;
        item.items.forEach((itemBlocks, index) => {
          const marker = item.ordered ? `${start + index}. ` : '\u2022 ';
          const inner = plainBlocks(itemBlocks);
          const first = inner[0];
          if (first?.type === 'paragraph' || first?.type === 'heading')
            inner[0] = { ...first, content: [{ type: 'text', text: marker }, ...first.content] };
          else inner.unshift({ type: 'paragraph', content: [{ type: 'text', text: marker.trim() }] });
          result.push(...inner);
        });
        break;
      }
      case 'blockquote':
        result.push(...plainBlocks(item.children));
        break;
      case 'table':
        for (const row of item.rows) for (const cell of row.cells) result.push(...plainBlocks(cell.blocks));
        break;
      default:
        result.push(item);
    }
  }
  return result;
}
