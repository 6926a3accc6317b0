/**
 * Text of a block in its look (theme, flow size, direction), notes, and what every container
 * needs: no space after its last block.
 */
import type { Align, Inline } from '../../../document/types';
import { type Placed, placedText } from '../placed';
import { inlineSegments, type RunStyle, type Segment } from '../runs';
import { tagNode } from '../tags';
import { textContent, type TextContent } from '../text';
import { paragraphLook, type ParagraphLook } from '../theme';
import type { DocumentEnv, Flow } from './context';

function runStyle(look: ParagraphLook, flow: Flow): RunStyle {
  return {
    family: look.family,
    fontSize: look.fontSize,
    color: look.color,
    bold: look.bold || flow.bold,
    italics: look.italics,
    underline: false,
    strike: false,
    sub: false,
    sup: false,
    code: false,
  };
}

export function segmentsOf(inlines: Inline[], look: ParagraphLook, flow: Flow, env: DocumentEnv): Segment[] {
  return inlineSegments(inlines, runStyle(look, flow), {
    linkColor: env.theme.linkColor,
    codeFamily: env.theme.codeFamily,
  });
}

/** A look at the flow's text size. */
export function scaled(look: ParagraphLook, flow: Flow): ParagraphLook {
  const scale = flow.fontScale ?? 1;
  return scale === 1
    ? look
    : {
        ...look,
        fontSize: look.fontSize * scale,
        spaceBefore: look.spaceBefore * scale,
        spaceAfter: look.spaceAfter * scale,
      };
}

export function lookText(
  inlines: Inline[],
  unscaledLook: ParagraphLook,
  flow: Flow,
  env: DocumentEnv,
  options: { width?: number; direction?: 'ltr' | 'rtl'; align?: Align; keepIndent?: boolean; language?: string } = {},
): TextContent {
  const look = scaled(unscaledLook, flow);
  const content = textContent(segmentsOf(inlines, look, flow, env), {
    width: options.width ?? flow.width,
    direction: options.direction ?? flow.direction,
    align: options.align,
    keepIndent: options.keepIndent,
    language: options.language ?? env.language,
    fontSize: look.fontSize,
    color: look.color,
    fontFiles: env.fontFiles,
  });
  content.node.margin = [0, look.spaceBefore, 0, look.spaceAfter];
  return content;
}

/** A note in the text ("[Image not shown: ...]"): a paragraph in the note style. */
export function note(text: string, flow: Flow, env: DocumentEnv): Placed {
  const placed = placedText(lookText([{ type: 'text', text }], paragraphLook('note', env.theme), flow, env));
  tagNode(placed.node, { role: 'P' });
  return placed;
}

/** The last block of a cell, item or quote needs no space after it. */
export function trimLastMargin(content: Placed[]): Placed[] {
  const last = content[content.length - 1];
  const node = last?.node;
  if (
    node &&
    typeof node === 'object' &&
    !Array.isArray(node) &&
    'margin' in node &&
    Array.isArray(node.margin) &&
    node.margin.length === 4
  ) {
    const [left, top, right, bottom] = node.margin;
    node.margin = [left, top, right, 0];
    if (last.height !== undefined) last.height -= bottom;
  }
  return content;
}
