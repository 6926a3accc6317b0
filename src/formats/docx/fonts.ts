/**
 * word/fontTable.xml: the fonts our styles name (document/look.ts), each with what Word needs to
 * stand in for it on a computer that lacks it: alternative names of about the same widths, the
 * family class and pitch, the PANOSE classification. DejaVu Sans, the PDF's font, comes with
 * LibreOffice and most Linux systems; Word on Windows and macOS substitutes Verdana, then a
 * sans-serif, so the DOCX reads in the same kind of type as the PDF everywhere.
 */
import { FONT_FALLBACKS, type FontFallback } from '../../document/look';
import { escapeXml } from './xml';

export const FONT_TABLE_PATH = 'word/fontTable.xml';

const WORD_FAMILY: Record<FontFallback['generic'], string> = {
  'sans-serif': 'swiss',
  serif: 'roman',
  monospace: 'modern',
};

function fontEntry(name: string): string {
  const fallback = Object.hasOwn(FONT_FALLBACKS, name) ? FONT_FALLBACKS[name] : undefined;
  if (!fallback) return `<w:font w:name="${escapeXml(name)}"/>`;
  return (
    `<w:font w:name="${escapeXml(name)}">` +
    `<w:altName w:val="${escapeXml(fallback.alternatives.join(','))}"/>` +
    `<w:panose1 w:val="${fallback.panose}"/><w:charset w:val="00"/>` +
    `<w:family w:val="${WORD_FAMILY[fallback.generic]}"/>` +
    `<w:pitch w:val="${fallback.generic === 'monospace' ? 'fixed' : 'variable'}"/></w:font>`
  );
}

/** The font table of a document whose styles name `fonts`. */
export function fontTableXml(fonts: readonly string[]): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<w:fonts xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
    [...new Set(fonts)].map(fontEntry).join('') +
    '</w:fonts>'
  );
}
