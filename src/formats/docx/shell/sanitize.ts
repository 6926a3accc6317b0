/**
 * What an admin's Word shell may not carry into an export: relationships to outside resources
 * that Word would fetch when a reader opens the file (a remote picture, an attached template, an
 * OLE link), and DTDs (entity tricks). Only hyperlinks stay external: the reader clicks those.
 * UTF-16 parts are re-encoded as UTF-8, the encoding every later step reads.
 */
import { strFromU8, strToU8 } from 'fflate';

/** The files of a template package, by path (read by upload.ts, cleaned here). */
export type TemplatePackage = Map<string, Uint8Array>;

const XML_PART = /\.(xml|rels)$/i;
const RELATIONSHIP = /<Relationship\b[^>]*?(?:\/>|>[\s\S]*?<\/Relationship>)/g;
const EXTERNAL = /\bTargetMode\s*=\s*["']External["']/i;
const HYPERLINK_TYPE = /\bType\s*=\s*["'][^"']*\/hyperlink["']/i;
const ID = /\bId\s*=\s*["']([^"']+)["']/;
/** A DOCTYPE with or without an internal subset. */
const DOCTYPE = /<!DOCTYPE\b[^[>]*(?:\[[\s\S]*?\]\s*)?>/gi;

function decodePart(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  return strFromU8(bytes);
}

/** The part file whose relationships `relsPath` lists: word/_rels/document.xml.rels -> word/document.xml. */
const ownerOf = (relsPath: string) => relsPath.replace(/(^|\/)_rels\/([^/]+)\.rels$/, '$1$2');

/** Cleans `files` in place; returns what was removed, for the export's warnings. */
export function sanitizePackage(files: TemplatePackage): string[] {
  const removed: string[] = [];
  for (const [path, bytes] of files) {
    if (!XML_PART.test(path)) continue;
    const original = decodePart(bytes);
    let xml = original
      .replace(/^\ufeff/, '')
      .replace(/(<\?xml[^>]*encoding\s*=\s*["'])UTF-16(LE|BE)?(["'])/i, '$1UTF-8$3');
    const withoutDtd = xml.replace(DOCTYPE, '');
    if (withoutDtd !== xml) {
      xml = withoutDtd;
      removed.push(`a DTD in ${path}`);
    }
    if (xml !== original || bytes[0] === 0xff || bytes[0] === 0xfe) files.set(path, strToU8(xml));
  }
  for (const [path, bytes] of files) {
    if (!/\.rels$/i.test(path)) continue;
    const dropped: string[] = [];
    const xml = strFromU8(bytes).replace(RELATIONSHIP, (relationship) => {
      if (!EXTERNAL.test(relationship) || HYPERLINK_TYPE.test(relationship)) return relationship;
      const id = ID.exec(relationship)?.[1];
      if (id) dropped.push(id);
      return '';
    });
    if (dropped.length === 0) continue;
    files.set(path, strToU8(xml));
    removed.push(`${dropped.length} external link(s) in ${path}`);
    // The part that used them loses the references too, so no element points at a missing relationship.
    const owner = ownerOf(path);
    const part = files.get(owner);
    if (part) {
      const ids = new Set(dropped);
      const cleaned = strFromU8(part)
        .replace(/<w:attachedTemplate\b[^>]*\/>/g, (element) =>
          ids.has(/r:id\s*=\s*["']([^"']+)/.exec(element)?.[1] ?? '') ? '' : element,
        )
        .replace(/\s(?:r:link|r:id|r:embed|r:pict)\s*=\s*["']([^"']+)["']/g, (attribute, id: string) =>
          ids.has(id) ? '' : attribute,
        );
      files.set(owner, strToU8(cleaned));
    }
  }
  return removed;
}
