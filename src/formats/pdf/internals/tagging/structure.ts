/**
 * Tagging, layout half: hooks on pdfmake's layout engine (LayoutBuilder.processNode and the
 * ElementWriter methods that put lines, images and vectors on pages). The writer says what each
 * node is (`pdfTag`, ../../tags.ts); nothing else in the writer knows about PDF structure. While a tagged node is
 * laid out, its element is open; every line or image placed meanwhile gets a slot in that element,
 * in layout order, which is the logical order of the document model. Slots are filled with marked
 * content when the page is drawn (marking.ts). Layout is synchronous, so one module-level state
 * is safe; it is reset on every layout pass.
 */
import type { PdfTag } from '../../tags';
import { argument, type Method, type PrototypeHook } from '../hook';
import { PDFMAKE_0_3_11, pdfmakeClass } from '../libraries';
import { DOCUMENT, StructureTree } from './tree';

/**
 * What a drawn item is: a slot of the tree (>= 0), a running header or footer or a repeated
 * table header (PAGINATION), or, without one, a layout artifact.
 */
export type DrawTarget = number;

/** Running headers and footers, repeated table headers. */
export const PAGINATION: DrawTarget = -2;

const BULLET_LABEL: PdfTag = { role: 'Lbl', actualText: '\u2022' };
const LABEL: PdfTag = { role: 'Lbl' };

interface ListMarker {
  /** The Lbl its text line or vector goes to. */
  readonly lbl: number;
  readonly inline?: unknown;
  readonly vector?: unknown;
}

/** Every frame has the same three fields (one object shape where every line placed reads them). */
interface Frame {
  /** The element open (none inside an artifact). */
  readonly element: number;
  readonly artifact: boolean;
  /** The marker of the innermost list item open here, if any: its text line or vector goes to its Lbl. */
  readonly marker: ListMarker | undefined;
}

interface LayoutState {
  pdfDocument: object;
  tree?: StructureTree;
  stack: Frame[];
  /** Inside PageElementWriter.moveToNextPage: fragments added are repeated table headers. */
  repeating: boolean;
}

/** Drawn items carry their target under this key (lines are cloned with all own properties). */
export const TARGET = '_pdfTarget';

const trees = new WeakMap<object, StructureTree>();
let active: LayoutState | undefined;

/** The structure tree built while laying out this pdfkit document, if it was tagged. */
export const structureTreeOf = (pdfDocument: object): StructureTree | undefined => trees.get(pdfDocument);

/** Inside a running header or footer (or anything else drawn as an artifact). */
const ARTIFACT_FRAME: Frame = { element: DOCUMENT, artifact: true, marker: undefined };

function currentFrame(state: LayoutState): Frame | undefined {
  return state.stack[state.stack.length - 1];
}

/** Opens the elements of a tagged node (its path first), pushing one frame. */
function open(
  state: LayoutState,
  tag: PdfTag,
  node: { listMarker?: { canvas?: unknown[]; _inlines?: unknown[] } },
): void {
  const { role } = tag;
  if (role === 'Document' && tag.document) {
    state.tree = new StructureTree(tag.document, tag);
    state.stack.push({ element: DOCUMENT, artifact: false, marker: undefined });
    return;
  }
  const top = currentFrame(state);
  const { tree } = state;
  if (!tree || !top || top.artifact || role === 'Artifact') {
    state.stack.push(ARTIFACT_FRAME);
    return;
  }
  let parent = top.element;
  const { path } = tag;
  if (path) for (const step of path) parent = tree.element(parent, step);
  let { marker } = top;
  // Read only for a list item's body: pdfmake's nodes are objects of many shapes.
  const listMarker = role === 'LBody' ? node.listMarker : undefined;
  if (listMarker && tree.roles[parent] === 'LI') {
    // A bullet is drawn as a shape: its Lbl says which character it stands for.
    const lbl = tree.element(parent, listMarker.canvas ? BULLET_LABEL : LABEL);
    marker = { lbl, inline: listMarker._inlines?.[0], vector: listMarker.canvas?.[0] };
  }
  state.stack.push({ element: tree.element(parent, tag), artifact: false, marker });
}

/** The target of an item placed now: the innermost open element, a list marker's Lbl, or an artifact. */
function targetFor(
  state: LayoutState,
  tree: StructureTree,
  item: { inlines?: unknown[] } | undefined,
  isVector: boolean,
): DrawTarget | undefined {
  const top = currentFrame(state);
  if (!top) return undefined;
  if (top.artifact) return PAGINATION;
  const { marker } = top;
  if (marker && (isVector ? item === marker.vector : item?.inlines?.[0] === marker.inline))
    return tree.slotIn(marker.lbl);
  // Other vectors (table rules, cell shading, quote bars, rules) are decoration.
  return isVector ? undefined : tree.slotIn(top.element);
}

const LAYOUT_DOCUMENT = [
  'docStructure',
  'pdfDocument',
  'styleDictionary',
  'defaultStyle',
  'background',
  'header',
  'footer',
  'watermark',
  'pageBreakBeforeFct',
] as const;
const laidOutDocument = argument(LAYOUT_DOCUMENT, 'pdfDocument');

const layoutBuilder = (): object => pdfmakeClass('LayoutBuilder').prototype;
const elementWriter = (): object => pdfmakeClass('ElementWriter').prototype;

const layoutPass: PrototypeHook = {
  name: 'tagging: layout pass',
  writtenFor: PDFMAKE_0_3_11,
  target: { owner: 'LayoutBuilder', method: 'layoutDocument', parameters: LAYOUT_DOCUMENT },
  reads: {},
  prototype: layoutBuilder,
  wrap: (original) =>
    function layoutDocument(this: unknown, ...args: unknown[]) {
      const pdfDocument = laidOutDocument.get(args) as object;
      const outer = active;
      active = { pdfDocument, stack: [], repeating: false };
      try {
        const pages = Reflect.apply(original, this, args);
        if (active.tree) trees.set(pdfDocument, active.tree);
        return pages;
      } finally {
        active = outer;
      }
    },
};

/** pdfmake lays a document out again when a `pageBreakBefore` function asks for a break: the tree starts again. */
const layoutRetry: PrototypeHook = {
  name: 'tagging: layout retry',
  writtenFor: PDFMAKE_0_3_11,
  target: {
    owner: 'LayoutBuilder',
    method: 'tryLayoutDocument',
    parameters: LAYOUT_DOCUMENT.slice(0, -1),
  },
  reads: {},
  prototype: layoutBuilder,
  wrap: (original) =>
    function tryLayoutDocument(this: unknown, ...args: unknown[]) {
      if (active) {
        active.tree = undefined;
        active.stack.length = 0;
      }
      return Reflect.apply(original, this, args);
    },
};

const elementsOpened: PrototypeHook = {
  name: 'tagging: elements opened',
  writtenFor: PDFMAKE_0_3_11,
  target: { owner: 'LayoutBuilder', method: 'processNode', parameters: ['node', 'isVerticalAlignmentAllowed'] },
  reads: { 'node.listMarker': 'object', 'node.listMarker._inlines': 'array', 'node.listMarker.canvas': 'array' },
  prototype: layoutBuilder,
  wrap: (original) =>
    // Hot (every node of the document): fixed arguments, no rest array.
    function processNode(this: unknown, node: { pdfTag?: PdfTag } | undefined, isVerticalAlignmentAllowed: unknown) {
      const state = active;
      // Untagged documents (no structure root) have nothing to open.
      if (!state || !node?.pdfTag || (!state.tree && node.pdfTag.role !== 'Document'))
        return original.call(this, node, isVerticalAlignmentAllowed);
      const { stack } = state;
      const depth = stack.length;
      open(state, node.pdfTag, node as Parameters<typeof open>[2]);
      try {
        return original.call(this, node, isVerticalAlignmentAllowed);
      } finally {
        // Its own frame, as a rule (setting an array's length is a call into V8's runtime).
        if (stack.length === depth + 1) stack.pop();
        else stack.length = depth;
      }
    },
};

/** A line, an image or a vector placed on a page: it is labelled with its element's slot (or as an artifact). */
function placement(
  method: 'addLine' | 'addImage' | 'addVector',
  parameters: readonly string[],
  reads: PrototypeHook['reads'],
): PrototypeHook {
  const isVector = method === 'addVector';
  return {
    name: `tagging: ${method === 'addLine' ? 'lines' : method === 'addImage' ? 'images' : 'vectors'} placed`,
    writtenFor: PDFMAKE_0_3_11,
    target: { owner: 'ElementWriter', method, parameters },
    reads,
    prototype: elementWriter,
    wrap: (original: Method) =>
      function place(this: unknown, item: Record<string, unknown>, a: unknown, b: unknown, c: unknown, d: unknown) {
        const tree = active?.tree;
        if (tree && item && item[TARGET] === undefined) {
          const target = targetFor(active as LayoutState, tree, item as { inlines?: unknown[] }, isVector);
          if (target !== undefined) item[TARGET] = target;
        }
        return original.call(this, item, a, b, c, d);
      },
  };
}

/** A table's header rows repeated on a later page: the first drawing is the content, the repeats are artifacts. */
const repeatedHeaders: PrototypeHook = {
  name: 'tagging: repeated header rows',
  writtenFor: PDFMAKE_0_3_11,
  target: {
    owner: 'ElementWriter',
    method: 'addFragment',
    parameters: ['block', 'useBlockXOffset', 'useBlockYOffset', 'dontUpdateContextPosition'],
  },
  reads: { 'this.context().getCurrentPage().items': 'array', 'this.context().getCurrentPage().items.0.item': 'object' },
  prototype: elementWriter,
  wrap: (original) =>
    function addFragment(
      this: { context(): { getCurrentPage(): { items: { item: Record<string, unknown> }[] } | null } },
      ...args: unknown[]
    ) {
      const page = active?.repeating ? this.context().getCurrentPage() : null;
      const before = page?.items.length ?? 0;
      const result = Reflect.apply(original, this, args);
      if (page)
        for (let index = before; index < page.items.length; index++) page.items[index].item[TARGET] = PAGINATION;
      return result;
    },
};

/** While pdfmake moves to the next page, the fragments it adds are repeated table headers. */
const pageMoves: PrototypeHook = {
  name: 'tagging: page moves',
  writtenFor: PDFMAKE_0_3_11,
  target: { owner: 'PageElementWriter', method: 'moveToNextPage', parameters: ['pageOrientation'] },
  reads: {},
  prototype: () => pdfmakeClass('PageElementWriter').prototype,
  wrap: (original) =>
    function moveToNextPage(this: unknown, ...args: unknown[]) {
      const state = active;
      if (!state) return Reflect.apply(original, this, args);
      const outer = state.repeating;
      state.repeating = true;
      try {
        return Reflect.apply(original, this, args);
      } finally {
        state.repeating = outer;
      }
    },
};

/** The layout half of tagging, in the order installed. */
export const structureHooks: readonly PrototypeHook[] = [
  layoutPass,
  layoutRetry,
  elementsOpened,
  placement('addLine', ['line', 'dontUpdateContextPosition', 'index'], { 'line.inlines': 'array' }),
  placement('addImage', ['image', 'index'], {}),
  placement('addVector', ['vector', 'ignoreContextX', 'ignoreContextY', 'index', 'forcePage'], {}),
  repeatedHeaders,
  pageMoves,
];
