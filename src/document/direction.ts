/**
 * The base direction of every paragraph, heading, list, table and quote, decided once for all
 * writers (Unicode bidi rules P2-P3, as HTML's `dir="auto"` does): the source's `dir` if it gave
 * one, else the direction of the block's first strong character, else that of its container
 * (the document's language at the top). So an English answer in an Arabic plan reads left to
 * right, and only empty or neutral text (digits, punctuation) follows the plan's language.
 *
 * A list, table or quote takes the direction of the first strong character of its content; its
 * paragraphs still decide for themselves, and fall back to it. Writers mirror a table, and put
 * list markers and a quote's bar on the right, only for right-to-left blocks.
 */
import bidiFactory from 'bidi-js';
import type { Block, Direction, DocumentModel, Inline, TableRow } from './types';

const bidi = bidiFactory();

const LRI = 0x2066;
const FSI = 0x2068;
const PDI = 0x2069;

/** The right-to-left scripts, as the inside of a regular-expression class (`u` flag). */
export const RIGHT_TO_LEFT_SCRIPTS =
  '\\p{Script=Arabic}\\p{Script=Hebrew}\\p{Script=Syriac}\\p{Script=Thaana}\\p{Script=Nko}\\p{Script=Samaritan}\\p{Script=Mandaic}\\p{Script=Adlam}\\p{Script=Hanifi_Rohingya}';

/** Scanning state carried across the inlines of one paragraph: open isolates are skipped (rule P2). */
interface Scan {
  isolates: number;
}

/** The direction of a character of strong type (L, R, AL), else undefined. */
export function strongDirection(char: string): Direction | undefined {
  const code = char.charCodeAt(0);
  if (code < 0x80) return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) ? 'ltr' : undefined;
  const type = bidi.getBidiCharTypeName(char);
  return type === 'L' ? 'ltr' : type === 'R' || type === 'AL' ? 'rtl' : undefined;
}

/** One pass over the text, stopping at the first strong character. */
function scanText(text: string, scan: Scan): Direction | undefined {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) {
      if (scan.isolates === 0 && ((code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a))) return 'ltr';
      continue;
    }
    if (code >= LRI && code <= FSI) {
      scan.isolates++;
      continue;
    }
    if (code === PDI) {
      if (scan.isolates > 0) scan.isolates--;
      continue;
    }
    if (scan.isolates > 0) continue;
    const pair = code >= 0xd800 && code <= 0xdbff && index + 1 < text.length;
    const direction = strongDirection(pair ? text.slice(index, index + 2) : text[index]);
    if (direction) return direction;
    if (pair) index++;
  }
  return undefined;
}

/** Direction of the first strong character of a text (rules P2/P3), if it has one. */
export function firstStrongDirection(text: string): Direction | undefined {
  return scanText(text, { isolates: 0 });
}

function scanInlines(inlines: readonly Inline[], scan: Scan): Direction | undefined {
  for (const inline of inlines) {
    const direction =
      inline.type === 'text'
        ? scanText(inline.text, scan)
        : inline.type === 'link'
          ? scanInlines(inline.children, scan)
          : undefined;
    if (direction) return direction;
  }
  return undefined;
}

/** Direction of the first strong character of inline content, if it has one. */
export function inlinesDirection(inlines: readonly Inline[]): Direction | undefined {
  return scanInlines(inlines, { isolates: 0 });
}

/** A block's own direction: its `dir`, else its first strong character; undefined for neutral or textless blocks. */
function ownDirection(block: Block): Direction | undefined {
  switch (block.type) {
    case 'heading':
    case 'paragraph':
      return block.dir ?? inlinesDirection(block.content);
    case 'list':
      return block.dir ?? firstDirection(block.items);
    case 'table':
      return block.dir ?? rowsDirection(block.rows);
    case 'blockquote':
      return block.dir ?? blocksDirection(block.children);
    default:
      // Code reads left to right whatever its text; images, rules and breaks have none.
      return undefined;
  }
}

/** The first direction among blocks in reading order. */
function blocksDirection(blocks: readonly Block[]): Direction | undefined {
  for (const block of blocks) {
    const direction = ownDirection(block);
    if (direction) return direction;
  }
  return undefined;
}

function firstDirection(groups: readonly (readonly Block[])[]): Direction | undefined {
  for (const blocks of groups) {
    const direction = blocksDirection(blocks);
    if (direction) return direction;
  }
  return undefined;
}

function rowsDirection(rows: readonly TableRow[]): Direction | undefined {
  for (const row of rows) {
    for (const cell of row.cells) {
      const direction = blocksDirection(cell.blocks);
      if (direction) return direction;
    }
  }
  return undefined;
}

/** The resolved direction of a block that has one (see resolveDirections). */
export function blockDirection(block: Block | undefined): Direction | undefined {
  return block && 'direction' in block ? block.direction : undefined;
}

/**
 * The blocks with `direction` set on every heading, paragraph, list, table and quote, nested ones
 * included; `fallback` is the direction of neutral text at this level. Pure: resolved blocks are
 * copies (a block already resolved comes back as it is), and a block object used twice is
 * resolved once, so it stays one object.
 */
export function resolveDirections(blocks: readonly Block[], fallback: Direction): Block[] {
  const resolved = new Map<Block, Block>();
  const all = (items: readonly Block[], inherited: Direction): Block[] => items.map((item) => one(item, inherited));
  const one = (block: Block, inherited: Direction): Block => {
    let result = resolved.get(block);
    if (result) return result;
    const direction = ownDirection(block) ?? inherited;
    switch (block.type) {
      case 'heading':
      case 'paragraph':
        result = block.direction === direction ? block : { ...block, direction };
        break;
      case 'list':
        result = { ...block, direction, items: block.items.map((item) => all(item, direction)) };
        break;
      case 'table':
        result = {
          ...block,
          direction,
          rows: block.rows.map((row) => ({
            cells: row.cells.map((cell) => ({ ...cell, blocks: all(cell.blocks, direction) })),
          })),
        };
        break;
      case 'blockquote':
        result = { ...block, direction, children: all(block.children, direction) };
        break;
      default:
        result = block;
    }
    resolved.set(block, result);
    return result;
  };
  return all(blocks, fallback);
}

/** The document with every block's direction resolved, the language's direction as the default. */
export function resolveDocumentDirections(document: DocumentModel): DocumentModel {
  return { meta: document.meta, blocks: resolveDirections(document.blocks, document.meta.direction) };
}
