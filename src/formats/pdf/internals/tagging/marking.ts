/**
 * Tagging, drawing half: hooks on pdfmake's Renderer and on pdfkit. Each drawn item is wrapped in
 * marked content: a line's text in its element's (a Link element for linked text, whose annotation
 * gets /Contents and an OBJR), an image in its Figure's, a list bullet in its Lbl's, and all else
 * (running header and footer, table rules and shading, code backgrounds, underlines) as an
 * Artifact. After the last page, the structure tree from structure.ts becomes pdfkit structure
 * elements, headings renumbered so that no level is skipped, empty elements left out.
 */
import type { StructureRole } from '../../tags';
import { argument, type PrototypeHook } from '../hook';
import { PDFKIT_0_19_1, PDFMAKE_0_3_11, pdfkitClass, pdfmakeClass } from '../libraries';
import { type DrawTarget, type Slot, type StructNode, structureTreeOf, type StructureTree, TARGET } from './structure';

/** A PDF object of pdfkit (`doc.ref()`), written when ended. */
interface PdfRef {
  data: Record<string, unknown>;
  end(): void;
}

interface PdfKitDocument {
  page: { dictionary: PdfRef; annotations: PdfRef[]; structParentTreeKey: number };
  addContent(operators: string): unknown;
  ref(data: Record<string, unknown>): PdfRef;
  getStructTreeRoot(): PdfRef;
  getStructParentTree(): { get(key: number): unknown[]; add(key: number, value: unknown): void };
  createStructParentTreeNextKey(): number;
  appendXML(xml: string): void;
  file(src: Buffer, options: object): unknown;
  info: Record<string, unknown>;
}

/** One marked-content sequence: its page, its MCID, and the page's ParentTree array. */
interface MarkedContent {
  page: PdfRef;
  mcid: number;
  parents: unknown[];
}

/** A Link element, created while drawing: its annotations need its ParentTree key at once. */
interface LinkElement {
  ref: PdfRef;
  kids: (MarkedContent | { Type: 'OBJR'; Obj: PdfRef; Pg: PdfRef })[];
}

type Entry = MarkedContent | LinkElement;

/** Elements kept even when empty: a table keeps its shape. */
const KEEP_EMPTY = new Set<StructureRole>(['TD', 'TH', 'TR']);

const PDFUA_ID = `
        <rdf:Description xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/" rdf:about="">
            <pdfuaid:part>1</pdfuaid:part>
        </rdf:Description>
        `;

/** The structure element's /K entries for its content, and the ParentTree entries pointing back. */
function addContent(element: PdfRef, kids: unknown[], content: MarkedContent): void {
  content.parents[content.mcid] = element;
  element.data.Pg ??= content.page;
  kids.push(element.data.Pg === content.page ? content.mcid : { Type: 'MCR', Pg: content.page, MCID: content.mcid });
}

/**
 * Writes the marked content while pages are drawn, and the structure elements (plain pdfkit
 * objects, with the ParentTree pdfkit keeps) once every page is drawn.
 */
class Tagger {
  /**
   * The marked content now open: an artifact, or content of an element (or of a Link in it). It
   * stays open while the next items drawn belong to the same: the runs of a line are one
   * marked-content sequence, consecutive decoration one artifact.
   */
  private open: { artifact?: string; node?: StructNode; link?: LinkElement } | undefined;
  private lastLink: { node: StructNode; href: string; element: LinkElement } | undefined;
  /** The line being drawn. */
  textTarget: Slot | undefined;
  /** The link being drawn: pdfkit's link() and goTo() attach their annotation to it. */
  pendingLink: { element: LinkElement; description: string } | undefined;

  constructor(
    private readonly doc: PdfKitDocument,
    private readonly tree: StructureTree,
  ) {}

  // The marked-content operators are written directly (pdfkit's markContent() keeps its own
  // stack of open sequences and serialises a property list for each: a fifth of the tagging cost).
  close(): void {
    if (this.open) this.doc.addContent('EMC');
    this.open = undefined;
  }

  artifact(type: 'Pagination' | 'Layout'): void {
    if (this.open?.artifact === type) return;
    this.close();
    this.doc.addContent(`/Artifact <</Type /${type}>> BDC`);
    this.open = { artifact: type };
  }

  /** Whether content of this element (not of a Link in it) is open. */
  continues(node: StructNode): boolean {
    return this.open?.node === node && !this.open.link;
  }

  private markedContent(role: string): MarkedContent {
    const { doc } = this;
    const parents = doc.getStructParentTree().get(doc.page.structParentTreeKey);
    const mcid = parents.length;
    parents.push(null);
    doc.addContent(`/${role} <</MCID ${mcid}>> BDC`);
    return { page: doc.page.dictionary, mcid, parents };
  }

  /** Opens content of the slot's element (or of a Link in it); `fresh`: a new sequence even if one is open. */
  content(slot: Slot, link?: LinkElement, fresh = false): void {
    if (!fresh && (link ? this.open?.link === link : this.continues(slot.node))) return;
    this.close();
    const content = this.markedContent(link ? 'Link' : slot.node.role);
    if (link) link.kids.push(content);
    else slot.entries.push(content);
    this.open = { node: slot.node, link };
  }

  /** Marks what is drawn next as content of its target, or as an artifact. */
  mark(target: DrawTarget | undefined): void {
    if (target && 'node' in target) this.content(target);
    else this.artifact(target?.artifact ?? 'Layout');
  }

  /** Before pdfkit draws a piece of a line's text. */
  text(slot: Slot, text: string, href: string | undefined): void {
    if (href === undefined) {
      if (this.lastLink?.node === slot.node) this.lastLink = undefined;
      this.pendingLink = undefined;
      this.content(slot);
      return;
    }
    let element = this.lastLink?.node === slot.node && this.lastLink.href === href ? this.lastLink.element : undefined;
    if (!element) {
      element = { ref: this.doc.ref({ S: 'Link' }), kids: [] };
      slot.entries.push(element);
      this.lastLink = { node: slot.node, href, element };
    }
    this.pendingLink = { element, description: text.trim() || href.replace(/^#/, '') };
    this.content(slot, element);
  }

  /** Options for pdfkit's annotate(): the annotation becomes a kid (OBJR) of the Link element being drawn. */
  linkAnnotation(options: Record<string, unknown>): ((annotation: PdfRef) => void) | undefined {
    const pending = this.pendingLink;
    if (!pending) return undefined;
    const key = this.doc.createStructParentTreeNextKey();
    this.doc.getStructParentTree().add(key, pending.element.ref);
    options.StructParent = key;
    options.Contents = new String(pending.description);
    const page = this.doc.page.dictionary;
    return (annotation) => pending.element.kids.push({ Type: 'OBJR', Obj: annotation, Pg: page });
  }

  /** The structure tree, written once every page is drawn; the XMP and attachment of the profile. */
  finish(): void {
    this.close();
    const { document } = this.tree;
    const filled = new Map<StructNode, boolean>();
    const hasContent = (node: StructNode): boolean => {
      let known = filled.get(node);
      if (known === undefined) {
        known = node.kids.some((kid) => ('entries' in kid ? kid.entries.length > 0 : hasContent(kid)));
        filled.set(node, known);
      }
      return known;
    };
    const lang = document.lang.toLowerCase();
    let lastHeading = 0;
    const write = (node: StructNode, parent: PdfRef): PdfRef | undefined => {
      if (!hasContent(node) && !KEEP_EMPTY.has(node.role)) return undefined;
      const { tag } = node;
      let role: string = node.role;
      if (tag.role === 'H') {
        lastHeading = Math.min(Math.max(1, Math.floor(tag.level ?? 1)), lastHeading + 1, 6);
        role = `H${lastHeading}`;
      }
      const data: Record<string, unknown> = { S: role, P: parent };
      if (tag.lang && tag.lang.toLowerCase() !== lang) data.Lang = new String(tag.lang);
      if (tag.alt) data.Alt = new String(tag.alt);
      // On the element, not on its marked content: poppler would apply its own bidi reordering to it again.
      if (tag.actualText !== undefined) data.ActualText = new String(tag.actualText);
      const table: Record<string, unknown> = {};
      if (tag.scope) table.Scope = tag.scope;
      if (tag.colSpan && tag.colSpan > 1) table.ColSpan = tag.colSpan;
      if (tag.rowSpan && tag.rowSpan > 1) table.RowSpan = tag.rowSpan;
      if (Object.keys(table).length > 0) data.A = { O: 'Table', ...table };
      const element = this.doc.ref(data);
      const kids: unknown[] = [];
      for (const kid of orderedKids(node)) {
        if (!('entries' in kid)) {
          const written = write(kid, element);
          if (written) kids.push(written);
          continue;
        }
        for (const entry of kid.entries as Entry[]) {
          if ('mcid' in entry) addContent(element, kids, entry);
          else {
            const linkKids: unknown[] = [];
            entry.ref.data.P = element;
            for (const linkKid of entry.kids) {
              if ('mcid' in linkKid) addContent(entry.ref, linkKids, linkKid);
              else linkKids.push(linkKid);
            }
            entry.ref.data.K = linkKids;
            entry.ref.end();
            kids.push(entry.ref);
          }
        }
      }
      data.K = kids;
      element.end();
      return element;
    };
    const root = this.doc.getStructTreeRoot();
    const documentElement = write(this.tree.root, root);
    root.data.K = documentElement ? [documentElement] : [];
    if (document.addPdfUaId) this.doc.appendXML(PDFUA_ID);
    const { attachment } = document;
    if (attachment) {
      const date = this.doc.info.CreationDate instanceof Date ? this.doc.info.CreationDate : new Date();
      this.doc.file(Buffer.from(attachment.bytes), {
        name: attachment.name,
        type: attachment.mimeType,
        description: attachment.description,
        relationship: attachment.relationship,
        creationDate: date,
        modifiedDate: date,
      });
    }
  }
}

/** Lbl before LBody; cells of mirrored (right-to-left) rows in logical order. */
function orderedKids(node: StructNode): (StructNode | Slot)[] {
  const rank = (kid: StructNode | Slot): number =>
    'entries' in kid ? 0 : node.role === 'LI' ? (kid.role === 'Lbl' ? 0 : 1) : (kid.tag.order ?? 0);
  const needsSort = node.kids.some((kid) => !('entries' in kid) && (kid.role === 'Lbl' || kid.tag.order !== undefined));
  return needsSort ? [...node.kids].sort((a, b) => rank(a) - rank(b)) : node.kids;
}

const taggers = new WeakMap<object, Tagger>();

interface Inline {
  background?: unknown;
  decoration?: unknown;
}

/** Before a run of a line's text is drawn (by pdfkit's text(), or by lineDrawing.ts): its marked content. */
export function beforeTextRun(doc: object, text: string, href?: string): void {
  const tagger = taggers.get(doc);
  const slot = tagger?.textTarget;
  if (tagger && slot) tagger.text(slot, text, href);
}

const renderer = (): object => pdfmakeClass('Renderer').prototype;
const pdfkit = (): object => pdfkitClass().prototype;

const pagesDrawn: PrototypeHook = {
  name: 'tagging: pages drawn',
  writtenFor: PDFMAKE_0_3_11,
  target: { owner: 'Renderer', method: 'renderPages', parameters: ['pages'] },
  reads: {
    'this.pdfDocument.getStructTreeRoot': 'function',
    'this.pdfDocument.getStructParentTree': 'function',
    'this.pdfDocument.createStructParentTreeNextKey': 'function',
    'this.pdfDocument.ref': 'function',
    'this.pdfDocument.addContent': 'function',
    'this.pdfDocument.appendXML': 'function',
    'this.pdfDocument.file': 'function',
    'this.pdfDocument.info': 'object',
  },
  prototype: renderer,
  wrap: (original) =>
    function renderPages(this: { pdfDocument: PdfKitDocument }, ...args: unknown[]) {
      const tree = structureTreeOf(this.pdfDocument);
      if (!tree) return Reflect.apply(original, this, args);
      const tagger = new Tagger(this.pdfDocument, tree);
      taggers.set(this.pdfDocument, tagger);
      try {
        const result = Reflect.apply(original, this, args);
        tagger.finish();
        return result;
      } finally {
        taggers.delete(this.pdfDocument);
      }
    },
};

/** Wraps the line drawing (lineDrawing.ts), so it is installed after it. */
const linesMarked: PrototypeHook = {
  name: 'tagging: lines marked',
  writtenFor: PDFMAKE_0_3_11,
  target: { owner: 'Renderer', method: 'renderLine', parameters: ['line', 'x', 'y'] },
  reads: {
    'this.pdfDocument.page.dictionary': 'object',
    'this.pdfDocument.page.structParentTreeKey': 'number',
  },
  prototype: renderer,
  wrap: (original) =>
    function renderLine(this: { pdfDocument: PdfKitDocument }, line: Record<string, unknown>, x: unknown, y: unknown) {
      const tagger = taggers.get(this.pdfDocument);
      if (!tagger) return original.call(this, line, x, y);
      const target = line[TARGET] as DrawTarget | undefined;
      if (!target || !('node' in target)) {
        tagger.mark(target);
        return original.call(this, line, x, y);
      }
      tagger.textTarget = target;
      // Each line its own marked content: text extraction by marked content (poppler) would join
      // the last word of a line to the first of the next. Opened before pdfmake sets the first
      // run's colour with a path-less fill (`f`), which must not be unmarked.
      tagger.content(target, undefined, true);
      try {
        return original.call(this, line, x, y);
      } finally {
        tagger.textTarget = undefined;
        tagger.pendingLink = undefined;
      }
    },
};

/** An image or a vector drawn: content of its element (a Figure, a bullet's Lbl) or an artifact. */
function itemMarked(method: 'renderVector' | 'renderImage', parameter: string): PrototypeHook {
  return {
    name: `tagging: ${method === 'renderVector' ? 'vectors' : 'images'} marked`,
    writtenFor: PDFMAKE_0_3_11,
    target: { owner: 'Renderer', method, parameters: [parameter] },
    reads: { 'this.pdfDocument': 'object' },
    prototype: renderer,
    wrap: (original) =>
      function renderItem(this: { pdfDocument: PdfKitDocument }, item: Record<string, unknown>) {
        taggers.get(this.pdfDocument)?.mark(item[TARGET] as DrawTarget | undefined);
        return original.call(this, item);
      },
  };
}

/** A marked-content sequence never spans a page. */
const pageEnds: PrototypeHook = {
  name: 'tagging: page ends',
  writtenFor: PDFKIT_0_19_1,
  target: { owner: 'PDFDocument', method: 'addPage', parameters: ['options'] },
  reads: {},
  prototype: pdfkit,
  wrap: (original) =>
    function addPage(this: PdfKitDocument, ...args: unknown[]) {
      taggers.get(this)?.close();
      return Reflect.apply(original, this, args);
    },
};

/** Shading behind inline code and under- or strike-through lines are decoration. */
function decorationMarked(
  method: 'drawBackground' | 'drawDecorations',
  uses: (inline: Inline) => boolean,
): PrototypeHook {
  return {
    name: `tagging: ${method === 'drawBackground' ? 'backgrounds' : 'decorations'} as artifacts`,
    writtenFor: PDFMAKE_0_3_11,
    target: { owner: 'TextDecorator', method, parameters: ['line', 'x', 'y'] },
    reads: { 'this.pdfDocument': 'object', 'line.inlines': 'array' },
    prototype: () => pdfmakeClass('TextDecorator').prototype,
    wrap: (original) =>
      function decorate(this: { pdfDocument: PdfKitDocument }, line: { inlines: Inline[] }, x: unknown, y: unknown) {
        const tagger = taggers.get(this.pdfDocument);
        if (!tagger || !line.inlines.some(uses)) return original.call(this, line, x, y);
        tagger.artifact('Layout');
        return original.call(this, line, x, y);
      },
  };
}

const TEXT = ['text', 'x', 'y', 'options'] as const;

/** A run of a line drawn by pdfkit (not by lineDrawing.ts): its marked content, a Link's for linked text. */
const textMarked: PrototypeHook = {
  name: 'tagging: text runs marked',
  writtenFor: PDFKIT_0_19_1,
  target: { owner: 'PDFDocument', method: 'text', parameters: TEXT },
  reads: { options: 'object' },
  prototype: pdfkit,
  wrap: (original) =>
    function text(
      this: PdfKitDocument,
      value: unknown,
      x: unknown,
      y: unknown,
      options: { link?: unknown; goTo?: unknown } | undefined,
    ) {
      const href =
        typeof options?.link === 'string'
          ? options.link
          : options?.goTo != null
            ? `#${String(options.goTo)}`
            : undefined;
      beforeTextRun(this, String(value ?? ''), href);
      return original.call(this, value, x, y, options);
    },
};

/** Link annotations of tagged text: /Contents, /StructParent and an OBJR in their Link element. */
function linkAnnotated(method: 'link' | 'goTo', destination: 'url' | 'name'): PrototypeHook {
  const parameters = ['x', 'y', 'w', 'h', destination, 'options'] as const;
  const options = argument(parameters, 'options');
  return {
    name: `tagging: ${method === 'link' ? 'link' : 'go-to'} annotations`,
    writtenFor: PDFKIT_0_19_1,
    target: { owner: 'PDFDocument', method, parameters },
    reads: { 'this.page.annotations': 'array' },
    prototype: pdfkit,
    wrap: (original) =>
      function linkAnnotation(this: PdfKitDocument, ...args: unknown[]) {
        const tagger = taggers.get(this);
        const annotationOptions = (options.get(args) ?? {}) as Record<string, unknown>;
        const attach = tagger?.linkAnnotation(annotationOptions);
        if (!attach) return Reflect.apply(original, this, args);
        options.set(args, annotationOptions);
        const result = Reflect.apply(original, this, args);
        attach(this.page.annotations[this.page.annotations.length - 1]);
        return result;
      },
  };
}

/** The drawing half of tagging, in the order installed (after the line drawing, which linesMarked wraps). */
export const markingHooks: readonly PrototypeHook[] = [
  pagesDrawn,
  linesMarked,
  itemMarked('renderVector', 'vector'),
  itemMarked('renderImage', 'image'),
  pageEnds,
  decorationMarked('drawBackground', (inline) => !!inline.background),
  decorationMarked('drawDecorations', (inline) => !!inline.decoration),
  textMarked,
  linkAnnotated('link', 'url'),
  linkAnnotated('goTo', 'name'),
];
