/**
 * What every block handler works with: the document's state, where its block is laid out (the
 * flow), and how to lay out the blocks nested in it. Nesting is bounded: past MAX_DEPTH levels, or
 * when too little width is left, the rest is shown as plain text under a note (flattened.ts).
 */
import type { Block, Direction } from '../../../document/types';
import type { TableOfContents } from '../contents';
import type { HeadingAnchor, HeadingBlock } from '../headings';
import type { Placed } from '../placed';
import type { PageGeometry, PdfTheme } from '../theme';

/** An image embedded once per document, or why it is not shown. */
export type EmbeddedImage = { key: string; width: number; height: number; widthShare: number } | { reason: string };

/** Per-document state shared by all blocks. */
export interface DocumentEnv {
  theme: PdfTheme;
  /** The document's language (BCP 47): hyphenation patterns for words wider than their line. */
  language: string;
  geometry: PageGeometry;
  /** Font files the document uses; loaded into pdfmake's memory before rendering. */
  fontFiles: Set<string>;
  /** pdfmake's image dictionary: key -> data URL. */
  images: Record<string, string>;
  /** Images by a hash of their bytes: the same picture is embedded once however often it appears. */
  embeddedImages: Map<string, EmbeddedImage>;
  /** Decoded pixels the document's images may still use (see images.ts). */
  imagePixelsLeft: number;
  headings: Map<HeadingBlock, HeadingAnchor>;
  /** Ids already placed: a heading object used twice gets its anchor (a unique id) only once. */
  placedAnchors: Set<string>;
  /** The last heading or question label laid out: describes an image that has no alt text or caption. */
  lastLabel?: string;
  /** The block laid out before this one was an image (its caption follows). */
  lastBlockWasImage?: boolean;
  /** Key of the Table element a caption just opened (the table that follows joins it). */
  captionedTable?: string;
  /** The tables of contents laid out, to size their page numbers once the body is known. */
  contents: TableOfContents[];
}

/** Where blocks are being laid out. */
export interface Flow {
  width: number;
  /**
   * Direction of the document, list, table or quote the blocks are in: images and quote bars go
   * on its side. Paragraphs and headings have their own (resolved in document/direction.ts).
   */
  direction?: Direction;
  /** Table header cells: all text bold. */
  bold: boolean;
  /** Inside a list item: paragraphs sit closer together. */
  inList?: boolean;
  /** How many lists this flow sits in (picks the bullet). */
  listLevel?: number;
  /** Text size relative to the theme's (tables too wide for their words are set smaller). */
  fontScale?: number;
}

/** Deeper nesting (lists, quotes, table cells) is shown as plain text: pdfmake would only draw slivers. */
export const MAX_DEPTH = 12;
/**
 * The narrowest text width a quote, list item or table column gets; with less room left, content
 * is not nested further, and tables continue in bands of columns below one another.
 */
export const minTextWidth = (env: DocumentEnv): number => 3 * env.theme.fontSize;

export const mirrored = (flow: Flow): boolean => flow.direction === 'rtl';

/** Lays out blocks at a nesting depth (the dispatcher in index.ts; handlers get it so as not to import it). */
export type LayBlocks = (items: Block[], flow: Flow, env: DocumentEnv, depth: number) => Placed[];

/** What a handler gets with its block. */
export interface BlockContext {
  flow: Flow;
  env: DocumentEnv;
  /** How deep the block is nested (lists, quotes, table cells). */
  depth: number;
  /** The block after it at the same depth (an image's caption, a caption's table). */
  next: Block | undefined;
  lay: LayBlocks;
}

/** Lays out one kind of block; undefined when it shows nothing (an empty list or table). */
export type BlockHandler<Type extends Block['type']> = (
  block: Extract<Block, { type: Type }>,
  context: BlockContext,
) => Placed | undefined;
