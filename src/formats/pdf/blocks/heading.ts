/** A heading: its look, its structure role, and its anchor and outline entry when the contents list it. */
import { inlineText } from '../runs';
import { placedText } from '../placed';
import { tagNode } from '../tags';
import { answerHeadingLook, headingLook } from '../theme';
import type { BlockHandler } from './context';
import { lookText } from './lookText';

export const heading: BlockHandler<'heading'> = (block, { flow, env }) => {
  const look = block.answer ? answerHeadingLook(block.level, env.theme) : headingLook(block.level, env.theme);
  const content = lookText(block.content, look, flow, env, {
    direction: block.direction ?? flow.direction,
    language: block.lang,
  });
  tagNode(content.node, { role: 'H', level: block.level, lang: block.lang });
  env.lastLabel = inlineText(block.content).trim() || env.lastLabel;
  const { anchor } = content;
  const listed = env.headings.get(block);
  if (listed && !env.placedAnchors.has(listed.id)) {
    env.placedAnchors.add(listed.id);
    anchor.id = listed.id;
    anchor.outline = true;
    anchor.outlineText = listed.title;
    anchor.outlineExpanded = listed.level === 1;
    if (listed.parentId) anchor.outlineParentId = listed.parentId;
  }
  return placedText(content);
};
