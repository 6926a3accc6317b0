/**
 * Plain text of document nodes, for places that cannot show formatting: RDA descriptions, PDF
 * metadata, bookmarks, table-of-contents entries.
 */
import type { Block, Inline } from './types';

/** Text of inline content; line breaks become "\n". */
export function inlinesToPlainText(inlines: Inline[]): string {
  let text = '';
  for (const inline of inlines) {
    if (inline.type === 'text') text += inline.text;
    else if (inline.type === 'break') text += '\n';
    else text += inlinesToPlainText(inline.children);
  }
  return text;
}

/**
 * Text of blocks, one line per paragraph, heading, list item paragraph and table row (cells
 * separated by a tab). Images, rules, page breaks and the table-of-contents marker have no text.
 */
export function blocksToPlainText(blocks: Block[]): string {
  const lines: string[] = [];
  collectLines(blocks, lines);
  return lines.join('\n');
}

/**
 * A line break and the whitespace around it. The lookbehind starts a match only where a run of
 * whitespace starts, so a long run without a line break is scanned once, not once per character.
 */
const LINE_BREAK_WITH_SPACE = /(?<!\s)\s*\n\s*/g;

function collectLines(blocks: Block[], lines: string[]): void {
  for (const block of blocks) {
    switch (block.type) {
      case 'heading':
      case 'paragraph':
        lines.push(inlinesToPlainText(block.content));
        break;
      case 'code':
        lines.push(block.text);
        break;
      case 'list':
        for (const item of block.items) collectLines(item, lines);
        break;
      case 'blockquote':
        collectLines(block.children, lines);
        break;
      case 'table':
        for (const row of block.rows) {
          lines.push(
            row.cells.map((cell) => blocksToPlainText(cell.blocks).replace(LINE_BREAK_WITH_SPACE, ' ')).join('\t'),
          );
        }
        break;
      case 'image':
      case 'rule':
      case 'pageBreak':
      case 'toc':
        break;
    }
  }
}
