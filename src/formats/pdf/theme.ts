/**
 * The PDF look: sizes, colours and families, from `meta.theme` where a layout template sets them
 * (values out of range or malformed fall back to the defaults), plus page geometry.
 */
import type { DocumentMeta, ParagraphStyle } from '../../document/types';
import { type FontFamily, themeFontFamily } from './fonts';

export interface PdfTheme {
  fontSize: number;
  /** Font size per heading level 1..6. */
  headingSizes: [number, number, number, number, number, number];
  textColor: string;
  headingColor: string;
  linkColor: string;
  mutedColor: string;
  bodyFamily: FontFamily;
  headingFamily: FontFamily;
  codeFamily: FontFamily;
  /** Multiplies the space around paragraphs and headings (compact spacing < 1). */
  spacing: number;
}

/** Table rules, quote bars, horizontal rules. */
export const RULE_COLOR = '#a6a6a6';
/** Table header rows, code blocks, inline code. */
export const SHADE_COLOR = '#f0f0f0';

const DEFAULT_FONT_SIZE = 10;
/** Compact spacing keeps a third of the space around paragraphs and headings. */
const COMPACT_SPACING = 0.35;
/**
 * Heading sizes as multiples of the body size. Every level stays above question labels (LABEL_SCALE),
 * and those above headings inside answers (body size): the order a reader of a plan expects.
 */
const HEADING_SCALE = [2, 1.6, 1.3, 1.2, 1.15, 1.1];
const LABEL_SCALE = 1.05;

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const NAMED_COLOR = /^[a-z]{3,20}$/i;

function color(value: string | undefined, fallback: string): string {
  if (!value) return fallback;
  const trimmed = value.trim();
  return HEX_COLOR.test(trimmed) || NAMED_COLOR.test(trimmed) ? trimmed : fallback;
}

function size(value: number | undefined, fallback: number, min: number, max: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max ? value : fallback;
}

export function resolveTheme(meta: DocumentMeta): PdfTheme {
  const theme = meta.theme ?? {};
  const fontSize = size(theme.fontSize, DEFAULT_FONT_SIZE, 6, 24);
  const headingSizes = HEADING_SCALE.map((scale, index) =>
    size(theme.headingSizes?.[index], Math.round(fontSize * scale * 2) / 2, 6, 60),
  ) as PdfTheme['headingSizes'];
  const bodyFamily = themeFontFamily(theme.bodyFont) ?? 'DejaVuSans';
  return {
    fontSize,
    headingSizes,
    textColor: color(theme.textColor, '#1a1a1a'),
    headingColor: color(theme.headingColor, '#1f3864'),
    linkColor: color(theme.linkColor, '#1a5fb4'),
    mutedColor: '#595959',
    bodyFamily,
    headingFamily: themeFontFamily(theme.headingFont) ?? bodyFamily,
    codeFamily: 'DejaVuSansMono',
    spacing: theme.spacing === 'compact' ? COMPACT_SPACING : 1,
  };
}

/** How a paragraph style looks, relative to the theme. */
export interface ParagraphLook {
  fontSize: number;
  bold: boolean;
  italics: boolean;
  color: string;
  family: FontFamily;
  /** Space above and below, in points. */
  spaceBefore: number;
  spaceAfter: number;
}

export function paragraphLook(style: ParagraphStyle | undefined, theme: PdfTheme): ParagraphLook {
  const look = styledLook(style, theme);
  return { ...look, spaceBefore: look.spaceBefore * theme.spacing, spaceAfter: look.spaceAfter * theme.spacing };
}

function styledLook(style: ParagraphStyle | undefined, theme: PdfTheme): ParagraphLook {
  const base: ParagraphLook = {
    fontSize: theme.fontSize,
    bold: false,
    italics: false,
    color: theme.textColor,
    family: theme.bodyFamily,
    spaceBefore: 0,
    spaceAfter: theme.fontSize * 0.6,
  };
  switch (style) {
    case 'title':
      return {
        ...base,
        fontSize: theme.fontSize * 2.4,
        bold: true,
        color: theme.headingColor,
        family: theme.headingFamily,
        spaceAfter: theme.fontSize,
      };
    case 'subtitle':
      return { ...base, fontSize: theme.fontSize * 1.4, color: theme.mutedColor, family: theme.headingFamily };
    case 'label':
      return {
        ...base,
        fontSize: theme.fontSize * LABEL_SCALE,
        bold: true,
        spaceBefore: theme.fontSize * 0.4,
        spaceAfter: theme.fontSize * 0.25,
      };
    case 'caption':
      return { ...base, fontSize: theme.fontSize * 0.85, color: theme.mutedColor };
    case 'note':
      return { ...base, italics: true, color: theme.mutedColor };
    default:
      return base;
  }
}

export function headingLook(level: number, theme: PdfTheme): ParagraphLook {
  const fontSize = theme.headingSizes[Math.min(Math.max(level, 1), 6) - 1];
  return {
    fontSize,
    bold: true,
    italics: false,
    color: theme.headingColor,
    family: theme.headingFamily,
    spaceBefore: fontSize * 0.8 * theme.spacing,
    spaceAfter: fontSize * 0.35 * theme.spacing,
  };
}

/**
 * A heading inside an answer: body size, below the question label it answers; the deepest level
 * in italics, so an answer's own levels stay apart.
 */
export function answerHeadingLook(level: number, theme: PdfTheme): ParagraphLook {
  return {
    fontSize: theme.fontSize,
    bold: true,
    italics: level >= 6,
    color: theme.headingColor,
    family: theme.headingFamily,
    spaceBefore: theme.fontSize * 0.7 * theme.spacing,
    spaceAfter: theme.fontSize * 0.25 * theme.spacing,
  };
}

/** Page sizes in points, portrait. */
const PAGE_SIZES = { A4: { width: 595.28, height: 841.89 }, Letter: { width: 612, height: 792 } } as const;

export interface PageGeometry {
  width: number;
  height: number;
  margins: { top: number; right: number; bottom: number; left: number };
  /** Width and height available to the body text. */
  textWidth: number;
  textHeight: number;
}

/** A margin outside [0, a third of the page] is treated as a mistake and replaced by the default. */
const DEFAULT_MARGIN = 56.7;
const margin = (value: number, pageExtent: number): number =>
  Number.isFinite(value) && value >= 0 && value <= pageExtent / 3 ? value : DEFAULT_MARGIN;

export function pageGeometry(meta: DocumentMeta): PageGeometry {
  const portrait = PAGE_SIZES[meta.pageSize] ?? PAGE_SIZES.A4;
  const landscape = meta.orientation === 'landscape';
  const width = landscape ? portrait.height : portrait.width;
  const height = landscape ? portrait.width : portrait.height;
  const margins = {
    top: margin(meta.margins?.top, height),
    right: margin(meta.margins?.right, width),
    bottom: margin(meta.margins?.bottom, height),
    left: margin(meta.margins?.left, width),
  };
  return {
    width,
    height,
    margins,
    textWidth: width - margins.left - margins.right,
    textHeight: height - margins.top - margins.bottom,
  };
}
