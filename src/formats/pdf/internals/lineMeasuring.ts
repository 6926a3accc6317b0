/**
 * Measuring the lines lines.ts has already broken. For every run of text, pdfmake looks up ~20
 * style properties one by one, each look-up copying the run's own style onto the style stack
 * first and walking the stack, then splits the run into words (none: our runs are `noWrap`) and
 * measures it with a layout that allocates an array per character.
 *
 * A text node whose runs are all explicit objects drawn unwrapped (`noWrap`, with only the
 * properties text.ts sets; it builds every laid-out line so) is measured here with the same
 * result, for a fraction of the work: what the stack gives is worked out once per stack item (the
 * lines of a paragraph share it), each run becomes one object of one shape, and widths are
 * pdfkit's own, summed over the same cached word layouts in the same order. Any other node is
 * pdfmake's. One mark is left out: pdfmake's `noNewLine` on a run whose last word runs into the
 * next run's first, which only matters when a line does not fit; text.ts broke these to fit.
 */
import type { PrototypeHook } from './hook';
import { PDFMAKE_0_3_11, pdfmakeClass } from './libraries';
import { eachPdfkitWord, KEPT_TEXT_LENGTH, keptPerFont } from './pdfkitWords';

/** pdfkit's embedded font, as far as measuring uses it. */
interface EmbeddedFont {
  lineHeight(size: number, includeGap?: boolean): number;
  layoutCached(text: string): { advanceWidth: number };
  widthOfString(text: string, size: number, features?: unknown): number;
}

interface StyleStack {
  styleOverrides: unknown[];
  defaultStyle?: object;
}

interface DocMeasure {
  styleStack: StyleStack;
  pdfDocument: { provideFont(family: unknown, bold: unknown, italics: unknown): EmbeddedFont };
  measureLeaf(node: TextNode): TextNode;
}

type Run = Record<string, unknown> & { text: string };

/** A measured run, as pdfmake's layout and drawing read it. */
interface Inline extends Record<string, unknown> {
  text: string;
  font: EmbeddedFont;
  fontSize: number;
  width: number;
  height: number;
  leadingCut: number;
  trailingCut: number;
}

interface TextNode {
  text?: unknown;
  _textRef?: unknown;
  _inlines?: Inline[];
  _minWidth?: number;
  _maxWidth?: number;
}

/** The style properties pdfmake's measuring looks up for every run (TextInlines.measure). */
const PROPERTIES = [
  'font',
  'bold',
  'italics',
  'alignment',
  'fontSize',
  'fontFeatures',
  'characterSpacing',
  'color',
  'decoration',
  'decorationColor',
  'decorationStyle',
  'decorationThickness',
  'background',
  'link',
  'linkToPage',
  'linkToDestination',
  'noWrap',
  'opacity',
  'sup',
  'sub',
  'lineHeight',
  'preserveLeadingSpaces',
  'preserveTrailingSpaces',
  'leadingIndent',
] as const;

/** A value per property; null where nothing sets it. */
type Styles = Record<(typeof PROPERTIES)[number], unknown>;

const isValue = (value: unknown): boolean => value !== undefined && value !== null;

const PROPERTY_NAMES = new Set<string>(PROPERTIES);

/** The styles with an item's own values over them (the same object when it sets none). */
function withOwn(styles: Styles, item: Record<string, unknown>): Styles {
  let result = styles;
  for (const key in item) {
    if (!PROPERTY_NAMES.has(key) || !isValue(item[key])) continue;
    if (result === styles) result = { ...styles };
    result[key as keyof Styles] = item[key];
  }
  return result;
}

/** What the stack gives up to one of its items, and the entry for the items under it. */
interface StackEntry {
  below: StackEntry | undefined;
  styles: Styles;
}

/** Per measuring pass: the document's default style. */
const defaultEntries = new WeakMap<DocMeasure, StackEntry>();
/**
 * Per stack item (a node of the definition): what the stack gives up to it. A node has one place
 * in the tree, so the items under it are the same each time; the entry is reused only while they
 * are (the same entry under it).
 */
const itemEntries = new WeakMap<object, StackEntry>();

function defaultEntry(measure: DocMeasure): StackEntry {
  let entry = defaultEntries.get(measure);
  if (!entry) {
    const defaults = (measure.styleStack.defaultStyle ?? {}) as Record<string, unknown>;
    const styles = {} as Styles;
    for (const property of PROPERTIES) styles[property] = defaults[property] ?? null;
    entry = { below: undefined, styles };
    defaultEntries.set(measure, entry);
  }
  return entry;
}

/**
 * StyleContextStack.getProperty for every property at once, below the node's own style (see
 * NodeStyle). Undefined when the stack holds a named style (pdfmake resolves those).
 */
function stackStyles(measure: DocMeasure, node: TextNode): Styles | undefined {
  const items = measure.styleStack.styleOverrides;
  // measureNode has pushed the node itself; it is applied last, without an entry of its own.
  const depth = items[items.length - 1] === node ? items.length - 1 : items.length;
  let entry = defaultEntry(measure);
  for (let index = 0; index < depth; index++) {
    const item = items[index];
    if (typeof item !== 'object' || item === null) return undefined;
    let next = itemEntries.get(item);
    if (next?.below !== entry) {
      next = { below: entry, styles: withOwn(entry.styles, item as Record<string, unknown>) };
      itemEntries.set(item, next);
    }
    entry = next;
  }
  return entry.styles;
}

/**
 * What a node's runs inherit: the node's own value over the stack's. Read one property at a
 * time: a node's lines each have their own node, and copying the stack's two dozen properties
 * for each of ~10,000 lines was a tenth of the measuring.
 */
class NodeStyle {
  constructor(
    private readonly node: Record<string, unknown>,
    private readonly stack: Styles,
  ) {}

  get(name: keyof Styles): unknown {
    const own = this.node[name];
    return isValue(own) ? own : this.stack[name];
  }
}

/** The run properties text.ts sets: anything else leaves the node to pdfmake. */
const RUN_KEYS = new Set([
  'text',
  'font',
  'bold',
  'italics',
  'noWrap',
  'fontSize',
  'color',
  'decoration',
  'sup',
  'sub',
  'link',
  'background',
]);

/** Runs pdfmake would keep whole and style from the stack alone. */
function measurableRuns(node: TextNode): Run[] | undefined {
  if (node._textRef || !Array.isArray(node.text) || node.text.length === 0) return undefined;
  for (const run of node.text as unknown[]) {
    if (typeof run !== 'object' || run === null || Array.isArray(run)) return undefined;
    for (const key in run) if (!RUN_KEYS.has(key)) return undefined;
    const { text, noWrap } = run as Record<string, unknown>;
    if (typeof text !== 'string' || text.includes('\n') || noWrap !== true) return undefined;
  }
  return node.text as Run[];
}

/**
 * pdfkit's `widthOfString` without font features: the advance widths of its cached layouts of
 * each word with the space or tab after it, summed in order, scaled the same way.
 */
function widthOfString(font: EmbeddedFont, text: string, size: number): number {
  return advanceOf(font, text) * (size / 1000);
}

/** Per font of a document: a short text -> its advance (the words' advances, summed in order). */
const advanceOf = keptPerFont((font: EmbeddedFont, text: string): number => {
  let advance = 0;
  eachPdfkitWord(text, (word) => {
    advance += font.layoutCached(word).advanceWidth;
  });
  return advance;
}, KEPT_TEXT_LENGTH);

/** TextInlines.widthOfText. */
function textWidth(text: string, item: Inline): number {
  const width = item.fontFeatures
    ? item.font.widthOfString(text, item.fontSize, item.fontFeatures)
    : widthOfString(item.font, text, item.fontSize);
  return width + ((item.characterSpacing as number) || 0) * (text.length - 1);
}

const LEADING = /^(\s)+/g;
const TRAILING = /(\s)+$/g;

/** A run's own value, else the node's, else pdfmake's default. */
const pick = (own: unknown, inherited: unknown, fallback: unknown): unknown =>
  isValue(own) ? own : isValue(inherited) ? inherited : fallback;

/** One inline as TextInlines.measure leaves it (every run has the same shape). */
function inline(measure: DocMeasure, run: Run, styles: NodeStyle): Inline {
  const sup = pick(run.sup, styles.get('sup'), false);
  const sub = pick(run.sub, styles.get('sub'), false);
  const fontSize = pick(run.fontSize, styles.get('fontSize'), 12) as number;
  const item: Inline = {
    text: run.text,
    bold: run.bold,
    italics: run.italics,
    font: measure.pdfDocument.provideFont(
      pick(run.font, styles.get('font'), 'Roboto'),
      pick(run.bold, styles.get('bold'), false),
      pick(run.italics, styles.get('italics'), false),
    ),
    alignment: pick(undefined, styles.get('alignment'), 'left'),
    // pdfmake's size for sub- and superscripts.
    fontSize: sup || sub ? fontSize * 0.58 : fontSize,
    fontFeatures: pick(undefined, styles.get('fontFeatures'), null),
    characterSpacing: pick(undefined, styles.get('characterSpacing'), 0),
    color: pick(run.color, styles.get('color'), 'black'),
    decoration: pick(run.decoration, styles.get('decoration'), null),
    decorationColor: pick(undefined, styles.get('decorationColor'), null),
    decorationStyle: pick(undefined, styles.get('decorationStyle'), null),
    decorationThickness: pick(undefined, styles.get('decorationThickness'), null),
    background: pick(run.background, styles.get('background'), null),
    link: pick(run.link, styles.get('link'), null),
    linkToPage: pick(undefined, styles.get('linkToPage'), null),
    linkToDestination: pick(undefined, styles.get('linkToDestination'), null),
    noWrap: pick(run.noWrap, styles.get('noWrap'), null),
    opacity: pick(undefined, styles.get('opacity'), 1),
    sup,
    sub,
    width: 0,
    height: 0,
    leadingCut: 0,
    trailingCut: 0,
  };
  item.width = textWidth(item.text, item);
  item.height = item.font.lineHeight(item.fontSize) * (pick(undefined, styles.get('lineHeight'), 1) as number);
  return item;
}

/** What pdfmake's TextInlines.buildInlines gives for these runs on this stack. */
function measureRuns(measure: DocMeasure, node: TextNode, runs: Run[], styles: NodeStyle): void {
  const items = runs.map((run) => inline(measure, run, styles));
  const leadingIndent = pick(undefined, styles.get('leadingIndent'), 0) as number;
  if (leadingIndent) {
    items[0].leadingCut = -leadingIndent;
    items[0].leadingIndent = leadingIndent;
  }
  const preserveLeading = pick(undefined, styles.get('preserveLeadingSpaces'), false);
  const preserveTrailing = pick(undefined, styles.get('preserveTrailingSpaces'), false);
  for (const item of items) {
    if (!preserveLeading) {
      const spaces = item.text.match(LEADING);
      if (spaces) item.leadingCut += textWidth(spaces[0], item);
    }
    if (!preserveTrailing) {
      const spaces = item.text.match(TRAILING);
      if (spaces) item.trailingCut = textWidth(spaces[0], item);
    }
  }
  // buildInlines' widths: the widest run, and the whole line (no run ends a line: none holds "\n").
  const trimmed = (width: number, leadingCut: number, trailingCut: number): number =>
    Math.max(0, width - leadingCut - trailingCut);
  let minWidth = 0;
  let maxWidth = 0;
  let lineWidth = 0;
  for (const item of items) {
    minWidth = Math.max(minWidth, trimmed(item.width, item.leadingCut, item.trailingCut));
    lineWidth += item.width;
    maxWidth = Math.max(maxWidth, trimmed(lineWidth, items[0].leadingCut, item.trailingCut));
  }
  if (styles.get('noWrap')) minWidth = maxWidth;
  node._inlines = items;
  node._minWidth = minWidth;
  node._maxWidth = maxWidth;
}

export const lineMeasuring: PrototypeHook = {
  name: 'line measuring',
  writtenFor: PDFMAKE_0_3_11,
  target: { owner: 'DocMeasure', method: 'measureLeaf', parameters: ['node'] },
  reads: {
    'this.styleStack.styleOverrides': 'array',
    'this.styleStack.defaultStyle': 'object',
    'this.pdfDocument.provideFont': 'function',
  },
  prototype: () => pdfmakeClass('DocMeasure').prototype,
  wrap: (original) =>
    function measureLeaf(this: DocMeasure, node: TextNode) {
      const runs = measurableRuns(node);
      const stack = runs && stackStyles(this, node);
      if (!runs || !stack) return original.call(this, node);
      measureRuns(this, node, runs, new NodeStyle(node as Record<string, unknown>, stack));
      return node;
    },
};
