/**
 * The .docx package: the parts docx writes well and small (styles, settings, fonts, theme, headers
 * and footers, section properties, content types) around our body, numbering and core properties,
 * zipped once. docx compiles a document whose body is a placeholder paragraph; our body XML takes
 * its place, with its links' and pictures' relationships and media.
 */
import { Packer, type Document } from 'docx';
import { LruCache } from '../../lru';
import { withRelationships, type BodyRelationships } from './relationships';
import { zipPackage } from './zip';

/** docx's compiler: the package's parts, before zipping. Private in its types, stable in 9.x (pinned). */
interface Compiler {
  compile(
    file: Document,
    prettify: undefined,
    overrides: readonly { path: string; data: string | Uint8Array }[],
  ): Map<string, string | Uint8Array>;
}

/** A paragraph no content has, for the body to take the place of. */
export const BODY_PLACEHOLDER = 'OPENCDMP-BODY-PLACEHOLDER-7f3a9c';
const PLACEHOLDER_XML = `<w:p><w:r><w:t xml:space="preserve">${BODY_PLACEHOLDER}</w:t></w:r></w:p>`;
const DOCUMENT_PART = 'word/document.xml';
const DOCUMENT_RELS = 'word/_rels/document.xml.rels';
/**
 * Compiled packages without their body, by what shapes them (styles, page, header and footer):
 * a plan's exports share one, and compiling it is most of a small export's docx time.
 */
const frames = new LruCache<Map<string, string | Uint8Array>>(16);

export interface PackageContent {
  bodyXml: string;
  relationships: BodyRelationships;
  /** Parts written whole: numbering, core properties. */
  parts: Record<string, string>;
}

function compiler(): Compiler {
  const found = (Packer as unknown as { compiler?: Compiler }).compiler;
  if (typeof found?.compile !== 'function')
    throw new Error('docx no longer exposes its compiler; see src/formats/docx/package.ts');
  return found;
}

/**
 * The package of `document` (built by `makeDocument` when no package of the same `frameKey` was
 * compiled before) with our body, numbering and core properties.
 */
export function packDocx(frameKey: string, makeDocument: () => Document, content: PackageContent): Uint8Array {
  let frame = frames.get(frameKey);
  if (!frame) {
    frame = compiler().compile(makeDocument(), undefined, []);
    frames.set(frameKey, frame);
  }
  const files = new Map(frame);
  for (const [path, data] of Object.entries(content.parts)) files.set(path, data);
  const documentXml = String(files.get(DOCUMENT_PART));
  const at = documentXml.indexOf(PLACEHOLDER_XML);
  if (at < 0) throw new Error('the body placeholder is missing from word/document.xml');
  files.set(DOCUMENT_PART, documentXml.slice(0, at) + content.bodyXml + documentXml.slice(at + PLACEHOLDER_XML.length));
  files.set(
    DOCUMENT_RELS,
    withRelationships(String(files.get(DOCUMENT_RELS)), content.relationships.relationshipsXml()),
  );
  for (const [path, data] of content.relationships.media()) files.set(path, data);
  return zipPackage(files);
}
