/**
 * The .docx package: the parts docx writes well and small (styles, settings, fonts, theme, headers
 * and footers, section properties, content types) around our body, numbering and core properties,
 * zipped once. docx compiles a document whose body is a placeholder paragraph; our body XML takes
 * its place, with its links' and pictures' relationships and media.
 */
import { Packer, type Document } from 'docx';
import { zipSync, type Zippable } from 'fflate';
import { withRelationships, type BodyRelationships } from './relationships';

/** docx's compiler: the package's parts, before zipping. Private in its types, stable in 9.x (pinned). */
interface Compiler {
  compile(file: Document, prettify: undefined, overrides: readonly { path: string; data: string | Uint8Array }[]): Map<string, string | Uint8Array>;
}

/** A paragraph no content has, for the body to take the place of. */
export const BODY_PLACEHOLDER = 'OPENCDMP-BODY-PLACEHOLDER-7f3a9c';
const PLACEHOLDER_XML = `<w:p><w:r><w:t xml:space="preserve">${BODY_PLACEHOLDER}</w:t></w:r></w:p>`;
const DOCUMENT_PART = 'word/document.xml';
const DOCUMENT_RELS = 'word/_rels/document.xml.rels';
/**
 * Deflate level of the package. Level 1 would make DOCX(100)'s 1.5 MB document.xml 71% larger for
 * no time saved with fflate (README, Performance); 6 is zlib's balance.
 */
const ZIP_LEVEL = 6;

export interface PackageContent {
  bodyXml: string;
  relationships: BodyRelationships;
  /** Parts written whole: numbering, core properties. */
  parts: Record<string, string>;
}

function compiler(): Compiler {
  const found = (Packer as unknown as { compiler?: Compiler }).compiler;
  if (typeof found?.compile !== 'function') throw new Error('docx no longer exposes its compiler; see src/exporters/docx/package.ts');
  return found;
}

export function packDocx(document: Document, content: PackageContent): Uint8Array {
  const overrides = Object.entries(content.parts).map(([path, data]) => ({ path, data }));
  const files = compiler().compile(document, undefined, overrides);
  const documentXml = String(files.get(DOCUMENT_PART));
  const at = documentXml.indexOf(PLACEHOLDER_XML);
  if (at < 0) throw new Error('the body placeholder is missing from word/document.xml');
  files.set(DOCUMENT_PART, documentXml.slice(0, at) + content.bodyXml + documentXml.slice(at + PLACEHOLDER_XML.length));
  files.set(DOCUMENT_RELS, withRelationships(String(files.get(DOCUMENT_RELS)), content.relationships.relationshipsXml()));
  const zipped: Zippable = {};
  const encoder = new TextEncoder();
  for (const [path, data] of files) zipped[path] = typeof data === 'string' ? encoder.encode(data) : data;
  // Pictures are compressed already: stored, they cost no time.
  for (const [path, data] of content.relationships.media()) zipped[path] = [data, { level: 0 }];
  return zipSync(zipped, { level: ZIP_LEVEL });
}
