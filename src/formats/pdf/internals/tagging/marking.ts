/**
 * Tagging, drawing half: hooks on pdfmake's Renderer and on pdfkit. Each drawn item is wrapped in
 * marked content: a line's text in its element's (a Link element for linked text, whose annotation
 * gets /Contents and an OBJR), an image in its Figure's, a list bullet in its Lbl's, and all else
 * (running header and footer, table rules and shading, code backgrounds, underlines) as an
 * Artifact. After the last page, the structure tree from structure.ts becomes pdfkit structure
 * elements, headings renumbered so that no level is skipped, empty elements left out.
 */
import { argument, type PrototypeHook } from '../hook';
import { PDFKIT_0_19_1, PDFMAKE_0_3_11, pdfkitClass, pdfmakeClass } from '../libraries';
import { addStateless } from '../lineState';
import { type ObjectOutput, objectNumber, type PdfRef } from '../objectStreams';
import { elementOf, MarkedPages, writeStructureTree } from './elements';
import { type DrawTarget, PAGINATION, structureTreeOf, TARGET } from './structure';
import { type LinkElement, type MarkedContent, NO_ITEM, type StructureTree } from './tree';

interface PdfKitDocument extends ObjectOutput {
  page: {
    dictionary: PdfRef;
    annotations: PdfRef[];
    structParentTreeKey: number;
    content: { uncompressedLength: number };
  };
  addContent(operators: string): unknown;
  getStructTreeRoot(): PdfRef;
  createStructParentTreeNextKey(): number;
  appendXML(xml: string): void;
  file(src: Buffer, options: object): unknown;
  info: Record<string, unknown>;
}

const PDFUA_ID = `
        <rdf:Description xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/" rdf:about="">
            <pdfuaid:part>1</pdfuaid:part>
        </rdf:Description>
        `;

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
  private openArtifact: string | undefined;
  /** The element whose content is open (NO_ITEM: none). */
  private openElement = NO_ITEM;
  private openLink: LinkElement | undefined;
  /** The page being drawn, and its index in `pages`. */
  private page: PdfKitDocument['page'] | undefined;
  private pageIndex = -1;
  private readonly pages = new MarkedPages();
  /** The ParentTree's entries: pages (by their StructParents key) and link annotations (by their StructParent). */
  private readonly parentKeys = new Map<number, { page: number } | { link: number }>();
  private lastLink: { element: number; href: string; link: LinkElement } | undefined;
  /** The slot of the line being drawn (NO_ITEM: none). */
  textTarget = NO_ITEM;
  /** The link being drawn: pdfkit's link() and goTo() attach their annotation to it. */
  pendingLink: { element: LinkElement; description: string } | undefined;

  constructor(
    readonly doc: PdfKitDocument,
    private readonly tree: StructureTree,
  ) {}

  // The marked-content operators are written directly (pdfkit's markContent() keeps its own
  // stack of open sequences and serialises a property list for each: a fifth of the tagging cost).
  close(): void {
    if (this.openArtifact !== undefined || this.openElement !== NO_ITEM) addStateless(this.doc, 'EMC');
    this.openArtifact = undefined;
    this.openElement = NO_ITEM;
    this.openLink = undefined;
  }

  artifact(type: 'Pagination' | 'Layout'): void {
    if (this.openArtifact === type) return;
    this.close();
    addStateless(this.doc, `/Artifact <</Type /${type}>> BDC`);
    this.openArtifact = type;
  }

  /** Whether content of this element (not of a Link in it) is open. */
  continues(element: number): boolean {
    return this.openElement === element && this.openLink === undefined;
  }

  /** Begins a marked-content sequence with an MCID (ending the one open, in the same write). */
  private markedContent(role: string): MarkedContent {
    const { doc } = this;
    if (doc.page !== this.page) {
      this.page = doc.page;
      this.pageIndex = this.pages.add(doc.page.dictionary);
      // pdfkit gives the page its StructParents key on first use.
      this.parentKeys.set(doc.page.structParentTreeKey, { page: this.pageIndex });
    }
    const content = this.pages.next(this.pageIndex);
    const closing = this.openArtifact !== undefined || this.openElement !== NO_ITEM;
    addStateless(doc, beginMarkedContent(role, this.pages.elements[this.pageIndex].length - 1, closing));
    return content;
  }

  /** Opens content of the slot's element (or of a Link in it); `fresh`: a new sequence even if one is open. */
  content(slot: number, link?: LinkElement, fresh = false): void {
    const { tree } = this;
    const element = tree.parent[slot];
    if (!fresh && (link ? this.openLink === link : this.continues(element))) return;
    const content = this.markedContent(link ? 'Link' : (tree.roles[elementOf(tree, element)] as string));
    if (link) link.kids.push(content);
    else {
      tree.addContent(slot, content);
      tree.fill(element);
    }
    this.openArtifact = undefined;
    this.openElement = element;
    this.openLink = link;
  }

  /** Marks what is drawn next as content of its target, or as an artifact. */
  mark(target: DrawTarget | undefined): void {
    if (target !== undefined && target >= 0) this.content(target);
    else this.artifact(target === PAGINATION ? 'Pagination' : 'Layout');
  }

  /** Before pdfkit draws a piece of a line's text. */
  text(slot: number, text: string, href: string | undefined): void {
    const { tree } = this;
    const element = tree.parent[slot];
    if (href === undefined) {
      if (this.lastLink?.element === element) this.lastLink = undefined;
      this.pendingLink = undefined;
      this.content(slot);
      return;
    }
    let link = this.lastLink?.element === element && this.lastLink.href === href ? this.lastLink.link : undefined;
    if (!link) {
      link = { id: objectNumber(this.doc), kids: [] };
      tree.addLink(slot, link);
      tree.fill(element);
      this.lastLink = { element, href, link };
    }
    this.pendingLink = { element: link, description: text.trim() || href.replace(/^#/, '') };
    this.content(slot, link);
  }

  /** Options for pdfkit's annotate(): the annotation becomes a kid (OBJR) of the Link element being drawn. */
  linkAnnotation(options: Record<string, unknown>): ((annotation: PdfRef) => void) | undefined {
    const pending = this.pendingLink;
    if (!pending) return undefined;
    const key = this.doc.createStructParentTreeNextKey();
    this.parentKeys.set(key, { link: pending.element.id });
    options.StructParent = key;
    options.Contents = new String(pending.description);
    const page = this.doc.page.dictionary;
    return (annotation) => pending.element.kids.push({ annotation, page });
  }

  /** The structure tree, written once every page is drawn; the XMP and attachment of the profile. */
  finish(): void {
    this.close();
    const { document } = this.tree;
    const root = this.doc.getStructTreeRoot();
    const written = writeStructureTree(
      this.doc,
      { tree: this.tree, pages: this.pages, parentKeys: this.parentKeys },
      root,
    );
    root.data.K = written.document ? [written.document] : [];
    root.data.ParentTree = written.parentTree;
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

/** MCIDs below this have their operators kept (a page of a 100-description plan has ~50). */
const KEPT_MCIDS = 512;

/** Per role, by MCID: the operators beginning its marked content, alone and after an EMC. */
const beginnings = new Map<string, { alone: string[]; closing: string[] }>();

/**
 * The operators that begin a marked-content sequence (ending the one open, when `closing`): made
 * once per role and MCID, since every page numbers its sequences from 0 again.
 */
function beginMarkedContent(role: string, mcid: number, closing: boolean): string {
  if (mcid >= KEPT_MCIDS) return markedContentOperators(role, mcid, closing);
  let kept = beginnings.get(role);
  if (!kept) beginnings.set(role, (kept = { alone: [], closing: [] }));
  const list = closing ? kept.closing : kept.alone;
  return (list[mcid] ??= markedContentOperators(role, mcid, closing));
}

const markedContentOperators = (role: string, mcid: number, closing: boolean): string =>
  `${closing ? 'EMC\n' : ''}/${role} <</MCID ${mcid}>> BDC`;

/** The tagger of the document being drawn: pdfmake draws a document's pages in one synchronous pass. */
let drawing: Tagger | undefined;

const taggerOf = (doc: object): Tagger | undefined => (drawing?.doc === doc ? drawing : undefined);

interface Inline {
  background?: unknown;
  decoration?: unknown;
}

/** Before a run of a line's text is drawn (by pdfkit's text(), or by lineDrawing.ts): its marked content. */
export function beforeTextRun(doc: object, text: string, href?: string): void {
  const tagger = taggerOf(doc);
  if (tagger && tagger.textTarget !== NO_ITEM) tagger.text(tagger.textTarget, text, href);
}

const renderer = (): object => pdfmakeClass('Renderer').prototype;
const pdfkit = (): object => pdfkitClass().prototype;

const pagesDrawn: PrototypeHook = {
  name: 'tagging: pages drawn',
  writtenFor: PDFMAKE_0_3_11,
  target: { owner: 'Renderer', method: 'renderPages', parameters: ['pages'] },
  reads: {
    'this.pdfDocument.getStructTreeRoot': 'function',
    'this.pdfDocument.createStructParentTreeNextKey': 'function',
    'this.pdfDocument.ref': 'function',
    'this.pdfDocument.addContent': 'function',
    'this.pdfDocument.appendXML': 'function',
    'this.pdfDocument.file': 'function',
    'this.pdfDocument.info': 'object',
    // The structure elements are written by elements.ts, into object streams (../objectStreams.ts).
    'this.pdfDocument.version': 'number',
    'this.pdfDocument._offset': 'number',
    'this.pdfDocument._write': 'function',
    'this.pdfDocument._refEnd': 'function',
    'this.pdfDocument._offsets': 'array',
    'this.pdfDocument._root.id': 'number',
  },
  prototype: renderer,
  wrap: (original) =>
    function renderPages(this: { pdfDocument: PdfKitDocument }, ...args: unknown[]) {
      const tree = structureTreeOf(this.pdfDocument);
      if (!tree) return Reflect.apply(original, this, args);
      const tagger = new Tagger(this.pdfDocument, tree);
      const outer = drawing;
      drawing = tagger;
      try {
        const result = Reflect.apply(original, this, args);
        tagger.finish();
        return result;
      } finally {
        drawing = outer;
      }
    },
};

interface LineInline {
  link?: unknown;
  linkToDestination?: unknown;
}

/** The link a run is drawn with, from pdfkit's `text()` options: a URL, or `#` and a destination. */
const linkHref = (link: unknown, goTo: unknown): string | undefined =>
  typeof link === 'string' ? link : goTo != null ? `#${String(goTo)}` : undefined;

/** Whether pdfmake draws the line's first run as a link (it passes `goTo` only when the destination is set). */
const beginsWithLink = (inlines: LineInline[]): boolean =>
  inlines.length > 0 && linkHref(inlines[0].link, inlines[0].linkToDestination || undefined) !== undefined;

/** Wraps the line drawing (lineDrawing.ts), so it is installed after it. */
const linesMarked: PrototypeHook = {
  name: 'tagging: lines marked',
  writtenFor: PDFMAKE_0_3_11,
  target: { owner: 'Renderer', method: 'renderLine', parameters: ['line', 'x', 'y'] },
  reads: {
    'this.pdfDocument.page.dictionary': 'object',
    'this.pdfDocument.page.structParentTreeKey': 'number',
    'line.inlines': 'array',
  },
  prototype: renderer,
  wrap: (original) =>
    function renderLine(this: { pdfDocument: PdfKitDocument }, line: Record<string, unknown>, x: unknown, y: unknown) {
      const tagger = taggerOf(this.pdfDocument);
      if (!tagger) return original.call(this, line, x, y);
      const target = line[TARGET] as DrawTarget | undefined;
      if (target === undefined || target < 0) {
        tagger.mark(target);
        return original.call(this, line, x, y);
      }
      tagger.textTarget = target;
      // Each line its own marked content: text extraction by marked content (poppler) would join
      // the last word of a line to the first of the next. Opened before pdfmake sets the first
      // run's colour with a path-less fill (`f`), which must not be unmarked. A line that begins
      // with a link gets the Link's own sequence at its text: that colour is then an artifact,
      // not a sequence of the line's element with nothing in it.
      if (beginsWithLink(line.inlines as LineInline[])) tagger.artifact('Layout');
      else tagger.content(target, undefined, true);
      try {
        return original.call(this, line, x, y);
      } finally {
        tagger.textTarget = NO_ITEM;
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
        taggerOf(this.pdfDocument)?.mark(item[TARGET] as DrawTarget | undefined);
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
      taggerOf(this)?.close();
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
        const tagger = taggerOf(this.pdfDocument);
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
      beforeTextRun(this, String(value ?? ''), linkHref(options?.link, options?.goTo));
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
        const tagger = taggerOf(this);
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
