/**
 * docProps/core.xml: title, subject, author, keywords and language, which Word shows in File > Info
 * and search tools index. Written by hand because docx's own has no language.
 */
import type { DocumentMeta } from '../../document/types';
import { wordLanguageTag, xmlSafe } from './text';

export const CORE_PROPERTIES_PATH = 'docProps/core.xml';

const escapeXml = (text: string): string =>
  xmlSafe(text).replace(/[<>&"]/g, (c) => (c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '&' ? '&amp;' : '&quot;'));

export function corePropertiesXml(meta: DocumentMeta, now: Date = new Date()): string {
  const element = (name: string, value: string | undefined) =>
    value && value.trim() ? `<${name}>${escapeXml(value.trim())}</${name}>` : '';
  const timestamp = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ' +
    'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
    'xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    element('dc:title', meta.title) +
    element('dc:subject', meta.subject) +
    element('dc:creator', meta.author) +
    element('cp:keywords', meta.keywords?.filter((k) => k.trim()).join(', ')) +
    element('dc:language', wordLanguageTag(meta.language)) +
    `<dcterms:created xsi:type="dcterms:W3CDTF">${timestamp}</dcterms:created>` +
    `<dcterms:modified xsi:type="dcterms:W3CDTF">${timestamp}</dcterms:modified>` +
    '</cp:coreProperties>'
  );
}
