/**
 * The table of contents, compact: one line per listed heading (indented by level, top-level entries
 * bold and a little apart), each title a link to its heading, dotted leaders, and the page number
 * flush with the text's far edge, as typesetters set it. A title too long for its line wraps, its
 * leader and number on the last line.
 *
 * pdfmake lays page references out as "00000" and, when drawing, puts the real number flush right
 * in that space, without moving what stands before it. So the number column is as wide as the
 * document's largest page number, known only roughly before layout: `fitPageNumbers` sizes it
 * once the body is laid out (see blocks/index.ts), and the leaders end there.
 */
import type { Content, ContentText } from 'pdfmake/interfaces';
import { firstStrongDirection } from '../../document/direction';
import { FONT_FILES, type FontFamily, fontVariant, splitByFont, textWidth } from './fonts';
import type { HeadingAnchor } from './headings';
import { inlineSegments } from './runs';
import { tagNode } from './tags';
import { textContent } from './text';
import { headingLook, paragraphLook, type PdfTheme } from './theme';

/** Space between leader dots. */
const LEADER_SPACING = 2.5;
/** The least run of leader dots a line keeps beside its title. */
const MIN_LEADER_DOTS = 3;
/** Space above a top-level entry (entries below it group under it), and around every entry, in points. */
const GROUP_SPACE = 3;
const ENTRY_SPACE = 0.5;
/** Indent per level, in body font sizes. */
const LEVEL_INDENT = 1.4;

export interface ContentsSetting {
  theme: PdfTheme;
  /** Width of the text column, in points. */
  width: number;
  rightToLeft: boolean;
  /** Font files the document uses (added to). */
  fontFiles: Set<string>;
}

export interface TableOfContents {
  node: Content;
  /** Sizes the page-number column for numbers up to `pages` (call once the body is laid out). */
  fitPageNumbers(pages: number): void;
}

/** One line's columns, sized by fitPageNumbers. */
interface EntryLine {
  indent: number;
  titleWidth: number;
  leader: ContentText & { width?: number | string };
  number: ContentText & { width?: number | string };
}

function measuredWidth(text: string, family: FontFamily, bold: boolean, fontSize: number): number {
  const variant = fontVariant(bold, false);
  return splitByFont(text, family).reduce((sum, run) => sum + textWidth(run.text, run.family, variant, fontSize), 0);
}

function lineText(text: string, bold: boolean, width: number, setting: ContentsSetting) {
  const { theme } = setting;
  const look = { ...paragraphLook('normal', theme), bold };
  const style = {
    family: look.family,
    fontSize: look.fontSize,
    color: look.color,
    bold,
    italics: false,
    underline: false,
    strike: false,
    sub: false,
    sup: false,
    code: false,
  };
  // A title reads in its own direction, on the side the contents start.
  return textContent(
    inlineSegments([{ type: 'text', text }], style, { linkColor: theme.linkColor, codeFamily: theme.codeFamily }),
    {
      width,
      direction: firstStrongDirection(text) ?? (setting.rightToLeft ? 'rtl' : 'ltr'),
      align: setting.rightToLeft ? 'right' : 'left',
      fontSize: look.fontSize,
      color: look.color,
      fontFiles: setting.fontFiles,
    },
  );
}

export function tableOfContents(title: string, entries: HeadingAnchor[], setting: ContentsSetting): TableOfContents {
  const { theme, width, rightToLeft } = setting;
  const heading = headingLook(1, theme);
  const titleStyle = {
    family: heading.family,
    fontSize: heading.fontSize,
    color: heading.color,
    bold: true,
    italics: false,
    underline: false,
    strike: false,
    sub: false,
    sup: false,
    code: false,
  };
  const titleText = textContent(
    inlineSegments([{ type: 'text', text: title }], titleStyle, {
      linkColor: theme.linkColor,
      codeFamily: theme.codeFamily,
    }),
    {
      width,
      direction: rightToLeft ? 'rtl' : undefined,
      fontSize: heading.fontSize,
      color: heading.color,
      fontFiles: setting.fontFiles,
    },
  ).node;
  titleText.margin = [0, heading.spaceBefore, 0, heading.spaceAfter];
  const titleNode = tagNode(titleText, { role: 'H', level: 1 });
  if (entries.length === 0) return { node: titleNode, fitPageNumbers: () => undefined };

  setting.fontFiles.add(FONT_FILES[theme.bodyFamily].bold);
  const dotWidth = textWidth('.', theme.bodyFamily, 'normal', theme.fontSize) + LEADER_SPACING;
  // Room for page numbers of three digits while the titles are laid out; fitPageNumbers narrows it.
  const widestNumber = textWidth('000', theme.bodyFamily, 'bold', theme.fontSize);
  const lines: EntryLine[] = [];
  const nodes = entries.map((entry, index): Content => {
    // Each line is one TOCI: its title (a Link to the heading) and page number, one Reference.
    const item = { role: 'Reference', key: 'reference', path: [{ role: 'TOCI', key: index }] } as const;
    const indent = (entry.level - 1) * theme.fontSize * LEVEL_INDENT;
    const bold = entry.level === 1;
    const titleRoom = width - indent - widestNumber - MIN_LEADER_DOTS * dotWidth;
    const text = lineText(entry.title, bold, titleRoom, setting);
    const titleWidth = Math.min(titleRoom, measuredWidth(entry.title, theme.bodyFamily, bold, theme.fontSize) + 1);
    const title = Object.assign(tagNode(text.node, item), { width: titleWidth, linkToDestination: entry.id });
    // The leader and the number stand on the title's last line.
    const lastLine = text.lineHeights.slice(0, -1).reduce((sum, height) => sum + height, 0);
    const leader: EntryLine['leader'] = tagNode(
      {
        text: '',
        font: theme.bodyFamily,
        bold: false,
        italics: false,
        color: theme.mutedColor,
        characterSpacing: LEADER_SPACING,
        alignment: rightToLeft ? 'left' : 'right',
        margin: [0, lastLine, 0, 0],
      },
      { role: 'Artifact' },
    );
    const number: EntryLine['number'] = tagNode(
      {
        text: [{ pageReference: entry.id, font: theme.bodyFamily, bold, italics: false }],
        // Never wrapped: the real number, drawn in place of "00000", fits the column.
        noWrap: true,
        alignment: rightToLeft ? 'left' : 'right',
        margin: [0, lastLine, 0, 0],
        fontSize: theme.fontSize,
        color: theme.textColor,
      },
      item,
    );
    lines.push({ indent, titleWidth, leader, number });
    const columns: Content[] = [title, leader, number];
    const space = bold && index > 0 ? GROUP_SPACE : ENTRY_SPACE;
    return {
      columns: rightToLeft ? columns.reverse() : columns,
      columnGap: 0,
      margin: rightToLeft ? [0, space, indent, ENTRY_SPACE] : [indent, space, 0, ENTRY_SPACE],
      unbreakable: true,
    };
  });

  const fitPageNumbers = (pages: number): void => {
    const digits = '0'.repeat(String(Math.max(1, Math.ceil(pages))).length);
    const numberWidth = textWidth(digits, theme.bodyFamily, 'bold', theme.fontSize) + theme.fontSize * 0.3;
    for (const line of lines) {
      const leaderWidth = width - line.indent - line.titleWidth - numberWidth;
      // Dots end a dot's spacing before the number; one dot less than fits keeps clear of the title.
      line.leader.text = '.'.repeat(Math.max(0, Math.floor(leaderWidth / dotWidth) - 1));
      line.leader.width = Math.max(0, leaderWidth);
      line.number.width = numberWidth;
    }
  };
  fitPageNumbers(999);
  return {
    node: { stack: [titleNode, tagNode({ stack: nodes }, { role: 'TOC' })], margin: [0, 0, 0, theme.fontSize] },
    fitPageNumbers,
  };
}
