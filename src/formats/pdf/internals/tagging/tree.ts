/**
 * The structure tree of a tagged document: built while pdfmake lays the document out
 * (structure.ts), filled with marked content while the pages are drawn (marking.ts), written once
 * every page is drawn (elements.ts).
 *
 * Held in typed arrays rather than an object per element: a 100-description plan has ~17,000
 * elements and ~11,000 slots, alive from its layout to the end of the export. As objects, each
 * with an array of kids (and each slot with an array of entries), they were ~4.5 MB that every
 * young collection of a tagged export copied and every full one marked. Here they are ~1 MB of
 * arrays the collector does not look into, and two plain arrays (roles and tags) of one slot each.
 *
 * An item is a number from 0 (the Document element): an element or a slot. A slot is where the
 * marked content of drawn items goes among its element's kids: the items placed one after the
 * other in an element share one (lines are drawn in the order they are placed).
 */
import type { DocumentTagging, PdfTag, StructureRole } from '../../tags';
import type { PdfRef } from '../objectStreams';

/** No item: the end of a list of kids or entries, the parent of the root. */
export const NO_ITEM = -1;

/** The root: the Document element. */
export const DOCUMENT = 0;

/** A marked-content sequence, as one number: its page (an index of `MarkedPages`) and its MCID. */
export type MarkedContent = number;

/** A Link element, created while drawing: its annotations need its object number at once. */
export interface LinkElement {
  id: number;
  kids: (MarkedContent | { annotation: PdfRef; page: PdfRef })[];
}

const FILLED = 1;
const REORDERED = 2;
const SLOT = 4;
const KEEPS_ITS_SHAPE = 8;
const HOLDS_ITS_PARAGRAPH = 16;
const PLAIN_PARAGRAPH = 32;
const HAS_ATTRIBUTES = 64;
const HEADING = 128;

/** Elements written even when empty: a table keeps its shape. */
const KEEP_THEIR_SHAPE = new Set<StructureRole>(['TD', 'TH', 'TR']);

/**
 * Elements that hold the content of their only paragraph themselves, when it is a plain one (a P
 * with nothing of its own to say: no language, no replacement text). Most cells and list items
 * hold one paragraph: one element less for each, the same text in the same place (TD, TH and
 * LBody may hold content).
 */
const HOLD_THEIR_PARAGRAPH = new Set<StructureRole>(['TD', 'TH', 'LBody']);

/** What the element's role and tag say, once (the tags are objects of many shapes). */
function kindOf(role: StructureRole | undefined, tag: PdfTag | undefined): number {
  if (role === undefined || tag === undefined) return SLOT;
  let kind = 0;
  if (KEEP_THEIR_SHAPE.has(role)) kind |= KEEPS_ITS_SHAPE;
  if (HOLD_THEIR_PARAGRAPH.has(role)) kind |= HOLDS_ITS_PARAGRAPH;
  const saysItsOwn = !!tag.lang || tag.actualText !== undefined || tag.alt !== undefined;
  if (role === 'P' && !saysItsOwn) kind |= PLAIN_PARAGRAPH;
  if (saysItsOwn || !!tag.scope || (tag.colSpan ?? 0) > 1 || (tag.rowSpan ?? 0) > 1) kind |= HAS_ATTRIBUTES;
  if (tag.role === 'H') kind |= HEADING;
  return kind;
}

const grown = <T extends Int32Array | Uint8Array | Float64Array>(array: T, length: number): T => {
  const larger = new (array.constructor as new (length: number) => T)(length);
  larger.set(array);
  return larger;
};

export class StructureTree {
  /** Items so far. */
  private size = 0;
  /** Per item: its element (a slot's element, an element's parent; NO_ITEM for the root). */
  parent: Int32Array;
  /** Per element: its first and last kid (elements and slots, in layout order), and how many. */
  firstKid: Int32Array;
  lastKid: Int32Array;
  kidCount: Int32Array;
  /** Per item: the next kid of its element. */
  nextSibling: Int32Array;
  /** Per slot: its first and last entry. */
  firstEntry: Int32Array;
  lastEntry: Int32Array;
  private flags: Uint8Array;
  /** Per item: an element's role and tag (undefined for a slot). */
  readonly roles: (StructureRole | undefined)[] = [];
  readonly tags: (PdfTag | undefined)[] = [];

  /** Per entry: a marked-content sequence (>= 0), or a Link element (-1 - its index in `links`). */
  entryValue = new Float64Array(1024);
  /** Per entry: the next entry of its slot. */
  entryNext = new Int32Array(1024);
  private entries = 0;
  readonly links: LinkElement[] = [];
  /** Per element with kids that have a key: those kids, by role and key. */
  private readonly keyed = new Map<number, Map<string, number>>();

  constructor(
    readonly document: DocumentTagging,
    rootTag: PdfTag,
    capacity = 1024,
  ) {
    this.parent = new Int32Array(capacity);
    this.firstKid = new Int32Array(capacity);
    this.lastKid = new Int32Array(capacity);
    this.kidCount = new Int32Array(capacity);
    this.nextSibling = new Int32Array(capacity);
    this.firstEntry = new Int32Array(capacity);
    this.lastEntry = new Int32Array(capacity);
    this.flags = new Uint8Array(capacity);
    this.add(NO_ITEM, 'Document', rootTag);
  }

  private add(parent: number, role: StructureRole | undefined, tag: PdfTag | undefined): number {
    const item = this.size++;
    if (item === this.parent.length) this.grow();
    this.parent[item] = parent;
    this.firstKid[item] = NO_ITEM;
    this.lastKid[item] = NO_ITEM;
    this.kidCount[item] = 0;
    this.nextSibling[item] = NO_ITEM;
    this.firstEntry[item] = NO_ITEM;
    this.lastEntry[item] = NO_ITEM;
    this.flags[item] = kindOf(role, tag);
    this.roles.push(role);
    this.tags.push(tag);
    if (parent !== NO_ITEM) {
      const last = this.lastKid[parent];
      if (last === NO_ITEM) this.firstKid[parent] = item;
      else this.nextSibling[last] = item;
      this.lastKid[parent] = item;
      this.kidCount[parent]++;
    }
    return item;
  }

  private grow(): void {
    const length = this.parent.length * 2;
    this.parent = grown(this.parent, length);
    this.firstKid = grown(this.firstKid, length);
    this.lastKid = grown(this.lastKid, length);
    this.kidCount = grown(this.kidCount, length);
    this.nextSibling = grown(this.nextSibling, length);
    this.firstEntry = grown(this.firstEntry, length);
    this.lastEntry = grown(this.lastEntry, length);
    this.flags = grown(this.flags, length);
  }

  /**
   * The element of this tag in `parent`: a new one, or the one already there with the same role
   * and key (table rows gather their cells, a paragraph cut across pages stays one P).
   */
  element(parent: number, tag: PdfTag): number {
    const role = (tag.role === 'H' ? 'H1' : tag.role) as StructureRole;
    const lookup = tag.key === undefined ? undefined : `${tag.role}:${tag.key}`;
    const byKey = lookup === undefined ? undefined : this.keyed.get(parent);
    const found = lookup === undefined ? undefined : byKey?.get(lookup);
    if (found !== undefined) return found;
    const element = this.add(parent, role, tag);
    if (role === 'Lbl' || tag.order !== undefined) this.flags[parent] |= REORDERED;
    if (lookup !== undefined) {
      if (byKey) byKey.set(lookup, element);
      else this.keyed.set(parent, new Map([[lookup, element]]));
    }
    return element;
  }

  /** The element's slot for an item placed now: its last kid, when nothing else has joined it since. */
  slotIn(element: number): number {
    const last = this.lastKid[element];
    return last !== NO_ITEM && this.isSlot(last) ? last : this.add(element, undefined, undefined);
  }

  private has(item: number, flag: number): boolean {
    return (this.flags[item] & flag) !== 0;
  }

  isSlot(item: number): boolean {
    return this.has(item, SLOT);
  }

  /** A table's cell or row: written even when empty. */
  keepsItsShape(element: number): boolean {
    return this.has(element, KEEPS_ITS_SHAPE);
  }

  /** A cell or a list item's body: it holds the content of a plain paragraph that is its only kid. */
  holdsItsParagraph(element: number): boolean {
    return this.has(element, HOLDS_ITS_PARAGRAPH);
  }

  /** A P with nothing of its own to say: no language, no replacement text. */
  isPlainParagraph(element: number): boolean {
    return this.has(element, PLAIN_PARAGRAPH);
  }

  /** It may have entries of its own to write (a language, replacement text, table attributes). */
  hasAttributes(element: number): boolean {
    return this.has(element, HAS_ATTRIBUTES);
  }

  /** A heading numbered when written (role 'H' with a level). */
  isHeading(element: number): boolean {
    return this.has(element, HEADING);
  }

  /** Some content was marked in the element or under it (empty elements are left out). */
  isFilled(element: number): boolean {
    return this.has(element, FILLED);
  }

  /** Its kids are not in reading order as laid out: a list item's Lbl, cells of a mirrored row. */
  isReordered(element: number): boolean {
    return this.has(element, REORDERED);
  }

  /** Content was marked in the element: it and the elements around it are written. */
  fill(element: number): void {
    for (let item = element; item !== NO_ITEM && !this.isFilled(item); item = this.parent[item])
      this.flags[item] |= FILLED;
  }

  /** A marked-content sequence, after the slot's entries so far. */
  addContent(slot: number, content: MarkedContent): void {
    this.addEntry(slot, content);
  }

  /** A Link element, after the slot's entries so far. */
  addLink(slot: number, link: LinkElement): void {
    this.addEntry(slot, -1 - (this.links.push(link) - 1));
  }

  /** The Link element an entry value below 0 stands for. */
  linkOf(value: number): LinkElement {
    return this.links[-1 - value];
  }

  private addEntry(slot: number, value: number): void {
    const entry = this.entries++;
    if (entry === this.entryValue.length) {
      this.entryValue = grown(this.entryValue, entry * 2);
      this.entryNext = grown(this.entryNext, entry * 2);
    }
    this.entryValue[entry] = value;
    this.entryNext[entry] = NO_ITEM;
    const last = this.lastEntry[slot];
    if (last === NO_ITEM) this.firstEntry[slot] = entry;
    else this.entryNext[last] = entry;
    this.lastEntry[slot] = entry;
  }
}
