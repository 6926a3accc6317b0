/**
 * Measuring the lines lines.ts has already broken. For every run of text, pdfmake looks up ~20
 * style properties one by one, each look-up copying the run's own style onto the style stack
 * first and walking the stack, then splits the run into words (none: our runs are `noWrap`) and
 * measures it with a layout that allocates an array per character.
 *
 * A text node whose runs are all explicit objects drawn unwrapped (`noWrap`, no named style, no
 * page reference; text.ts builds every laid-out line so) is measured here with the same result:
 * a property a run does not set is looked up once per node on the same stack (a run without a
 * named style adds nothing else to it), widths are pdfkit's own, summed over the same cached
 * word layouts in the same order. Any other node is pdfmake's.
 *
 * Installed once per thread on pdfmake's DocMeasure.
 */
import path from 'node:path';

/** pdfkit's embedded font, as far as measuring uses it. */
interface EmbeddedFont {
  lineHeight(size: number, includeGap?: boolean): number;
  layoutCached(text: string): { advanceWidth: number };
  widthOfString(text: string, size: number, features?: unknown): number;
}

interface StyleStack {
  clone(): StyleStack;
  push(item: object): void;
  getProperty(property: string): unknown;
}

interface DocMeasure {
  styleStack: StyleStack;
  pdfDocument: { provideFont(family: unknown, bold: unknown, italics: unknown): EmbeddedFont };
  measureLeaf(node: TextNode): TextNode;
}

type Run = Record<string, unknown> & { text: string };

interface TextNode {
  text?: unknown;
  _textRef?: unknown;
  _inlines?: Record<string, unknown>[];
  _minWidth?: number;
  _maxWidth?: number;
}

/** Runs pdfmake would keep whole and style from the stack alone. */
function measurableRuns(node: TextNode): Run[] | undefined {
  if (node._textRef || !Array.isArray(node.text) || node.text.length === 0) return undefined;
  for (const run of node.text as unknown[]) {
    if (typeof run !== 'object' || run === null || Array.isArray(run)) return undefined;
    const { text, noWrap, style, _textRef, _pageRef, _tocItemRef } = run as Record<string, unknown>;
    if (typeof text !== 'string' || text.includes('\n') || noWrap !== true) return undefined;
    if (style !== undefined || _textRef !== undefined || _pageRef !== undefined || _tocItemRef !== undefined) return undefined;
  }
  return node.text as Run[];
}

/**
 * pdfkit's `widthOfString` without font features: the advance widths of its cached layouts of
 * each word with the space or tab after it, summed in order, scaled the same way.
 */
function widthOfString(font: EmbeddedFont, text: string, size: number): number {
  let width = 0;
  let start = 0;
  for (let index = 0; index < text.length; ) {
    const char = text.charCodeAt(index++);
    if (char !== 0x20 && char !== 0x09 && index < text.length) continue;
    width += font.layoutCached(text.slice(start, index)).advanceWidth;
    start = index;
  }
  return width * (size / 1000);
}

const LEADING = /^(\s)+/g;
const TRAILING = /(\s)+$/g;

/** What pdfmake's TextInlines.buildInlines gives for these runs on this stack. */
function measureRuns(measure: DocMeasure, node: TextNode, runs: Run[]): void {
  const stack = measure.styleStack.clone();
  stack.push(node);
  // What the stack gives for each property, looked up when a run first lacks it.
  const inherited: Record<string, unknown> = Object.create(null);
  const style = (run: Run, property: string, fallback: unknown): unknown => {
    const own = run[property];
    if (own !== undefined && own !== null) return own;
    let value = inherited[property];
    if (value === undefined) value = inherited[property] = stack.getProperty(property) ?? null;
    return value === null ? fallback : value;
  };
  const textWidth = (text: string, item: Record<string, unknown>): number => {
    const font = item.font as EmbeddedFont;
    const size = item.fontSize as number;
    const width = item.fontFeatures ? font.widthOfString(text, size, item.fontFeatures) : widthOfString(font, text, size);
    return width + ((item.characterSpacing as number) || 0) * (text.length - 1);
  };
  const items = runs.map((run) => {
    // TextBreaker's copy of the run's own style (its text kept whole: noWrap).
    const item: Record<string, unknown> = { text: run.text };
    for (const key in run) if (key !== 'text' && Object.hasOwn(run, key)) item[key] = run[key];
    return item;
  });
  const leadingIndent = style(runs[0], 'leadingIndent', 0) as number;
  if (leadingIndent) {
    items[0].leadingCut = -leadingIndent;
    items[0].leadingIndent = leadingIndent;
  }
  items.forEach((item, index) => {
    const run = runs[index];
    item.font = measure.pdfDocument.provideFont(style(run, 'font', 'Roboto'), style(run, 'bold', false), style(run, 'italics', false));
    item.alignment = style(run, 'alignment', 'left');
    item.fontSize = style(run, 'fontSize', 12);
    item.fontFeatures = style(run, 'fontFeatures', null);
    item.characterSpacing = style(run, 'characterSpacing', 0);
    item.color = style(run, 'color', 'black');
    item.decoration = style(run, 'decoration', null);
    item.decorationColor = style(run, 'decorationColor', null);
    item.decorationStyle = style(run, 'decorationStyle', null);
    item.decorationThickness = style(run, 'decorationThickness', null);
    item.background = style(run, 'background', null);
    item.link = style(run, 'link', null);
    item.linkToPage = style(run, 'linkToPage', null);
    item.linkToDestination = style(run, 'linkToDestination', null);
    item.noWrap = style(run, 'noWrap', null);
    item.opacity = style(run, 'opacity', 1);
    item.sup = style(run, 'sup', false);
    item.sub = style(run, 'sub', false);
    // pdfmake's size for sub- and superscripts.
    if (item.sup || item.sub) item.fontSize = (item.fontSize as number) * 0.58;
    const lineHeight = style(run, 'lineHeight', 1) as number;
    item.width = textWidth(item.text as string, item);
    item.height = (item.font as EmbeddedFont).lineHeight(item.fontSize as number) * lineHeight;
    if (!item.leadingCut) item.leadingCut = 0;
    if (!style(run, 'preserveLeadingSpaces', false)) {
      const spaces = (item.text as string).match(LEADING);
      if (spaces) item.leadingCut = (item.leadingCut as number) + textWidth(spaces[0], item);
    }
    item.trailingCut = 0;
    if (!style(run, 'preserveTrailingSpaces', false)) {
      const spaces = (item.text as string).match(TRAILING);
      if (spaces) item.trailingCut = textWidth(spaces[0], item);
    }
  });
  // buildInlines' widths: the widest run, and the whole line (no run ends a line: none holds "\n").
  const trimmed = (width: number, leadingCut: number, trailingCut: number): number => Math.max(0, width - leadingCut - trailingCut);
  let minWidth = 0;
  let maxWidth = 0;
  let lineWidth = 0;
  for (const item of items) {
    minWidth = Math.max(minWidth, trimmed(item.width as number, item.leadingCut as number, item.trailingCut as number));
    lineWidth += item.width as number;
    maxWidth = Math.max(maxWidth, trimmed(lineWidth, items[0].leadingCut as number, item.trailingCut as number));
  }
  if (style({ text: '' }, 'noWrap', false)) minWidth = maxWidth;
  node._inlines = items;
  node._minWidth = minWidth;
  node._maxWidth = maxWidth;
}

let installed = false;

export function installLineMeasuring(): void {
  if (installed) return;
  installed = true;
  const file = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'js', 'DocMeasure');
  const prototype = (require(file) as { default: { prototype: DocMeasure } }).default.prototype;
  const original = prototype.measureLeaf;
  if (typeof original !== 'function') throw new Error('pdfmake has no DocMeasure.measureLeaf: the line measuring needs updating');
  prototype.measureLeaf = function measureLeaf(this: DocMeasure, node: TextNode) {
    const runs = measurableRuns(node);
    if (!runs) return original.call(this, node);
    measureRuns(this, node, runs);
    return node;
  };
}
