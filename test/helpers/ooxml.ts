/** Reading a .docx in tests: its parts as XML documents, and the text of its paragraphs. */
import { DOMParser, type Document as XmlDocument, type Element } from '@xmldom/xmldom';
import JSZip from 'jszip';

export interface Docx {
  paths: string[];
  has(path: string): boolean;
  xml(path: string): XmlDocument;
  raw(path: string): string;
}

export async function openDocx(bytes: Uint8Array): Promise<Docx> {
  const zip = await JSZip.loadAsync(bytes);
  const texts = new Map<string, string>();
  for (const [path, file] of Object.entries(zip.files)) {
    if (!file.dir && /\.(xml|rels)$/.test(path)) texts.set(path, await file.async('string'));
  }
  const raw = (path: string): string => {
    const text = texts.get(path);
    if (text === undefined) throw new Error(`no ${path} in the package`);
    return text;
  };
  return {
    paths: Object.keys(zip.files).filter((path) => !zip.files[path].dir),
    has: (path) => path in zip.files,
    raw,
    xml: (path) => new DOMParser().parseFromString(raw(path), 'text/xml'),
  };
}

export const elements = (node: XmlDocument | Element, name: string): Element[] =>
  Array.from(node.getElementsByTagName(name));

export const attr = (element: Element | undefined, name: string): string | null => element?.getAttribute(name) ?? null;

/** The text of a paragraph (or cell, or run) as Word shows it: its w:t elements, line breaks as "\n". */
export function paragraphText(paragraph: Element): string {
  let text = '';
  const walk = (node: Element) => {
    for (const child of Array.from(node.childNodes) as Element[]) {
      if (child.nodeName === 'w:t') text += child.textContent ?? '';
      else if (child.nodeName === 'w:br' && !child.getAttribute('w:type')) text += '\n';
      else if (child.nodeName === 'w:tab') text += '\t';
      else if (child.nodeName === 'w:pPr')
        continue; // its w:tabs/w:tab are tab stops, not tabs
      else if (child.childNodes) walk(child);
    }
  };
  walk(paragraph);
  return text;
}

/** The body's paragraphs (including those in tables and content controls), in order. */
export function bodyParagraphs(document: XmlDocument): Element[] {
  return elements(document, 'w:p');
}

/** The style id of a paragraph, or null. */
export const paragraphStyle = (paragraph: Element): string | null => attr(elements(paragraph, 'w:pStyle')[0], 'w:val');

/** The first paragraph whose text is `text`, else the first that contains it. */
export function paragraphWithText(document: XmlDocument, text: string): Element {
  const paragraphs = bodyParagraphs(document);
  const found =
    paragraphs.find((p) => paragraphText(p) === text) ?? paragraphs.find((p) => paragraphText(p).includes(text));
  if (!found) throw new Error(`no paragraph with "${text}"`);
  return found;
}

/** The w:style element with this id in styles.xml. */
export function styleById(styles: XmlDocument, id: string): Element | undefined {
  return elements(styles, 'w:style').find((style) => style.getAttribute('w:styleId') === id);
}
