/**
 * Putting rendered WordprocessingML into a Word shell's package: content at sentinel paragraphs and
 * runs of `word/document.xml`, and what it needs around it (relationships, media, content types,
 * list numbering merged into the template's own, core properties).
 */
import { strFromU8, strToU8 } from 'fflate';
import { numberingPartXml, type ListNumbering } from '../numbering';
import { withRelationships, type BodyRelationships } from '../relationships';
import type { TemplatePackage } from './upload';

const NUMBERING_PART = 'word/numbering.xml';
const DOCUMENT_RELS = 'word/_rels/document.xml.rels';
const CONTENT_TYPES = '[Content_Types].xml';
const NUMBERING_TYPE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering';
const NUMBERING_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml';
const PICTURE_CONTENT_TYPE: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
};
/** Namespaces our body uses on the document's root (pictures' `a:` and `pic:` declare their own). */
const BODY_NAMESPACES: Record<string, string> = {
  'xmlns:r': 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
  'xmlns:wp': 'http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing',
};

const text = (files: TemplatePackage, path: string): string | undefined => {
  const bytes = files.get(path);
  return bytes ? strFromU8(bytes) : undefined;
};

/** The highest value of `attribute` (a number) in the XML, or 0. */
export function highestId(xml: string | undefined, pattern: RegExp): number {
  let highest = 0;
  for (const match of xml?.matchAll(pattern) ?? []) highest = Math.max(highest, Number(match[1]) || 0);
  return highest;
}

/** Where the shell's own list ids end: ours start above them. */
export function templateNumberingIds(files: TemplatePackage): { firstAbstractId: number; firstNumId: number } {
  const xml = text(files, NUMBERING_PART);
  return {
    firstAbstractId: highestId(xml, /\bw:abstractNumId="(\d+)"/g) + 1,
    firstNumId: highestId(xml, /<w:num\b[^>]*\bw:numId="(\d+)"/g) + 1,
  };
}

/** The paragraph holding `sentinel` replaced by `xml` (block-level content). */
export function replaceParagraph(documentXml: string, sentinel: string, xml: string): string {
  const at = documentXml.indexOf(sentinel);
  if (at < 0) return documentXml;
  const start = Math.max(documentXml.lastIndexOf('<w:p>', at), documentXml.lastIndexOf('<w:p ', at));
  const end = documentXml.indexOf('</w:p>', at) + '</w:p>'.length;
  // A table cell must end with a paragraph, or Word reports the file as damaged.
  const endsCell = /^\s*<\/w:tc>/.test(documentXml.slice(end, end + 40));
  const content = endsCell && !/(<\/w:p>|<w:p\/>)$/.test(xml) ? xml + '<w:p/>' : xml;
  return documentXml.slice(0, start) + content + documentXml.slice(end);
}

/**
 * The run holding `sentinel` cut in two around `runs` (made from its properties, `w:rPr`'s content,
 * which `render` is given), as text typed there would be.
 */
export function replaceInRun(
  documentXml: string,
  sentinel: string,
  render: (runPropertiesXml: string) => string,
): string {
  const at = documentXml.indexOf(sentinel);
  if (at < 0) return documentXml;
  const runStart = Math.max(documentXml.lastIndexOf('<w:r>', at), documentXml.lastIndexOf('<w:r ', at));
  const openEnd = documentXml.indexOf('>', runStart) + 1;
  const properties = /^<w:rPr>([\s\S]*?)<\/w:rPr>/.exec(documentXml.slice(openEnd, at))?.[1] ?? '';
  const rPr = properties ? `<w:rPr>${properties}</w:rPr>` : '';
  const after = at + sentinel.length;
  // Word reads a link in a link as two links over the same text: in the template's link, ours are text.
  const inLink =
    documentXml.lastIndexOf('<w:hyperlink', at) >
    Math.max(
      documentXml.lastIndexOf('</w:hyperlink>', at),
      documentXml.lastIndexOf('<w:p>', at),
      documentXml.lastIndexOf('<w:p ', at),
    );
  const runs = render(properties);
  return (
    documentXml.slice(0, at) +
    '</w:t></w:r>' +
    (inLink ? runs.replace(/<w:hyperlink\b[^>]*>|<\/w:hyperlink>/g, '') : runs) +
    `<w:r>${rPr}<w:t xml:space="preserve">` +
    documentXml.slice(after)
  );
}

/** The root element declares the namespaces the body's XML uses. */
export function withBodyNamespaces(documentXml: string): string {
  const root = /<w:document\b[^>]*>/.exec(documentXml);
  if (!root) return documentXml;
  const missing = Object.entries(BODY_NAMESPACES)
    .filter(([name]) => !root[0].includes(`${name}=`))
    .map(([name, uri]) => ` ${name}="${uri}"`)
    .join('');
  if (!missing) return documentXml;
  const end = root.index + root[0].length - 1;
  return documentXml.slice(0, end) + missing + documentXml.slice(end);
}

/** Our lists' definitions and lists added to the shell's numbering (created when it has none). */
function addNumbering(files: TemplatePackage, lists: ListNumbering): { relationship?: string } {
  const existing = text(files, NUMBERING_PART);
  if (existing === undefined) {
    files.set(NUMBERING_PART, strToU8(numberingPartXml(lists)));
    addOverride(files, `/${NUMBERING_PART}`, NUMBERING_CONTENT_TYPE);
    const rels = text(files, DOCUMENT_RELS) ?? '';
    if (rels.includes('Target="numbering.xml"')) return {};
    return { relationship: `<Relationship Id="rIddmpNumbering" Type="${NUMBERING_TYPE}" Target="numbering.xml"/>` };
  }
  const root = /<w:numbering\b[^>]*?(\/?)>/.exec(existing);
  if (!root) throw new Error('word/numbering.xml has no w:numbering element');
  let xml = existing;
  if (root[1] === '/')
    xml =
      xml.slice(0, root.index) +
      root[0].replace(/\/>$/, '>') +
      '</w:numbering>' +
      xml.slice(root.index + root[0].length);
  const abstractNums = lists.abstractNumsXml({ restartAttribute: root[0].includes('xmlns:w15=') });
  // The schema wants every w:abstractNum before the first w:num, and w:numIdMacAtCleanup last.
  const end = xml.search(/<w:numIdMacAtCleanup\b|<\/w:numbering>/);
  const firstNum = xml.search(/<w:num[\s>]/);
  xml = xml.slice(0, end) + lists.numsXml() + xml.slice(end);
  const abstractAt = firstNum >= 0 && firstNum < end ? firstNum : end;
  xml = xml.slice(0, abstractAt) + abstractNums + xml.slice(abstractAt);
  files.set(NUMBERING_PART, strToU8(xml));
  return {};
}

function addOverride(files: TemplatePackage, partName: string, contentType: string): void {
  const types = text(files, CONTENT_TYPES) ?? '';
  if (types.includes(`PartName="${partName}"`)) return;
  files.set(
    CONTENT_TYPES,
    strToU8(types.replace('</Types>', `<Override PartName="${partName}" ContentType="${contentType}"/></Types>`)),
  );
}

function addPictureDefaults(files: TemplatePackage, extensions: Set<string>): void {
  let types = text(files, CONTENT_TYPES) ?? '';
  for (const extension of extensions) {
    if (new RegExp(`Extension="${extension}"`, 'i').test(types)) continue;
    types = types.replace(
      /<Types\b[^>]*>/,
      (open) => `${open}<Default Extension="${extension}" ContentType="${PICTURE_CONTENT_TYPE[extension]}"/>`,
    );
  }
  files.set(CONTENT_TYPES, strToU8(types));
}

/** The body's relationships, media, picture types and lists added to the package. */
export function addBodyParts(files: TemplatePackage, relationships: BodyRelationships, lists: ListNumbering): void {
  const numbering = lists.isEmpty ? {} : addNumbering(files, lists);
  const added = relationships.relationshipsXml() + (numbering.relationship ?? '');
  if (added) {
    const rels =
      text(files, DOCUMENT_RELS) ??
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>';
    files.set(DOCUMENT_RELS, strToU8(withRelationships(rels, added)));
  }
  for (const [path, data] of relationships.media()) files.set(path, data);
  addPictureDefaults(files, relationships.extensions());
}
