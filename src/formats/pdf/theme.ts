/**
 * The PDF look: the document look (document/look.ts, shared with the DOCX and HTML writers) in the
 * families this writer embeds, plus page geometry.
 */
import { type DocumentLook, documentLook, headingTextLook, type TextLook } from '../../document/look';
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
  /** The shared look the values above come from. */
  look: DocumentLook;
}

const DEFAULT_LOOK = documentLook(undefined);
/** Table rules, quote bars, horizontal rules. */
export const RULE_COLOR = DEFAULT_LOOK.colors.rule;
/** Table header rows, code blocks, inline code. */
export const SHADE_COLOR = DEFAULT_LOOK.colors.shade;

export function resolveTheme(meta: DocumentMeta): PdfTheme {
  const look = documentLook(meta.theme);
  // A family this writer does not embed (a template's "Georgia") is drawn in DejaVu Sans.
  const bodyFamily = themeFontFamily(look.fonts.body) ?? 'DejaVuSans';
  return {
    fontSize: look.fontSize,
    headingSizes: look.headings.map((heading) => heading.size) as PdfTheme['headingSizes'],
    textColor: look.colors.text,
    headingColor: look.colors.heading,
    linkColor: look.colors.link,
    mutedColor: look.colors.muted,
    bodyFamily,
    headingFamily: themeFontFamily(look.fonts.heading) ?? bodyFamily,
    codeFamily: 'DejaVuSansMono',
    spacing: look.spacing,
    look,
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

function pdfLook(text: TextLook, theme: PdfTheme): ParagraphLook {
  return {
    fontSize: text.size,
    bold: text.bold,
    italics: text.italic,
    color: text.color,
    family: text.font === 'code' ? theme.codeFamily : text.font === 'heading' ? theme.headingFamily : theme.bodyFamily,
    spaceBefore: text.spaceBefore,
    spaceAfter: text.spaceAfter,
  };
}

export function paragraphLook(style: ParagraphStyle | undefined, theme: PdfTheme): ParagraphLook {
  return pdfLook(theme.look.paragraphs[style ?? 'normal'] ?? theme.look.paragraphs.normal, theme);
}

export function headingLook(level: number, theme: PdfTheme): ParagraphLook {
  return pdfLook(headingTextLook(theme.look, level), theme);
}

/**
 * A heading inside an answer: body size, below the question label it answers; the deepest level
 * in italics, so an answer's own levels stay apart.
 */
export function answerHeadingLook(level: number, theme: PdfTheme): ParagraphLook {
  return pdfLook(headingTextLook(theme.look, level, true), theme);
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
