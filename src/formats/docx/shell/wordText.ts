/**
 * The text of a WordprocessingML part, paragraph by paragraph, as Word shows it, and edits to it
 * that keep the XML around the text intact. Word splits typed text into runs wherever formatting,
 * spell-check state or editing session changed, so a placeholder may span several `w:t` elements;
 * an edit puts the new text in the run where the placeholder starts, keeping that run's formatting.
 */

interface TextNode {
  /** Where the element's content starts and ends in the part's XML. */
  contentStart: number;
  contentEnd: number;
  /** Where the opening tag starts (it is rewritten to preserve spaces). */
  tagStart: number;
  text: string;
}

export interface WordParagraph {
  /** Offset of the character after `</w:p>` in the part's XML. */
  end: number;
  nodes: TextNode[];
  /** The paragraph's text: its nodes' texts joined. */
  text: string;
}

// `<w:p>`/`<w:p ...>`/`<w:p/>`, `</w:p>`, and text elements; `w:pPr`, `w:tab`, `w:tbl` are other elements.
const TOKEN = /<w:p(?=[\s>/])[^>]*?(\/?)>|<\/w:p>|<w:t(?=[\s>/])[^>]*?(?:\/>|>([^<]*)<\/w:t>)/g;

export function paragraphsOf(xml: string): WordParagraph[] {
  const done: WordParagraph[] = [];
  const open: WordParagraph[] = [];
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(xml); match; match = TOKEN.exec(xml)) {
    const token = match[0];
    if (token.startsWith('</w:p')) {
      const paragraph = open.pop();
      if (paragraph) {
        paragraph.end = match.index + token.length;
        paragraph.text = paragraph.nodes.map((node) => node.text).join('');
        done.push(paragraph);
      }
    } else if (token.startsWith('<w:p')) {
      if (match[1] !== '/') open.push({ end: -1, nodes: [], text: '' });
    } else if (match[2] !== undefined && open.length > 0) {
      const contentEnd = match.index + token.length - '</w:t>'.length;
      open[open.length - 1].nodes.push({
        tagStart: match.index,
        contentStart: contentEnd - match[2].length,
        contentEnd,
        text: decodeXmlText(match[2]),
      });
    }
  }
  return done;
}

export interface TextReplacement {
  /** Start and end of the replaced text in the paragraph's text. */
  start: number;
  end: number;
  /** New text; "\n" becomes a line break. */
  text: string;
}

/** A change to the part's XML: the characters from `start` to `end` become `xml`. */
export interface XmlEdit {
  start: number;
  end: number;
  xml: string;
}

/**
 * The XML edits that replace stretches of a paragraph's text. The new text goes into the text
 * element where each stretch starts; the rest of the stretch is removed from the elements it spans.
 */
export function replaceInParagraph(paragraph: WordParagraph, replacements: TextReplacement[]): XmlEdit[] {
  if (replacements.length === 0) return [];
  const texts = paragraph.nodes.map((node) => node.text);
  const starts: number[] = [];
  let offset = 0;
  for (const text of texts) {
    starts.push(offset);
    offset += text.length;
  }
  const nodeAt = (position: number) => {
    let index = starts.length - 1;
    while (index > 0 && starts[index] > position) index--;
    return index;
  };
  const changed = new Set<number>();
  // Right to left, so the offsets of stretches not yet replaced stay true.
  for (const replacement of [...replacements].sort((a, b) => b.start - a.start)) {
    const first = nodeAt(replacement.start);
    const last = nodeAt(Math.max(replacement.start, replacement.end - 1));
    const from = replacement.start - starts[first];
    const to = replacement.end - starts[last];
    if (first === last) {
      texts[first] = texts[first].slice(0, from) + replacement.text + texts[first].slice(to);
    } else {
      texts[first] = texts[first].slice(0, from) + replacement.text;
      for (let i = first + 1; i < last; i++) texts[i] = '';
      texts[last] = texts[last].slice(to);
      for (let i = first + 1; i <= last; i++) changed.add(i);
    }
    changed.add(first);
  }
  return [...changed].map((i) => {
    const node = paragraph.nodes[i];
    return { start: node.tagStart, end: node.contentEnd, xml: `<w:t xml:space="preserve">${encodeRunText(texts[i])}` };
  });
}

/** Applies edits that do not overlap. */
export function applyEdits(xml: string, edits: XmlEdit[]): string {
  if (edits.length === 0) return xml;
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '';
  let position = 0;
  for (const edit of sorted) {
    out += xml.slice(position, edit.start) + edit.xml;
    position = edit.end;
  }
  return out + xml.slice(position);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Whether XML allows the character (its Char production); a reference to any other is not well-formed. */
const isXmlChar = (code: number): boolean =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  (code >= 0x10000 && code <= 0x10ffff);

/** Text content with its references decoded; one to a character XML does not allow is left as it is written. */
export function decodeXmlText(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (entity, name: string) => {
    if (!name.startsWith('#')) return ENTITIES[name] ?? entity;
    const code = name.startsWith('#x') ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return isXmlChar(code) ? String.fromCodePoint(code) : entity;
  });
}

export function escapeXmlText(text: string): string {
  return text.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

/** Text for inside an open `w:t`: line breaks close it, break the line and open another. */
function encodeRunText(text: string): string {
  return text.split('\n').map(escapeXmlText).join('</w:t><w:br/><w:t xml:space="preserve">');
}

/** A paragraph holding only `text`, to be put where a block-level element may stand. */
export function paragraphXml(text: string): string {
  return `<w:p><w:r><w:t xml:space="preserve">${escapeXmlText(text)}</w:t></w:r></w:p>`;
}
