/** Reading the attributes and text the walker needs: alignment, direction, spans, list starts, widths, preformatted text. */
import type { Align, ParagraphStyle } from '../types';
import { DROPPED_TAG_NAMES, PARAGRAPH_STYLE_CLASSES } from './allowList';
import { BLOCK_BOUNDARY_TAGS, Context, DomElement, DomNode, isElement, isText } from './context';
import { POINTS_PER_PIXEL } from './limits';

export const SUPPORTED_IMAGE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/jpg',
  'image/pjpeg',
  'image/gif',
  'image/bmp',
  'image/x-ms-bmp',
]);

export function parseAlign(value: string | undefined | null): Align | undefined {
  const lower = value?.trim().toLowerCase();
  return lower === 'left' || lower === 'center' || lower === 'right' || lower === 'justify' ? lower : undefined;
}

export function parseDir(value: string | undefined): 'ltr' | 'rtl' | 'auto' | undefined {
  const lower = value?.trim().toLowerCase();
  return lower === 'rtl' || lower === 'ltr' || lower === 'auto' ? lower : undefined;
}

/** The block's `dir` as the model keeps it: only an explicit direction (`auto` is the model's default). */
export function explicitDir(ctx: Context): { dir?: 'ltr' | 'rtl' } {
  return ctx.dir === 'ltr' || ctx.dir === 'rtl' ? { dir: ctx.dir } : {};
}

export function paragraphStyleOf(classAttribute: string | undefined): ParagraphStyle | undefined {
  if (classAttribute === undefined) return undefined;
  return PARAGRAPH_STYLE_CLASSES.find((style) => classAttribute.split(/\s+/).includes(style));
}

export function parseListStart(value: string | undefined): number | undefined {
  if (value === undefined || !/^\s*-?\d+\s*$/.test(value)) return undefined;
  const start = Math.min(Math.max(Number(value), 0), 999_999);
  return start === 1 ? undefined : start;
}

/** rowspan="0" spans to the last row of the table. */
export const TO_LAST_ROW = 0;

/** A colspan or rowspan: 1 when absent or invalid, `zeroMeans` for "0", else the number (capped later). */
export function parseSpan(value: string | undefined, zeroMeans: number): number {
  if (value === undefined || !/^\s*\d+\s*$/.test(value)) return 1;
  const span = Number(value);
  return span === 0 ? zeroMeans : span;
}

export function parseDisplayWidth(value: string | undefined): number | undefined {
  // Trimmed first: two `\s*` around an optional "px" backtrack quadratically on long space runs.
  const match = value === undefined ? null : /^(\d+(?:\.\d+)?)\s*(?:px)?$/i.exec(value.trim());
  const pixels = match ? Number(match[1]) : 0;
  return pixels > 0 ? pixels * POINTS_PER_PIXEL : undefined;
}

/** Text of a <pre>, whitespace kept; <br> counts as a newline. Iterative: the subtree may be deep. */
export function preformattedText(pre: DomElement): string {
  let text = '';
  const pending: DomNode[] = [...pre.children].reverse();
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (isText(node)) text += node.data;
    else if (isElement(node)) {
      if (node.name === 'br') text += '\n';
      else for (let index = node.children.length - 1; index >= 0; index--) pending.push(node.children[index]);
    }
  }
  // Browsers drop the newline right after <pre>; trailing newlines only add empty lines.
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/^\n/, '')
    .replace(/(?<!\n)\n+$/, '');
}

/**
 * Text of a subtree too deep to walk, with a space wherever a block element starts or ends; what
 * vanishes with its content (scripts, styles, templates…) stays out. Iterative.
 */
export function flattenedText(element: DomElement): string {
  let text = '';
  const pending: (DomNode | typeof BOUNDARY)[] = [element];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (node === BOUNDARY) text += ' ';
    else if (isText(node)) text += node.data;
    else if (isElement(node) && !DROPPED_TAG_NAMES.has(node.name)) {
      const boundary = BLOCK_BOUNDARY_TAGS.has(node.name);
      if (boundary) {
        text += ' ';
        pending.push(BOUNDARY);
      }
      for (let index = node.children.length - 1; index >= 0; index--) pending.push(node.children[index]);
    }
  }
  return text;
}
const BOUNDARY = Symbol('block boundary');
