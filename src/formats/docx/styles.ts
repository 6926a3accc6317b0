/**
 * The named styles of our DOCX output. Content refers to styles by id, never by direct formatting, so a
 * Word shell template's own styles (Heading1, Title, ...) restyle the body, and people can restyle a
 * downloaded document in one place. Ids are the ones Word knows for its built-in styles where one fits.
 */
import type { ICharacterStyleOptions, IParagraphStyleOptions, IStylesOptions } from 'docx';
import type { DocumentMeta, ParagraphStyle, Theme } from '../../document/types';
import { hexColor, runLanguage, xmlSafe } from './text';

export const StyleId = {
  title: 'Title',
  subtitle: 'Subtitle',
  label: 'Label',
  note: 'Note',
  caption: 'Caption',
  quote: 'Quote',
  code: 'Code',
  inlineCode: 'HTMLCode',
  hyperlink: 'Hyperlink',
  tocHeading: 'TOCHeading',
  table: 'TableGrid',
  header: 'Header',
  footer: 'Footer',
} as const;

export type HeadingLevelNumber = 1 | 2 | 3 | 4 | 5 | 6;

/** Headings left out of the table of contents and the outline look like theirs, on a style of their own. */
export const headingStyleId = (level: HeadingLevelNumber, inContents: boolean): string =>
  inContents ? `Heading${level}` : `Heading${level}NotInContents`;

export const paragraphStyleId: Record<ParagraphStyle, string | undefined> = {
  normal: undefined,
  title: StyleId.title,
  subtitle: StyleId.subtitle,
  label: StyleId.label,
  caption: StyleId.caption,
  note: StyleId.note,
};

const MONOSPACE = 'Courier New';
const DEFAULTS = {
  fontSize: 11,
  headingSizes: [16, 13, 12, 11, 11, 11],
  headingColor: '1F4E79',
  linkColor: '0563C1',
};
/**
 * Paragraph spacing of our styles in twips, before the theme scales it (compact spacing). The page
 * estimate (pageEstimate.ts) reads the same numbers, so it lays text out as Word will.
 */
export const SPACING = {
  body: { after: 120, line: 264 },
  heading: (level: number) => ({ before: level === 1 ? 360 : level === 2 ? 280 : 200, after: 80 }),
  title: { after: 240 },
  subtitle: { after: 200 },
  label: { before: 160, after: 40 },
  caption: { before: 40, after: 160 },
  code: { before: 60, after: 120, line: 240 },
  /**
   * TOC1-TOC9, the entries of the table of contents: tighter than Word's own (100 twips after each),
   * so 30 descriptions' contents fit a page; 220 more indent per level, as Word's.
   */
  contentsEntry: { after: 30, indentStep: 220 },
} as const;

/** Word's outline level for body text: not in the outline, nor in a table of contents. */
const BODY_TEXT_OUTLINE_LEVEL = 9;

export interface ResolvedTheme {
  /** Half points, as Word sizes fonts. */
  size: number;
  headingSizes: number[];
  textColor?: string;
  headingColor: string;
  linkColor: string;
  bodyFont?: string;
  headingFont?: string;
  /** Scales paragraph spacing (twips): compact spacing keeps a third of it. */
  space: (twips: number) => number;
}

const COMPACT_SPACING = 0.35;

const halfPoints = (points: number | undefined, fallback: number): number =>
  Math.round(
    2 * (typeof points === 'number' && Number.isFinite(points) && points >= 4 && points <= 96 ? points : fallback),
  );

/** Word keeps font names to 31 characters. */
const fontName = (name: string | undefined): string | undefined =>
  xmlSafe(name ?? '')
    .trim()
    .slice(0, 31) || undefined;

export function resolveTheme(theme: Theme | undefined): ResolvedTheme {
  const size = halfPoints(theme?.fontSize, DEFAULTS.fontSize);
  return {
    size,
    headingSizes: DEFAULTS.headingSizes.map((fallback, i) => halfPoints(theme?.headingSizes?.[i], fallback)),
    textColor: hexColor(theme?.textColor),
    headingColor: hexColor(theme?.headingColor) ?? DEFAULTS.headingColor,
    linkColor: hexColor(theme?.linkColor) ?? DEFAULTS.linkColor,
    bodyFont: fontName(theme?.bodyFont),
    headingFont: fontName(theme?.headingFont),
    space: theme?.spacing === 'compact' ? (twips) => Math.round(twips * COMPACT_SPACING) : (twips) => twips,
  };
}

function headingStyles(theme: ResolvedTheme): IParagraphStyleOptions[] {
  const levels: HeadingLevelNumber[] = [1, 2, 3, 4, 5, 6];
  const inContents = levels.map((level): IParagraphStyleOptions => ({
    id: headingStyleId(level, true),
    name: `heading ${level}`,
    basedOn: 'Normal',
    next: 'Normal',
    quickFormat: true,
    uiPriority: 9,
    paragraph: {
      keepNext: true,
      keepLines: true,
      spacing: { before: theme.space(SPACING.heading(level).before), after: theme.space(SPACING.heading(level).after) },
      outlineLevel: level - 1,
    },
    run: {
      bold: true,
      italics: level >= 4 ? true : undefined,
      size: theme.headingSizes[level - 1],
      color: theme.headingColor,
      font: theme.headingFont,
    },
  }));
  const notInContents = levels.map((level): IParagraphStyleOptions => ({
    id: headingStyleId(level, false),
    name: `Heading ${level} (not in contents)`,
    basedOn: headingStyleId(level, true),
    next: 'Normal',
    paragraph: { outlineLevel: BODY_TEXT_OUTLINE_LEVEL },
  }));
  return [...inContents, ...notInContents];
}

function paragraphStyles(theme: ResolvedTheme): IParagraphStyleOptions[] {
  const smaller = (by: number) => Math.max(14, theme.size - by);
  return [
    {
      id: StyleId.title,
      name: 'Title',
      basedOn: 'Normal',
      next: 'Normal',
      quickFormat: true,
      paragraph: { spacing: { before: 0, after: theme.space(SPACING.title.after) }, keepNext: true },
      run: { size: 56, color: theme.headingColor, font: theme.headingFont },
    },
    {
      id: StyleId.subtitle,
      name: 'Subtitle',
      basedOn: 'Normal',
      next: 'Normal',
      quickFormat: true,
      paragraph: { spacing: { after: theme.space(SPACING.subtitle.after) } },
      run: { size: theme.size + 8, color: '595959', font: theme.headingFont },
    },
    ...headingStyles(theme),
    {
      id: StyleId.label,
      name: 'Label',
      basedOn: 'Normal',
      next: 'Normal',
      quickFormat: true,
      paragraph: {
        keepNext: true,
        spacing: { before: theme.space(SPACING.label.before), after: theme.space(SPACING.label.after) },
      },
      run: { bold: true },
    },
    {
      id: StyleId.note,
      name: 'Note',
      basedOn: 'Normal',
      next: 'Normal',
      quickFormat: true,
      run: { italics: true, color: '767676' },
    },
    {
      id: StyleId.caption,
      name: 'caption',
      basedOn: 'Normal',
      next: 'Normal',
      quickFormat: true,
      paragraph: {
        spacing: { before: theme.space(SPACING.caption.before), after: theme.space(SPACING.caption.after) },
      },
      run: { italics: true, size: smaller(2), color: '595959' },
    },
    {
      id: StyleId.quote,
      name: 'Quote',
      basedOn: 'Normal',
      next: 'Normal',
      quickFormat: true,
      paragraph: {
        indent: { left: 567, right: 567 },
        border: { left: { style: 'single', size: 18, color: 'BFBFBF', space: 8 } },
      },
      run: { italics: true, color: '404040' },
    },
    {
      id: StyleId.code,
      name: 'Code',
      basedOn: 'Normal',
      next: 'Normal',
      quickFormat: true,
      paragraph: { spacing: { ...SPACING.code }, shading: { type: 'clear', color: 'auto', fill: 'F2F2F2' } },
      run: { font: MONOSPACE, size: smaller(2), noProof: true },
    },
    // Named as Word names them ("toc 1"...), so docx leaves its own out and Word updates ours in place.
    ...Array.from({ length: 9 }, (_, index): IParagraphStyleOptions => ({
      id: `TOC${index + 1}`,
      name: `toc ${index + 1}`,
      basedOn: 'Normal',
      next: 'Normal',
      uiPriority: 39,
      semiHidden: true,
      unhideWhenUsed: true,
      paragraph: {
        spacing: { after: SPACING.contentsEntry.after },
        indent: index > 0 ? { left: index * SPACING.contentsEntry.indentStep } : undefined,
      },
    })),
    {
      id: StyleId.tocHeading,
      name: 'TOC Heading',
      basedOn: headingStyleId(1, true),
      next: 'Normal',
      paragraph: { outlineLevel: BODY_TEXT_OUTLINE_LEVEL },
    },
    {
      id: StyleId.header,
      name: 'header',
      basedOn: 'Normal',
      paragraph: { spacing: { after: 0 } },
      run: { size: smaller(3), color: '595959' },
    },
    {
      id: StyleId.footer,
      name: 'footer',
      basedOn: 'Normal',
      paragraph: { spacing: { after: 0 } },
      run: { size: smaller(3), color: '595959' },
    },
  ];
}

function characterStyles(theme: ResolvedTheme): ICharacterStyleOptions[] {
  return [
    {
      id: StyleId.hyperlink,
      name: 'Hyperlink',
      basedOn: 'DefaultParagraphFont',
      uiPriority: 99,
      unhideWhenUsed: true,
      run: { color: theme.linkColor, underline: { type: 'single' } },
    },
    {
      id: StyleId.inlineCode,
      name: 'HTML Code',
      basedOn: 'DefaultParagraphFont',
      run: { font: MONOSPACE, noProof: true },
    },
  ];
}

/**
 * Thin grey grid, compact cells. docx has no options for table styles, so it comes as a styles part
 * of its own (`externalStyles`), which docx merges with its default styles and ours.
 */
const TABLE_STYLE_PART = (() => {
  const side = (name: string) => `<w:${name} w:val="single" w:sz="4" w:space="0" w:color="A6A6A6"/>`;
  const borders = ['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map(side).join('');
  return (
    '<w:styles xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" ' +
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ' +
    'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ' +
    'xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml" xmlns:w15="http://schemas.microsoft.com/office/word/2012/wordml" ' +
    'mc:Ignorable="w14 w15">' +
    `<w:style w:type="table" w:styleId="${StyleId.table}"><w:name w:val="Table Grid"/><w:basedOn w:val="TableNormal"/>` +
    '<w:uiPriority w:val="39"/><w:pPr><w:spacing w:before="0" w:after="0" w:line="240" w:lineRule="auto"/></w:pPr>' +
    `<w:tblPr><w:tblBorders>${borders}</w:tblBorders><w:tblCellMar><w:top w:w="57" w:type="dxa"/>` +
    '<w:left w:w="108" w:type="dxa"/><w:bottom w:w="57" w:type="dxa"/><w:right w:w="108" w:type="dxa"/></w:tblCellMar></w:tblPr></w:style>' +
    '</w:styles>'
  );
})();

/** Line spacing of body text in 240ths of a line (264: 1.1 lines); never tighter than single. */
export const bodyLine = (theme: ResolvedTheme): number => Math.max(240, theme.space(SPACING.body.line));

/** The `styles` and `externalStyles` options of a docx `Document`. */
export function documentStyles(meta: Pick<DocumentMeta, 'theme' | 'language'>): {
  styles: IStylesOptions;
  externalStyles: string;
} {
  const theme = resolveTheme(meta.theme);
  return {
    externalStyles: TABLE_STYLE_PART,
    styles: {
      default: {
        document: {
          // Spacing lives in the document defaults, not in Normal, so the table style can take it away in cells.
          paragraph: { spacing: { after: theme.space(SPACING.body.after), line: bodyLine(theme), lineRule: 'auto' } },
          run: {
            size: theme.size,
            sizeComplexScript: theme.size,
            color: theme.textColor,
            font: theme.bodyFont,
            language: runLanguage(meta.language),
          },
        },
      },
      paragraphStyles: paragraphStyles(theme),
      characterStyles: characterStyles(theme),
    },
  };
}
