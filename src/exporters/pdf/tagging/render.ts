/**
 * Tagging, drawing half: hooks on pdfmake's Renderer and on pdfkit. Each drawn item is wrapped in
 * marked content: a line's text in its element's (a Link element for linked text, whose annotation
 * gets /Contents and an OBJR), an image in its Figure's, a list bullet in its Lbl's, and all else
 * (running header and footer, table rules and shading, code backgrounds, underlines) as an
 * Artifact. After the last page, the structure tree from layout.ts becomes pdfkit structure
 * elements, headings renumbered so that no level is skipped, empty elements left out.
 */
import path from 'node:path';
import { type DrawTarget, type Slot, type StructNode, structureTreeOf, type StructureTree, TARGET } from './layout';
import type { StructureRole } from './tags';

interface StructElement {
  add(child: unknown): StructElement;
  end(): void;
  dictionary: { data: Record<string, unknown> };
}

interface PdfKitDocument {
  page: { dictionary: unknown; annotations: unknown[] };
  markContent(tag: string, options?: object): unknown;
  markStructureContent(tag: string, options?: object): unknown;
  endMarkedContent(): unknown;
  struct(type: string, options?: object): StructElement;
  addStructure(element: StructElement): unknown;
  appendXML(xml: string): void;
  file(src: Buffer, options: object): unknown;
  info: Record<string, unknown>;
}

type Method = (this: never, ...args: unknown[]) => unknown;
type Prototype = Record<string, Method>;

/** Elements kept even when empty: a table keeps its shape. */
const KEEP_EMPTY = new Set<StructureRole>(['TD', 'TH', 'TR']);
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]);

const PDFUA_ID = `
        <rdf:Description xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/" rdf:about="">
            <pdfuaid:part>1</pdfuaid:part>
        </rdf:Description>
        `;

/** Annotation -> the page it is on (pdfkit would name the last page in every OBJR). */
const annotationPages = new WeakMap<object, unknown>();

class Tagger {
  /** The marked content now open: an artifact, or content of a slot (or of a Link in it). */
  private open: { slot?: Slot; link?: StructElement } | undefined;
  private lastLink: { node: StructNode; href: string; element: StructElement } | undefined;
  /** The line being drawn. */
  textTarget: Slot | undefined;
  /** The link being drawn: pdfkit's link() and goTo() attach their annotation to it. */
  pendingLink: { element: StructElement; description: string } | undefined;

  constructor(
    private readonly doc: PdfKitDocument,
    private readonly tree: StructureTree,
  ) {}

  close(): void {
    if (this.open) this.doc.endMarkedContent();
    this.open = undefined;
  }

  artifact(type: 'Pagination' | 'Layout'): void {
    this.close();
    this.doc.markContent('Artifact', { type });
    this.open = {};
  }

  content(slot: Slot, link?: StructElement): void {
    if (this.open?.slot === slot && this.open.link === link) return;
    this.close();
    const content = this.doc.markStructureContent(link ? 'Link' : slot.node.role);
    if (link) link.add(content);
    else slot.entries.push(content);
    this.open = { slot, link };
  }

  /** Draws an item as content of its target, or as an artifact. */
  draw<T>(target: DrawTarget | undefined, draw: () => T): T {
    if (target && 'node' in target) this.content(target);
    else this.artifact(target?.artifact ?? 'Layout');
    try {
      return draw();
    } finally {
      this.close();
    }
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
      element = this.doc.struct('Link');
      slot.entries.push(element);
      this.lastLink = { node: slot.node, href, element };
    }
    this.pendingLink = { element, description: text.trim() || href.replace(/^#/, '') };
    this.content(slot, element);
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
    let lastHeading = 0;
    const build = (node: StructNode): StructElement | undefined => {
      if (!hasContent(node) && !KEEP_EMPTY.has(node.role)) return undefined;
      const { tag } = node;
      let role: string = node.role;
      if (tag.role === 'H') {
        lastHeading = Math.min(Math.max(1, Math.floor(tag.level ?? 1)), lastHeading + 1, 6);
        role = `H${lastHeading}`;
      }
      const options: Record<string, string> = {};
      if (tag.lang && tag.lang.toLowerCase() !== document.lang.toLowerCase()) options.lang = tag.lang;
      if (tag.alt) options.alt = tag.alt;
      // On the element, not on its marked content: poppler would apply its own bidi reordering to it again.
      if (tag.actualText !== undefined) options.actual = tag.actualText;
      if (tag.scope) options.scope = tag.scope;
      const element = this.doc.struct(role, options);
      if (tag.colSpan && tag.colSpan > 1) element.dictionary.data.A = { ...(element.dictionary.data.A as object), O: 'Table', ColSpan: tag.colSpan };
      if (tag.rowSpan && tag.rowSpan > 1) element.dictionary.data.A = { ...(element.dictionary.data.A as object), O: 'Table', RowSpan: tag.rowSpan };
      for (const kid of orderedKids(node)) {
        if ('entries' in kid) for (const entry of kid.entries) element.add(entry);
        else {
          const built = build(kid);
          if (built) element.add(built);
        }
      }
      return element;
    };
    const root = build(this.tree.root) ?? this.doc.struct('Document');
    fixObjectReferencePages(root);
    this.doc.addStructure(root);
    root.end();
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
  const rank = (kid: StructNode | Slot): number => ('entries' in kid ? 0 : node.role === 'LI' ? (kid.role === 'Lbl' ? 0 : 1) : (kid.tag.order ?? 0));
  const needsSort = node.kids.some((kid) => !('entries' in kid) && (kid.role === 'Lbl' || kid.tag.order !== undefined));
  return needsSort ? [...node.kids].sort((a, b) => rank(a) - rank(b)) : node.kids;
}

let objrPatched = false;

/** pdfkit writes an OBJR's /Pg when the element is flushed (the last page): name the annotation's page instead. */
function fixObjectReferencePages(element: StructElement): void {
  if (objrPatched) return;
  objrPatched = true;
  const prototype = Object.getPrototypeOf(element) as Prototype;
  const flushChild = prototype._flushChild;
  prototype._flushChild = function flushChildOnItsPage(this: StructElement, ...args: unknown[]) {
    const result = Reflect.apply(flushChild, this, args);
    const kids = this.dictionary.data.K as { Type?: string; Obj?: object; Pg?: unknown }[] | undefined;
    const last = kids?.[kids.length - 1];
    if (last?.Type === 'OBJR' && last.Obj) last.Pg = annotationPages.get(last.Obj) ?? last.Pg;
    return result;
  };
}

const taggers = new WeakMap<object, Tagger>();

function wrap(prototype: Prototype, name: string, wrapper: (original: Method) => Method): void {
  const original = prototype[name];
  if (typeof original !== 'function') throw new Error(`pdfmake/pdfkit has no ${name}: the tagging hooks need updating`);
  prototype[name] = wrapper(original);
}

const pdfmakeDir = (): string => path.dirname(require.resolve('pdfmake/package.json'));
const pdfmakeClass = (name: string): { prototype: Prototype } =>
  (require(path.join(pdfmakeDir(), 'js', name)) as { default: { prototype: Prototype } }).default;

interface Inline {
  background?: unknown;
  decoration?: unknown;
}

let installed = false;

export function installRenderHooks(): void {
  if (installed) return;
  installed = true;
  const renderer = pdfmakeClass('Renderer').prototype;
  const decorator = pdfmakeClass('TextDecorator').prototype;
  const pdfkit = (require(require.resolve('pdfkit', { paths: [pdfmakeDir()] })) as { prototype: Prototype }).prototype;

  wrap(renderer, 'renderPages', (original) =>
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
  );
  wrap(renderer, 'renderLine', (original) =>
    function renderLine(this: { pdfDocument: PdfKitDocument }, ...args: unknown[]) {
      const tagger = taggers.get(this.pdfDocument);
      if (!tagger) return Reflect.apply(original, this, args);
      const target = (args[0] as Record<string, unknown>)[TARGET] as DrawTarget | undefined;
      if (!target || !('node' in target)) return tagger.draw(target, () => Reflect.apply(original, this, args));
      tagger.textTarget = target;
      try {
        return Reflect.apply(original, this, args);
      } finally {
        tagger.textTarget = undefined;
        tagger.pendingLink = undefined;
        tagger.close();
      }
    },
  );
  for (const name of ['renderVector', 'renderImage', 'renderSVG']) {
    wrap(renderer, name, (original) =>
      function renderItem(this: { pdfDocument: PdfKitDocument }, ...args: unknown[]) {
        const tagger = taggers.get(this.pdfDocument);
        if (!tagger) return Reflect.apply(original, this, args);
        return tagger.draw((args[0] as Record<string, unknown>)[TARGET] as DrawTarget | undefined, () => Reflect.apply(original, this, args));
      },
    );
  }
  // Shading behind inline code and under- or strike-through lines are decoration.
  for (const [name, uses] of [
    ['drawBackground', (inline: Inline) => !!inline.background],
    ['drawDecorations', (inline: Inline) => !!inline.decoration],
  ] as const) {
    wrap(decorator, name, (original) =>
      function decorate(this: { pdfDocument: PdfKitDocument }, ...args: unknown[]) {
        const tagger = taggers.get(this.pdfDocument);
        const line = args[0] as { inlines: Inline[] };
        if (!tagger || !line.inlines.some(uses)) return Reflect.apply(original, this, args);
        return tagger.draw(undefined, () => Reflect.apply(original, this, args));
      },
    );
  }
  wrap(pdfkit, 'text', (original) =>
    function text(this: PdfKitDocument, ...args: unknown[]) {
      const tagger = taggers.get(this);
      const slot = tagger?.textTarget;
      if (tagger && slot) {
        const options = (args[3] ?? {}) as { link?: unknown; goTo?: unknown };
        const href = typeof options.link === 'string' ? options.link : options.goTo != null ? `#${String(options.goTo)}` : undefined;
        tagger.text(slot, String(args[0] ?? ''), href);
      }
      return Reflect.apply(original, this, args);
    },
  );
  // Link annotations of tagged text: /Contents, /StructParent and an OBJR in their Link element.
  for (const [name, optionsIndex] of [
    ['link', 5],
    ['goTo', 5],
  ] as const) {
    wrap(pdfkit, name, (original) =>
      function linkAnnotation(this: PdfKitDocument, ...args: unknown[]) {
        const pending = taggers.get(this)?.pendingLink;
        if (!pending) return Reflect.apply(original, this, args);
        const options = ((args[optionsIndex] as Record<string, unknown> | undefined) ?? {}) as Record<string, unknown>;
        options.structParent = pending.element;
        options.Contents = new String(pending.description);
        args[optionsIndex] = options;
        const result = Reflect.apply(original, this, args);
        const annotation = this.page.annotations[this.page.annotations.length - 1];
        if (annotation && typeof annotation === 'object') annotationPages.set(annotation, this.page.dictionary);
        return result;
      },
    );
  }
  // pdfkit copies Title, Author, Subject and Keywords into the XMP packet unescaped.
  wrap(pdfkit, '_addInfo', (original) =>
    function addInfo(this: PdfKitDocument, ...args: unknown[]) {
      const info = this.info;
      const escaped: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(info)) escaped[key] = typeof value === 'string' ? escapeXml(value) : value;
      this.info = escaped;
      try {
        return Reflect.apply(original, this, args);
      } finally {
        this.info = info;
      }
    },
  );
}
