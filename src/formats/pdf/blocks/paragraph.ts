/**
 * A paragraph in its style (body, label, caption, note, title...). A caption-style paragraph may
 * be a Table's or a Figure's caption in the structure tree.
 */
import type { Block } from '../../../document/types';
import { placedText } from '../placed';
import { inlineText } from '../runs';
import { type PdfTag, tagNode } from '../tags';
import { paragraphLook } from '../theme';
import type { BlockHandler, DocumentEnv } from './context';
import { lookText } from './lookText';

let captions = 0;

/**
 * A caption-style paragraph right before a table is the first child (Caption) of that table's
 * element; right after an image, a Caption next to the Figure (inside it, its text would hide
 * behind the Figure's /Alt). Other caption-style paragraphs (guidance, metadata) are plain P.
 */
function captionTag(
  item: Extract<Block, { type: 'paragraph' }>,
  next: Block | undefined,
  env: DocumentEnv,
): PdfTag | undefined {
  const afterImage = env.lastBlockWasImage;
  if (item.style !== 'caption') return undefined;
  if (next?.type === 'table') {
    env.captionedTable = `captioned-${++captions}`;
    return { role: 'Caption', lang: item.lang, path: [{ role: 'Table', key: env.captionedTable }] };
  }
  return afterImage ? { role: 'Caption', lang: item.lang } : undefined;
}

export const paragraph: BlockHandler<'paragraph'> = (item, { flow, env, next }) => {
  const look = paragraphLook(item.style, env.theme);
  if (flow.inList) look.spaceAfter = Math.min(look.spaceAfter, env.theme.fontSize * 0.25);
  if (item.style === 'label') env.lastLabel = inlineText(item.content).trim() || env.lastLabel;
  const placed = placedText(
    lookText(item.content, look, flow, env, {
      direction: item.direction ?? flow.direction,
      align: item.align,
      language: item.lang,
    }),
  );
  tagNode(placed.node, captionTag(item, next, env) ?? { role: 'P', lang: item.lang });
  return placed;
};
