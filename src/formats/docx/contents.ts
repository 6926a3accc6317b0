/**
 * The table of contents as WordprocessingML: a real TOC field (Word's References > Update Table
 * works) in its content control, written clean so Word opens the file without asking to update
 * fields, and filled: its result is written here, as Word would write it, so a reader that never
 * updates fields (LibreOffice, viewers, converters) shows the table. Each entry links to its
 * heading, a dotted leader runs to the page number, right-aligned; the page numbers are PAGEREF
 * fields whose cached values come from the page estimate (pageEstimate.ts).
 */
import { paragraph } from './paragraphs';
import { xmlSafe } from './text';
import { escapeXml } from './xml';

export interface ContentsEntry {
  /** Already `xmlSafe`, spaces collapsed. */
  title: string;
  level: number;
  bookmark: string;
  /** Which heading of the body it is (0: the first), for its page in the page estimate. */
  heading: number;
}

export interface ContentsLayout {
  title: string;
  /** Heading levels listed ("1-3"). */
  depth: number;
  /** Where the page numbers stand, in twips. */
  tabTwips: number;
  rightToLeft: boolean;
  styleId: (id: string) => string;
}

export function tableOfContentsXml(
  entries: readonly ContentsEntry[],
  pages: readonly number[],
  layout: ContentsLayout,
): string {
  const rtl = layout.rightToLeft;
  const entryXml = entries.map((entry, index) =>
    paragraph(
      {
        style: layout.styleId(`TOC${entry.level}`),
        // The field ends in a paragraph of its own after the entries: alone at the top of a page
        // it would make that page blank, so the last entry keeps it company.
        keepNext: index === entries.length - 1,
        dottedTab: layout.tabTwips,
        bidirectional: rtl,
      },
      `<w:hyperlink w:history="1" w:anchor="${entry.bookmark}">` +
        `<w:r>${rtl ? '<w:rPr><w:rtl/></w:rPr>' : ''}<w:t xml:space="preserve">${escapeXml(entry.title)}</w:t><w:tab/></w:r>` +
        `<w:fldSimple w:instr="PAGEREF ${entry.bookmark} \\h"><w:r><w:t xml:space="preserve">${pages[entry.heading] || ''}</w:t></w:r></w:fldSimple>` +
        '</w:hyperlink>',
    ),
  );
  return (
    `<w:sdt><w:sdtPr><w:alias w:val="${escapeXml(xmlSafe(layout.title).trim() || 'Contents')}"/>` +
    '<w:docPartObj><w:docPartGallery w:val="Table of Contents"/><w:docPartUnique/></w:docPartObj></w:sdtPr><w:sdtContent>' +
    `<w:p><w:r><w:fldChar w:fldCharType="begin" w:dirty="false"/><w:instrText xml:space="preserve">TOC \\h \\o &quot;1-${layout.depth}&quot;</w:instrText><w:fldChar w:fldCharType="separate"/></w:r></w:p>` +
    (entryXml.length > 0 ? entryXml.join('') : '<w:p/>') +
    '<w:p><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p></w:sdtContent></w:sdt>'
  );
}
