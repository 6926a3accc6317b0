/**
 * Pass 2's state: where the walker is (the inherited marks, link, direction, alignment and
 * language of the elements around a node) and the DOM node types it reads.
 */
import { ElementType, parseDocument } from 'htmlparser2';
import type { Align, Inline, Marks, ParagraphStyle } from '../types';
import { CONTAINER_TAGS, HEADING_TAGS, TABLE_TAGS } from './allowList';

type DomParent = ReturnType<typeof parseDocument>;
export type DomNode = DomParent['children'][number];
export type DomElement = Extract<DomNode, { attribs: Record<string, string> }>;
type DomText = Extract<DomNode, { type: typeof ElementType.Text }>;
export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;
export type TextInline = Extract<Inline, { type: 'text' }>;
export type LinkInline = Extract<Inline, { type: 'link' }>;

/** One per <a> element: its identity tells two adjacent links to the same address apart. */
export interface LinkTarget {
  readonly href: string;
}

/**
 * What an element passes down to its content (as CSS inheritance does). Every context has every
 * field, derived with `{ ...ctx, changed }`, so all contexts share one object shape, and an
 * element that changes nothing passes its own context on (the walker runs for every answer of
 * every export).
 */
export interface Context {
  /** Bit set of MARK_BITS. */
  readonly marks: number;
  readonly link: LinkTarget | undefined;
  /** `auto` (HTML's dir="auto") lets each paragraph's own text decide, as no `dir` at all does. */
  readonly dir: 'ltr' | 'rtl' | 'auto' | undefined;
  readonly lang: string | undefined;
  readonly align: Align | undefined;
  /** Set inside <h1>–<h6>: paragraphs made here are headings. */
  readonly headingLevel: HeadingLevel | undefined;
  readonly excludeFromToc: boolean;
  readonly style: ParagraphStyle | undefined;
}

export const ROOT_CONTEXT: Context = {
  marks: 0,
  link: undefined,
  dir: undefined,
  lang: undefined,
  align: undefined,
  headingLevel: undefined,
  excludeFromToc: false,
  style: undefined,
};

const MARK_NAMES: (keyof Marks)[] = ['bold', 'italic', 'underline', 'strike', 'sub', 'sup', 'code'];
/** Bit of each mark in Context.marks, in MARK_NAMES order. */
const MARK_BITS = Object.fromEntries(MARK_NAMES.map((name, index) => [name, 1 << index])) as Record<
  keyof Marks,
  number
>;

export const MARK_BIT_OF_TAG = new Map<string, number>([
  ['b', MARK_BITS.bold],
  ['strong', MARK_BITS.bold],
  ['i', MARK_BITS.italic],
  ['em', MARK_BITS.italic],
  ['cite', MARK_BITS.italic],
  ['dfn', MARK_BITS.italic],
  ['var', MARK_BITS.italic],
  ['u', MARK_BITS.underline],
  ['ins', MARK_BITS.underline],
  ['s', MARK_BITS.strike],
  ['strike', MARK_BITS.strike],
  ['del', MARK_BITS.strike],
  ['sub', MARK_BITS.sub],
  ['sup', MARK_BITS.sup],
  ['code', MARK_BITS.code],
  ['kbd', MARK_BITS.code],
  ['samp', MARK_BITS.code],
  ['tt', MARK_BITS.code],
]);

/** The model's Marks for a bit set (a fresh object per text run: runs do not share mutable state). */
export function marksOf(bits: number): Marks | undefined {
  if (bits === 0) return undefined;
  const marks: Marks = {};
  for (const name of MARK_NAMES) if (bits & MARK_BITS[name]) marks[name] = true;
  return marks;
}

/** Elements that start a new line when flattened to text. */
export const BLOCK_BOUNDARY_TAGS = new Set([
  ...CONTAINER_TAGS,
  ...HEADING_TAGS,
  ...TABLE_TAGS,
  'ul',
  'ol',
  'menu',
  'li',
  'blockquote',
  'pre',
  'hr',
  'br',
]);

export function isElement(node: DomNode): node is DomElement {
  return node.type === ElementType.Tag;
}

export function isText(node: DomNode): node is DomText {
  return node.type === ElementType.Text;
}
