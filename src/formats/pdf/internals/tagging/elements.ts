/**
 * The structure tree and its ParentTree written as PDF objects, once every page is drawn. A
 * 100-description plan has ~14,000 elements and ~12,000 marked-content sequences; pdfkit's
 * `ref(data).end()` would allocate an object per element, convert each dictionary key by key and
 * write each object as three chunks of the output, and its ParentTree would hold an object per
 * sequence until the end. Here an element is a number (its object number, taken from pdfkit's
 * cross-reference list), a marked-content sequence is a number (its page and MCID), each element's
 * dictionary is written as bytes straight into its object stream (../pdfBytes.ts), its /K entries
 * gathered first in a buffer per depth of the tree, and the objects go into object streams
 * (../objectStreams.ts; plain objects, many to a write, where a file cannot have them).
 */
import type { PdfTag, StructureRole } from '../../tags';
import { type ObjectOutput, objectNumber, objectWriter, type PdfRef } from '../objectStreams';
import { PdfBytes } from '../pdfBytes';
import { DOCUMENT, type LinkElement, type MarkedContent, NO_ITEM, type StructureTree } from './tree';

/** MCIDs per page in a `MarkedContent` number: an SMI up to 1,023 pages, a double beyond, which is as exact. */
const MCIDS_PER_PAGE = 1 << 20;

/** The pages drawn: their dictionaries, and per page the element (object number) of each MCID. */
export class MarkedPages {
  readonly dictionaries: PdfRef[] = [];
  readonly elements: number[][] = [];

  /** A page drawn from now on: its index. */
  add(dictionary: PdfRef): number {
    this.dictionaries.push(dictionary);
    this.elements.push([]);
    return this.dictionaries.length - 1;
  }

  /** The next MCID of a page, as a marked-content sequence. */
  next(page: number): MarkedContent {
    const elements = this.elements[page];
    elements.push(0);
    return page * MCIDS_PER_PAGE + elements.length - 1;
  }
}

const pageOf = (content: MarkedContent): number => Math.floor(content / MCIDS_PER_PAGE);
const mcidOf = (content: MarkedContent): number => content % MCIDS_PER_PAGE;

/** The element an element's content is written in: its cell's or list item body's, for a paragraph such an element holds. */
export function elementOf(tree: StructureTree, element: number): number {
  const parent = tree.parent[element];
  return parent !== NO_ITEM &&
    tree.kidCount[parent] === 1 &&
    tree.holdsItsParagraph(parent) &&
    tree.isPlainParagraph(element)
    ? parent
    : element;
}

/** The element whose kids an element holds: its only paragraph's, when it holds that paragraph's content. */
function contentElement(tree: StructureTree, element: number): number {
  if (tree.kidCount[element] !== 1) return element;
  const only = tree.firstKid[element];
  return !tree.isSlot(only) && elementOf(tree, only) === element ? only : element;
}

const ESCAPES: Record<string, string> = {
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
  '\\': '\\\\',
  '(': '\\(',
  ')': '\\)',
};

/** A PDF text string, as pdfkit writes one: ASCII as it is, anything else UTF-16BE with a byte order mark. */
export function textString(value: string): string {
  let bytes = value;
  if (/[^\p{ASCII}]/u.test(value)) {
    const utf16 = Buffer.from(`\ufeff${value}`, 'utf16le');
    for (let index = 0; index < utf16.length; index += 2) {
      const low = utf16[index];
      utf16[index] = utf16[index + 1];
      utf16[index + 1] = low;
    }
    bytes = utf16.toString('latin1');
  }
  return `(${bytes.replace(/[\n\r\t\b\f\\()]/g, (char) => ESCAPES[char])})`;
}

/** Whether an element is written: it has content, or it keeps a table's shape. */
const written = (tree: StructureTree, element: number): boolean =>
  tree.isFilled(element) || tree.keepsItsShape(element);

/** Where a kid of a reordered element goes: Lbl before LBody, cells by their logical order. */
const rank = (tree: StructureTree, element: number, kid: number): number =>
  tree.isSlot(kid)
    ? 0
    : tree.roles[element] === 'LI'
      ? tree.roles[kid] === 'Lbl'
        ? 0
        : 1
      : ((tree.tags[kid] as PdfTag).order ?? 0);

/**
 * The kids of a reordered element in reading order, into `list` (emptied first): as laid out, but
 * Lbl before LBody and the cells of mirrored (right-to-left) rows in logical order.
 */
function kidsInOrder(tree: StructureTree, element: number, list: number[]): number[] {
  list.length = 0;
  for (let kid = tree.firstKid[element]; kid !== NO_ITEM; kid = tree.nextSibling[kid]) list.push(kid);
  // Most list items have their Lbl first already, and most rows are not mirrored: no sort.
  let index = 1;
  while (index < list.length && rank(tree, element, list[index - 1]) <= rank(tree, element, list[index])) index++;
  return index >= list.length ? list : list.sort((a, b) => rank(tree, element, a) - rank(tree, element, b));
}

/** An element's /K entries, gathered while the elements in it are written, and how many. */
class KidEntries {
  readonly bytes = new PdfBytes(256);
  count = 0;

  /** The bytes to write the next entry into (after a space, from the second entry on). */
  next(): PdfBytes {
    if (this.count++ > 0) this.bytes.text(' ');
    return this.bytes;
  }

  clear(): this {
    this.bytes.length = 0;
    this.count = 0;
    return this;
  }
}

/** What `writeStructureTree` writes from. */
export interface TreeContent {
  tree: StructureTree;
  pages: MarkedPages;
  /** The ParentTree's entries: a page's key -> its index in `pages`; a link annotation's key -> its Link element. */
  parentKeys: Map<number, { page: number } | { link: number }>;
}

/**
 * Writes the tree's elements under the structure tree root (headings renumbered so that no level
 * is skipped, empty elements left out) and the ParentTree; returns the Document element (undefined
 * when nothing was marked) and the ParentTree, for the root.
 */
export function writeStructureTree(
  output: ObjectOutput,
  { tree, pages, parentKeys }: TreeContent,
  root: PdfRef,
): { document: PdfRef | undefined; parentTree: PdfRef } {
  const objects = objectWriter(output);
  const lang = tree.document.lang.toLowerCase();
  /** Text strings written so far (up to a thousand): a bullet's replacement text, a language, repeat for many elements. */
  const texts = new Map<string, string>();
  const pdfString = (value: string): string => {
    let written = texts.get(value);
    if (written !== undefined) return written;
    written = textString(value);
    if (texts.size < 1000) texts.set(value, written);
    return written;
  };
  let lastHeading = 0;
  /** Per depth of the tree: the /K entries of the element being written there, while its kids are written. */
  const kidsAt: KidEntries[] = [];
  const kidsOf = (depth: number): KidEntries => (kidsAt[depth] ??= new KidEntries()).clear();

  /** An element's /K entry for its marked content: the MCID on its page (the first), a reference elsewhere. */
  const contentKid = (kids: KidEntries, element: number, page: number, content: MarkedContent): void => {
    const contentPage = pageOf(content);
    const mcid = mcidOf(content);
    pages.elements[contentPage][mcid] = element;
    const entry = kids.next();
    if (contentPage === page) entry.integer(mcid);
    else
      entry
        .text('<</Type/MCR/Pg ')
        .reference(pages.dictionaries[contentPage].id)
        .text('/MCID ')
        .integer(mcid)
        .text('>>');
  };

  /**
   * The dictionary of an element, around its /K entries (one without an array). Written
   * without a space before a name, which is a delimiter: most of the ~14,000 elements are then
   * `<</S/P/P 12 0 R/Pg 5 0 R/K 3>>`, a sixth fewer bytes to write and deflate.
   */
  const element = (id: number | PdfRef, role: string, parent: number, page: number, kids: KidEntries, tag?: PdfTag) => {
    const out = objects.begin(id).text('<</S/').text(role).text('/P ').reference(parent);
    if (page >= 0) out.text('/Pg ').reference(pages.dictionaries[page].id);
    if (tag) {
      // Read only for the few elements that have any: the tags are objects of many shapes.
      if (tag.lang && tag.lang.toLowerCase() !== lang) out.text('/Lang ').text(pdfString(tag.lang));
      if (tag.alt) out.text('/Alt ').text(pdfString(tag.alt));
      // On the element, not on its marked content: poppler would apply its own bidi reordering to it again.
      if (tag.actualText !== undefined) out.text('/ActualText ').text(pdfString(tag.actualText));
      if (tag.scope || (tag.colSpan ?? 0) > 1 || (tag.rowSpan ?? 0) > 1) {
        out.text('/A<</O/Table');
        if (tag.scope) out.text('/Scope/').text(tag.scope);
        if (tag.colSpan && tag.colSpan > 1) out.text('/ColSpan ').integer(tag.colSpan);
        if (tag.rowSpan && tag.rowSpan > 1) out.text('/RowSpan ').integer(tag.rowSpan);
        out.text('>>');
      }
    }
    if (kids.count === 1) out.text('/K ').append(kids.bytes).text('>>');
    else out.text('/K [').append(kids.bytes).text(']>>');
    objects.end();
  };

  const writeLink = (link: LinkElement, parent: number, depth: number): void => {
    const kids = kidsOf(depth);
    let page = -1;
    for (const kid of link.kids) {
      if (typeof kid !== 'number') {
        kids
          .next()
          .text('<</Type/OBJR/Obj ')
          .reference(kid.annotation.id)
          .text('/Pg ')
          .reference(kid.page.id)
          .text('>>');
      } else {
        if (page < 0) page = pageOf(kid);
        contentKid(kids, link.id, page, kid);
      }
    }
    element(link.id, 'Link', parent, page, kids);
  };

  /** Per depth of the tree: the kids of the reordered element being written there. */
  const kidListsAt: number[][] = [];

  /** Writes an element that has content or keeps its shape (see `written`), after the elements in it. */
  const write = (node: number, parent: number, id: number | PdfRef, depth: number): void => {
    const self = typeof id === 'number' ? id : id.id;
    let role: string = tree.roles[node] as StructureRole;
    if (tree.isHeading(node)) {
      const level = (tree.tags[node] as PdfTag).level ?? 1;
      lastHeading = Math.min(Math.max(1, Math.floor(level)), lastHeading + 1, 6);
      role = `H${lastHeading}`;
    }
    const kids = kidsOf(depth);
    let page = -1;
    const holder = contentElement(tree, node);
    // Most elements' kids are in reading order as laid out: walked as they are linked, not copied.
    const list = tree.isReordered(holder) ? kidsInOrder(tree, holder, (kidListsAt[depth] ??= [])) : undefined;
    let index = 0;
    for (
      let kid = list ? (list.length > 0 ? list[0] : NO_ITEM) : tree.firstKid[holder];
      kid !== NO_ITEM;
      kid = list ? (++index < list.length ? list[index] : NO_ITEM) : tree.nextSibling[kid]
    ) {
      if (!tree.isSlot(kid)) {
        if (!written(tree, kid)) continue;
        const kidId = objectNumber(output);
        write(kid, self, kidId, depth + 1);
        kids.next().reference(kidId);
        continue;
      }
      for (let entry = tree.firstEntry[kid]; entry !== NO_ITEM; entry = tree.entryNext[entry]) {
        const value = tree.entryValue[entry];
        if (value >= 0) {
          if (page < 0) page = pageOf(value);
          contentKid(kids, self, page, value);
        } else {
          const link = tree.linkOf(value);
          writeLink(link, self, depth + 1);
          kids.next().reference(link.id);
        }
      }
    }
    element(id, role, parent, page, kids, tree.hasAttributes(node) ? tree.tags[node] : undefined);
  };

  // The Document element and the ParentTree are pdfkit objects: the structure tree root refers to them.
  const document = written(tree, DOCUMENT) ? output.ref() : undefined;
  if (document) write(DOCUMENT, root.id, document, 0);
  const parentTree = output.ref();
  const nums = objects.begin(parentTree).text('<</Nums [');
  const from = nums.length;
  for (const key of [...parentKeys.keys()].sort((a, b) => a - b)) {
    const value = parentKeys.get(key) as { page: number } | { link: number };
    nums.separator(from).integer(key).text(' ');
    if ('link' in value) nums.reference(value.link);
    else {
      nums.text('[');
      const elements = pages.elements[value.page];
      for (let index = 0; index < elements.length; index++) {
        if (index > 0) nums.text(' ');
        nums.reference(elements[index]);
      }
      nums.text(']');
    }
  }
  nums.text(']>>');
  objects.end();
  objects.flush();
  return { document, parentTree };
}
