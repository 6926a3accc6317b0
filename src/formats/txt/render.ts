/**
 * Document model -> plain text, as the answer pack prints it: the title over a double rule, each
 * heading over a single one, a question's label in brackets, its answer, and its counts (a
 * caption) in parentheses, a blank line before each question.
 */
import { blocksToPlainText, inlinesToPlainText } from '../../document/text';
import type { Block, DocumentModel } from '../../document/types';
import type { ExportResult, RenderedDocument } from '../types';

const RULE = '='.repeat(72);
const THIN_RULE = '-'.repeat(72);

function lines(block: Block): string[] {
  switch (block.type) {
    case 'heading':
      return ['', inlinesToPlainText(block.content), THIN_RULE, ''];
    case 'paragraph': {
      const text = inlinesToPlainText(block.content);
      if (block.style === 'title') return [text, RULE, ''];
      if (block.style === 'label') return ['', `[${text}]`];
      if (block.style === 'caption') return [`(${text})`];
      return [text];
    }
    default:
      return [blocksToPlainText([block])];
  }
}

export function documentToText(document: DocumentModel): string {
  return `${document.blocks
    .flatMap(lines)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}

export async function write(rendered: RenderedDocument): Promise<ExportResult> {
  return { bytes: new TextEncoder().encode(documentToText(rendered.document)), warnings: [...rendered.warnings] };
}
