/**
 * The named styles of our DOCX output. Content refers to styles by id, never by direct formatting, so a
 * Word shell template's own styles (Heading1, Title, ...) restyle the body, and people can restyle a
 * downloaded document in one place. Ids are the ones Word knows for its built-in styles where one fits.
 */
import type { ICharacterStyleOptions, IParagraphStyleOptions, IStylesOptions } from 'docx';
import {
  type DocumentLook,
  documentLook,
  headingTextLook,
  TABLE_CELL_PADDING,
  type TextLook,
} from '../../document/look';
import type { DocumentMeta, ParagraphStyle, Theme } from '../../document/types';
import { hexColor, runLanguage } from './text';

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

/**
 * Paragraph spacing the document look does not say: the entries of the table of contents (TOC1-TOC9),
 * tighter than Word's own (100 twips after each), so 30 descriptions' contents fit a page; 220 more
 * indent per level, as Word's; top-level entries bold and a little apart, as the PDF sets them
 * (3 pt). The page estimate (pageEstimate.ts) reads the same numbers.
 */
export const SPACING = {
  contentsEntry: { after: 30, indentStep: 220, topLevelBefore: 60 },
} as const;

/** Word's outline level for body text: not in the outline, nor in a table of contents. */
const BODY_TEXT_OUTLINE_LEVEL = 9;

/** Half points, as Word sizes fonts. */
export const halfPoints = (points: number): number => Math.round(points * 2);
/** Twentieths of a point, as Word measures spacing. */
export const twips = (points: number): number => Math.round(points * 20);

/** The document look (document/look.ts) in Word's units. */
export interface ResolvedTheme {
  look: DocumentLook;
  /** Body size in half points. */
  size: number;
  textColor?: string;
  headingColor: string;
  linkColor: string;
  mutedColor: string;
  fonts: DocumentLook['fonts'];
}

export function resolveTheme(theme: Theme | undefined): ResolvedTheme {
  const look = documentLook(theme);
  return {
    look,
    size: halfPoints(look.fontSize),
    textColor: hexColor(look.colors.text),
    headingColor: hexColor(look.colors.heading) ?? '1F3864',
    linkColor: hexColor(look.colors.link) ?? '1A5FB4',
    mutedColor: hexColor(look.colors.muted) ?? '595959',
    fonts: look.fonts,
  };
}

/** Line spacing of body text in 240ths of a line (264: 1.1 lines). */
export const bodyLine = (theme: ResolvedTheme): number => Math.round(240 * theme.look.lineSpacing);

/** A font for every script Word sets apart but East Asian, which Word takes from its own defaults. */
const runFonts = (name: string) => ({ ascii: name, hAnsi: name, cs: name });

/**
 * A style's spacing and run properties from a text look. Bold, italics, size, colour and family are
 * stated in full, so the style looks the same whatever a Word shell's or Word's own styles say.
 */
function textStyle(text: TextLook, theme: ResolvedTheme) {
  return {
    spacing: { before: twips(text.spaceBefore), after: twips(text.spaceAfter) },
    run: {
      bold: text.bold,
      italics: text.italic,
      size: halfPoints(text.size),
      sizeComplexScript: halfPoints(text.size),
      color: hexColor(text.color),
      font: runFonts(theme.fonts[text.font]),
    },
  };
}

function headingStyles(theme: ResolvedTheme): IParagraphStyleOptions[] {
  const levels: HeadingLevelNumber[] = [1, 2, 3, 4, 5, 6];
  const inContents = levels.map((level): IParagraphStyleOptions => {
    const style = textStyle(headingTextLook(theme.look, level), theme);
    return {
      id: headingStyleId(level, true),
      name: `heading ${level}`,
      basedOn: 'Normal',
      next: 'Normal',
      quickFormat: true,
      uiPriority: 9,
      paragraph: { keepNext: true, keepLines: true, spacing: style.spacing, outlineLevel: level - 1 },
      run: style.run,
    };
  });
  const notInContents = levels.map((level): IParagraphStyleOptions => ({
    id: headingStyleId(level, false),
    name: `Heading ${level} (not in contents)`,
    basedOn: headingStyleId(level, true),
    next: 'Normal',
    paragraph: { outlineLevel: BODY_TEXT_OUTLINE_LEVEL },
  }));
  return [...inContents, ...notInContents];
}

function styled(
  id: string,
  name: string,
  text: TextLook,
  theme: ResolvedTheme,
  paragraph: IParagraphStyleOptions['paragraph'] = {},
): IParagraphStyleOptions {
  const style = textStyle(text, theme);
  return {
    id,
    name,
    basedOn: 'Normal',
    next: 'Normal',
    quickFormat: true,
    paragraph: { spacing: style.spacing, ...paragraph },
    run: style.run,
  };
}

function paragraphStyles(theme: ResolvedTheme): IParagraphStyleOptions[] {
  const { paragraphs, code } = theme.look;
  const small = halfPoints(paragraphs.caption.size);
  const codeStyle = styled(StyleId.code, 'Code', code, theme, {
    shading: { type: 'clear', color: 'auto', fill: 'F2F2F2' },
  });
  return [
    styled(StyleId.title, 'Title', paragraphs.title, theme, { keepNext: true }),
    styled(StyleId.subtitle, 'Subtitle', paragraphs.subtitle, theme, { keepNext: true }),
    ...headingStyles(theme),
    styled(StyleId.label, 'Label', paragraphs.label, theme, { keepNext: true }),
    {
      // docx's own name for numbered paragraphs without a style of their own (BodyRenderer.ts): items sit close.
      id: 'ListParagraph',
      name: 'List Paragraph',
      basedOn: 'Normal',
      quickFormat: true,
      uiPriority: 34,
      paragraph: { spacing: { after: twips(theme.look.listItemSpaceAfter) } },
    },
    styled(StyleId.note, 'Note', paragraphs.note, theme),
    styled(StyleId.caption, 'caption', paragraphs.caption, theme),
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
      ...codeStyle,
      paragraph: { ...codeStyle.paragraph, spacing: { ...codeStyle.paragraph?.spacing, line: 240 } },
      run: { ...codeStyle.run, noProof: true },
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
        spacing:
          index === 0
            ? { before: SPACING.contentsEntry.topLevelBefore, after: SPACING.contentsEntry.after }
            : { after: SPACING.contentsEntry.after },
        indent: index > 0 ? { left: index * SPACING.contentsEntry.indentStep } : undefined,
      },
      run: index === 0 ? { bold: true } : undefined,
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
      run: { size: small, sizeComplexScript: small, color: theme.mutedColor },
    },
    {
      id: StyleId.footer,
      name: 'footer',
      basedOn: 'Normal',
      paragraph: { spacing: { after: 0 } },
      run: { size: small, sizeComplexScript: small, color: theme.mutedColor },
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
      run: { font: runFonts(theme.fonts.code), noProof: true },
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
  // The cell padding of the look, as the PDF's.
  const [x, y] = [twips(TABLE_CELL_PADDING.x), twips(TABLE_CELL_PADDING.y)];
  return (
    '<w:styles xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" ' +
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ' +
    'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ' +
    'xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml" xmlns:w15="http://schemas.microsoft.com/office/word/2012/wordml" ' +
    'mc:Ignorable="w14 w15">' +
    `<w:style w:type="table" w:styleId="${StyleId.table}"><w:name w:val="Table Grid"/><w:basedOn w:val="TableNormal"/>` +
    '<w:uiPriority w:val="39"/><w:pPr><w:spacing w:before="0" w:after="0" w:line="240" w:lineRule="auto"/></w:pPr>' +
    `<w:tblPr><w:tblBorders>${borders}</w:tblBorders><w:tblCellMar><w:top w:w="${y}" w:type="dxa"/>` +
    `<w:left w:w="${x}" w:type="dxa"/><w:bottom w:w="${y}" w:type="dxa"/><w:right w:w="${x}" w:type="dxa"/></w:tblCellMar></w:tblPr></w:style>` +
    '</w:styles>'
  );
})();

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
          paragraph: {
            spacing: { after: twips(theme.look.paragraphs.normal.spaceAfter), line: bodyLine(theme), lineRule: 'auto' },
          },
          run: {
            size: theme.size,
            sizeComplexScript: theme.size,
            color: theme.textColor,
            font: runFonts(theme.fonts.body),
            language: runLanguage(meta.language),
          },
        },
      },
      paragraphStyles: paragraphStyles(theme),
      characterStyles: characterStyles(theme),
    },
  };
}
