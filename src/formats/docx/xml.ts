/**
 * Text and attribute values as WordprocessingML takes them: characters XML does not allow dropped
 * (`xmlSafe`), the five markup characters escaped, as docx wrote them.
 */
import { xmlSafe } from './text';

const MARKUP = /[&<>"']/g;
const ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text for element content or a (double-quoted) attribute value. */
export function escapeXml(text: string): string {
  const safe = xmlSafe(text);
  MARKUP.lastIndex = 0;
  return MARKUP.test(safe) ? safe.replace(MARKUP, (c) => ENTITY[c]) : safe;
}

/** `<w:name w:val="value"/>`, the shape of most properties. */
export const valueElement = (name: string, value: string | number): string => `<${name} w:val="${value}"/>`;

/** An element of properties (`w:pPr`, `w:rPr`, ...) that is left out when it holds nothing. */
export const propertiesElement = (name: string, content: string): string =>
  content ? `<${name}>${content}</${name}>` : '';

/** The top-level elements of a piece of XML, each with its name (the children of a template's `w:rPr`). */
export function topLevelElements(xml: string): { name: string; xml: string }[] {
  const out: { name: string; xml: string }[] = [];
  const tag = /<(\/?)([\w:.-]+)[^>]*?(\/?)>/g;
  let depth = 0;
  let start = 0;
  let name = '';
  for (let match = tag.exec(xml); match; match = tag.exec(xml)) {
    const [, closing, tagName, selfClosing] = match;
    if (closing) {
      depth -= 1;
      if (depth === 0) out.push({ name, xml: xml.slice(start, match.index + match[0].length) });
    } else {
      if (depth === 0) {
        start = match.index;
        name = tagName;
      }
      if (selfClosing) {
        if (depth === 0) out.push({ name, xml: match[0] });
      } else {
        depth += 1;
      }
    }
  }
  return out;
}
