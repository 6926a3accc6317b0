/**
 * Paragraphs as WordprocessingML: `w:p` with its properties in the schema's order (CT_PPrBase), as
 * docx wrote them.
 */
import type { Align } from '../../document/types';
import { escapeXml, valueElement } from './xml';

export interface ParagraphFormatting {
  style?: string;
  keepNext?: boolean;
  pageBreakBefore?: boolean;
  numbering?: { numId: number; level: number };
  /** A bottom border (a horizontal rule). */
  rule?: boolean;
  /** A right tab stop with a dotted leader at this position, in twips. */
  dottedTab?: number;
  bidirectional?: boolean;
  spacing?: { before: number; after: number };
  indent?: { left: number; hanging?: number };
  align?: Align;
}

const JUSTIFICATION: Record<Align, string> = { left: 'left', center: 'center', right: 'right', justify: 'both' };
/** In a right-to-left paragraph Word reads `left` and `right` as its start and end: swapped, they name the page's sides. */
const RIGHT_TO_LEFT: Partial<Record<Align, string>> = { left: 'right', right: 'left' };
const RULE = '<w:pBdr><w:bottom w:val="single" w:color="A6A6A6" w:sz="6" w:space="1"/></w:pBdr>';

export function paragraphProperties(format: ParagraphFormatting): string {
  let xml = '';
  if (format.style) xml += valueElement('w:pStyle', escapeXml(format.style));
  if (format.keepNext) xml += '<w:keepNext/>';
  if (format.pageBreakBefore) xml += '<w:pageBreakBefore/>';
  if (format.numbering)
    xml += `<w:numPr><w:ilvl w:val="${format.numbering.level}"/><w:numId w:val="${format.numbering.numId}"/></w:numPr>`;
  if (format.rule) xml += RULE;
  if (format.dottedTab !== undefined)
    xml += `<w:tabs><w:tab w:val="right" w:pos="${format.dottedTab}" w:leader="dot"/></w:tabs>`;
  if (format.bidirectional) xml += '<w:bidi/>';
  if (format.spacing) xml += `<w:spacing w:after="${format.spacing.after}" w:before="${format.spacing.before}"/>`;
  if (format.indent)
    xml += `<w:ind w:left="${format.indent.left}"${format.indent.hanging === undefined ? '' : ` w:hanging="${format.indent.hanging}"`}/>`;
  if (format.align)
    xml += valueElement('w:jc', (format.bidirectional && RIGHT_TO_LEFT[format.align]) || JUSTIFICATION[format.align]);
  return xml;
}

/** A paragraph of `content` (runs, links, bookmarks); `<w:p/>` when it has neither properties nor content. */
export function paragraph(format: ParagraphFormatting, content = ''): string {
  const properties = paragraphProperties(format);
  if (!properties && !content) return '<w:p/>';
  return `<w:p>${properties ? `<w:pPr>${properties}</w:pPr>` : ''}${content}</w:p>`;
}
