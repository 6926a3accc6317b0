/**
 * The document look: fonts, type scale, spacing and colours, in one place that the PDF writer
 * (formats/pdf/theme.ts), the DOCX styles (formats/docx/styles.ts) and the HTML stylesheet read, so
 * the three agree. Sizes and spaces are in points; a layout's `theme` (DocumentMeta.theme) may change
 * the body size, the heading sizes, the colours and the fonts, and values out of range fall back.
 *
 * The heading scale: every level is smaller than the one above it and set apart by weight or slant
 * (levels 1-3 bold, 4 bold italic, 5 bold, 6 italic); every level stays above question labels, and
 * those above headings inside answers (bold body text): the order a reader of a plan expects.
 */
import type { ParagraphStyle, Theme } from './types';

export type FontRole = 'body' | 'heading' | 'code';

/** How one kind of text looks. */
export interface TextLook {
  /** Points. */
  size: number;
  bold: boolean;
  italic: boolean;
  /** "#rrggbb", "#rgb" or a CSS colour name. */
  color: string;
  font: FontRole;
  /** Space above and below the paragraph, in points (compact spacing already applied). */
  spaceBefore: number;
  spaceAfter: number;
}

export interface DocumentLook {
  /** Body text size, in points. */
  fontSize: number;
  /** Line height as a multiple of the font's own (its ascent plus descent). */
  lineSpacing: number;
  /** Family names: the template's, or DejaVu Sans and DejaVu Sans Mono, which the PDF embeds. */
  fonts: Record<FontRole, string>;
  colors: { text: string; heading: string; link: string; muted: string; rule: string; shade: string };
  /** Levels 1 to 6. */
  headings: TextLook[];
  /** Headings inside an answer (rich text): bold body text, below the question label they answer. */
  answerHeadings: TextLook[];
  paragraphs: Record<ParagraphStyle, TextLook>;
  /** Code blocks. */
  code: TextLook;
  /** Space after a table, an image, a code block, a list; in points. */
  blockSpaceAfter: number;
  /** Space after each item of a list but the last, in points. */
  listItemSpaceAfter: number;
  /** Multiplies the space around paragraphs and headings (compact spacing < 1). */
  spacing: number;
  /** The share of a page's text height below which an automatic page break starts a new page. */
  autoPageBreakRoom: number;
}

/** Families the writers know how to fall back from, and what they fall back to. */
export interface FontFallback {
  /** Fonts of about the same widths that a reader's system is likely to have, best first. */
  alternatives: string[];
  /** The CSS generic family; Word's font family class (swiss, roman, modern). */
  generic: 'sans-serif' | 'serif' | 'monospace';
  /** The PANOSE-1 classification, as Word's font table writes it (20 hex digits). */
  panose: string;
}

/**
 * Where the reader's Word lacks DejaVu (Windows and macOS do not ship it), it substitutes from the
 * font table: Verdana, drawn from the same Vera design, is about as wide, so text sized for DejaVu
 * still fits; then any sans-serif.
 */
export const FONT_FALLBACKS: Readonly<Record<string, FontFallback>> = {
  'DejaVu Sans': { alternatives: ['Verdana', 'Arial'], generic: 'sans-serif', panose: '020B0603030804020204' },
  'DejaVu Serif': { alternatives: ['Georgia', 'Times New Roman'], generic: 'serif', panose: '02060603050605020204' },
  'DejaVu Sans Mono': {
    alternatives: ['Consolas', 'Courier New'],
    generic: 'monospace',
    panose: '020B0609030804020204',
  },
};

export const DEFAULT_FONTS: Readonly<Record<FontRole, string>> = {
  body: 'DejaVu Sans',
  heading: 'DejaVu Sans',
  code: 'DejaVu Sans Mono',
};

/** Space between a table cell's rules and its text, in points: 4 at the sides, 3 above and below. */
export const TABLE_CELL_PADDING = { x: 4, y: 3 } as const;

/**
 * Where a `description-page-break: auto` starts a new page: when less than this share of the page's
 * text height is left below it (about 18 lines of body text on an A4 page with 1-inch margins).
 * Compact spacing scales it down as it does the space around headings (to about 6 lines).
 */
export const AUTO_PAGE_BREAK_ROOM = 1 / 3;

const DEFAULT_FONT_SIZE = 10;
const LINE_SPACING = 1.1;
/** Compact spacing keeps a third of the space around paragraphs and headings. */
const COMPACT_SPACING = 0.35;

/** Heading sizes as multiples of the body size, weight and slant, levels 1 to 6. */
const HEADING_SCALE: { scale: number; bold: boolean; italic: boolean }[] = [
  { scale: 2, bold: true, italic: false },
  { scale: 1.6, bold: true, italic: false },
  { scale: 1.35, bold: true, italic: false },
  { scale: 1.2, bold: true, italic: true },
  { scale: 1.15, bold: true, italic: false },
  { scale: 1.1, bold: false, italic: true },
];
/** Question labels: bold, a little larger than body text and the headings inside answers. */
const LABEL_SCALE = 1.05;

const COLORS = {
  text: '#1a1a1a',
  heading: '#1f3864',
  link: '#1a5fb4',
  muted: '#595959',
  rule: '#a6a6a6',
  shade: '#f0f0f0',
};

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const NAMED_COLOR = /^[a-z]{3,20}$/i;

function color(value: string | undefined, fallback: string): string {
  if (typeof value !== 'string') return fallback;
  const trimmed = value.trim();
  return HEX_COLOR.test(trimmed) || NAMED_COLOR.test(trimmed) ? trimmed : fallback;
}

function size(value: number | undefined, fallback: number, min: number, max: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max ? value : fallback;
}

/** Points rounded to half points, the step Word sizes fonts in. */
const halfPoints = (points: number): number => Math.round(points * 2) / 2;

/**
 * A font name a template gave, as every writer can carry it: letters, digits, spaces and hyphens
 * (it goes into Word's XML and the HTML stylesheet), at most 31 characters (Word's limit).
 */
export function fontName(value: string | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  const name = value.trim().replace(/\s+/g, ' ');
  return /^[\p{L}\p{N}][\p{L}\p{N} -]{0,30}$/u.test(name) ? name : undefined;
}

/** The look of a document whose layout sets `theme`. */
export function documentLook(theme: Theme | undefined): DocumentLook {
  const fontSize = size(theme?.fontSize, DEFAULT_FONT_SIZE, 6, 24);
  const spacing = theme?.spacing === 'compact' ? COMPACT_SPACING : 1;
  const colors = {
    ...COLORS,
    text: color(theme?.textColor, COLORS.text),
    heading: color(theme?.headingColor, COLORS.heading),
    link: color(theme?.linkColor, COLORS.link),
  };
  const body = fontName(theme?.bodyFont) ?? DEFAULT_FONTS.body;
  const fonts: Record<FontRole, string> = {
    body,
    heading: fontName(theme?.headingFont) ?? body,
    code: DEFAULT_FONTS.code,
  };
  const text = (look: Partial<TextLook>): TextLook => {
    const full: TextLook = {
      size: fontSize,
      bold: false,
      italic: false,
      color: colors.text,
      font: 'body',
      spaceBefore: 0,
      spaceAfter: fontSize * 0.6,
      ...look,
    };
    return { ...full, spaceBefore: full.spaceBefore * spacing, spaceAfter: full.spaceAfter * spacing };
  };
  const headings = HEADING_SCALE.map(({ scale, bold, italic }, index) => {
    const headingSize = size(theme?.headingSizes?.[index], halfPoints(fontSize * scale), 6, 60);
    return text({
      size: headingSize,
      bold,
      italic,
      color: colors.heading,
      font: 'heading',
      spaceBefore: headingSize * 0.8,
      spaceAfter: headingSize * 0.35,
    });
  });
  const answerHeadings = HEADING_SCALE.map((_, index) =>
    text({
      bold: true,
      // The deepest level in italics, so an answer's own levels stay apart.
      italic: index >= 5,
      color: colors.heading,
      font: 'heading',
      spaceBefore: fontSize * 0.7,
      spaceAfter: fontSize * 0.25,
    }),
  );
  const paragraphs: Record<ParagraphStyle, TextLook> = {
    normal: text({}),
    // A title opens the document (the cover's title block): set a little down the page.
    title: text({
      size: halfPoints(fontSize * 2.4),
      bold: true,
      color: colors.heading,
      font: 'heading',
      spaceBefore: fontSize * 5,
      spaceAfter: fontSize * 0.6,
    }),
    subtitle: text({
      size: halfPoints(fontSize * 1.4),
      color: colors.muted,
      font: 'heading',
      spaceAfter: fontSize,
    }),
    label: text({
      size: halfPoints(fontSize * LABEL_SCALE),
      bold: true,
      spaceBefore: fontSize * 0.4,
      spaceAfter: fontSize * 0.25,
    }),
    caption: text({ size: halfPoints(fontSize * 0.85), color: colors.muted }),
    note: text({ italic: true, color: colors.muted }),
  };
  return {
    fontSize,
    lineSpacing: LINE_SPACING,
    fonts,
    colors,
    headings,
    answerHeadings,
    paragraphs,
    code: text({ size: halfPoints(fontSize * 0.9), font: 'code', spaceAfter: fontSize * 0.8 }),
    blockSpaceAfter: fontSize * 0.8,
    listItemSpaceAfter: fontSize * 0.25 * spacing,
    spacing,
    autoPageBreakRoom: AUTO_PAGE_BREAK_ROOM * spacing,
  };
}

/** The look of a heading of `level` (clamped to 1-6). */
export function headingTextLook(look: DocumentLook, level: number, inAnswer = false): TextLook {
  const index = Math.min(Math.max(Math.floor(level) || 1, 1), 6) - 1;
  return (inAnswer ? look.answerHeadings : look.headings)[index];
}
