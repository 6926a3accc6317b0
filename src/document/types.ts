/**
 * The document model: a small AST of blocks and inlines, the pivot between layouts (plan view ->
 * document) and writers (document -> DOCX / PDF), as pandoc's AST is. Plain data only (no
 * classes, no functions), so it crosses worker threads and serialises to JSON for tests.
 */

export interface Marks {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  sub?: boolean;
  sup?: boolean;
  /** Inline code (monospace). */
  code?: boolean;
}

export type Inline =
  | { type: 'text'; text: string; marks?: Marks }
  /** Only http, https and mailto hrefs reach the model. */
  | { type: 'link'; href: string; children: Inline[] }
  | { type: 'break' };

export type Direction = 'ltr' | 'rtl';

/**
 * A block's base direction: `dir` as the source says it (an element's or an ancestor's `dir`
 * attribute), `direction` as resolved for writers by direction.ts (from `dir`, else the first
 * strong character, else the container's direction).
 */
export interface BlockDirection {
  dir?: Direction;
  direction?: Direction;
}

/** Text direction and language of a block, from `dir` / `lang` in the source. */
export interface Directional extends BlockDirection {
  lang?: string;
}

export type ParagraphStyle =
  /** Body text. */
  | 'normal'
  /** Cover page: the document title and the lines under it. */
  | 'title'
  | 'subtitle'
  /** A field or question label printed before its answer. */
  | 'label'
  /** Question guidance, metadata lines (template, status), image captions. */
  | 'caption'
  /** A visible note that something could not be rendered, or is unanswered. */
  | 'note';

export type Align = 'left' | 'center' | 'right' | 'justify';

export interface ImageBlock {
  type: 'image';
  data: Uint8Array;
  mimeType: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/bmp';
  /** Intrinsic size in pixels; writers scale down to the text width, keeping the ratio. */
  width: number;
  height: number;
  alt?: string;
  align?: Align;
  /** Display width in points when the source asks for one (`<img width>`); capped at the text width. */
  displayWidth?: number;
}

export interface TableCell {
  blocks: Block[];
  colSpan?: number;
  rowSpan?: number;
}

export interface TableRow {
  cells: TableCell[];
}

export type Block =
  | ({
      type: 'heading';
      level: 1 | 2 | 3 | 4 | 5 | 6;
      content: Inline[];
      /** listed in the table of contents and outline (default true) */
      toc?: boolean;
      /** a heading inside an answer (rich text), nested below its section (see answerHeadings.ts): it ranks below question labels */
      answer?: boolean;
    } & Directional)
  | ({ type: 'paragraph'; content: Inline[]; style?: ParagraphStyle; align?: Align } & Directional)
  | ({ type: 'list'; ordered: boolean; start?: number; items: Block[][] } & BlockDirection)
  /** The first `headerRows` rows are header rows (repeated on each page). A right-to-left table is drawn mirrored. */
  | ({ type: 'table'; rows: TableRow[]; headerRows: number } & BlockDirection)
  | ({ type: 'blockquote'; children: Block[] } & BlockDirection)
  | { type: 'code'; text: string }
  | { type: 'rule' }
  | ImageBlock
  /**
   * `auto`: only where the page is short of room, that is where less than a share of its text height
   * is left (look.ts autoPageBreakRoom; the `description-page-break` option); writers without pages ignore it.
   */
  | { type: 'pageBreak'; auto?: boolean }
  /** Where the table of contents goes; writers fill it from the headings of levels 1 to `levels` (default 3). */
  | { type: 'toc'; title: string; levels?: number };

export type PageSize = 'A4' | 'Letter';

/** PDF look, from a layout template's manifest; writers fall back to their defaults. */
export interface Theme {
  fontSize?: number;
  headingSizes?: number[];
  textColor?: string;
  headingColor?: string;
  linkColor?: string;
  /** Font family names the writers know (see the PDF writer's font table). */
  bodyFont?: string;
  headingFont?: string;
  /** `compact`: less space around paragraphs and headings (the `compact-spacing` option). */
  spacing?: 'normal' | 'compact';
}

/** Funder rules a layout declares (manifest `compliance`), checked on the PDF after rendering. */
export interface ComplianceRules {
  /** Where the rules come from, named in every problem ("plan-template:template.json"). */
  source: string;
  /** The preset the rules started from, if any ("nsf"). */
  preset?: string;
  maxPages?: number;
  minFontPt?: number;
  minMarginMm?: number;
  pageSize?: PageSize;
}

export interface DocumentMeta {
  title: string;
  subject?: string;
  author?: string;
  keywords?: string[];
  /** BCP 47 / ISO 639-1 language of the document, e.g. "en". */
  language: string;
  /** The language's direction: that of empty or neutral text (digits only) and of the page furniture. */
  direction: Direction;
  /** Text of the running header on every page (the plan title). */
  headerText: string;
  /** Footer text with `{page}` and `{pages}` placeholders, e.g. "Page {page} of {pages}". */
  footerText: string;
  pageSize: PageSize;
  orientation: 'portrait' | 'landscape';
  /** Page margins in points (1/72 inch). */
  margins: { top: number; right: number; bottom: number; left: number };
  theme?: Theme;
  /** Page budget and funder rules to check the PDF against; writers ignore them. */
  compliance?: ComplianceRules;
}

export interface DocumentModel {
  meta: DocumentMeta;
  blocks: Block[];
}
