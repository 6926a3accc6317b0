/**
 * The styles a shell template's body uses. The template's own styles win (its Heading1 restyles our
 * headings); a style it lacks is taken from the ones our DOCX writer defines, so nothing renders as
 * broken; a style it has under another id ("Überschrift1" named "heading 1", as Word saves built-in
 * styles in a non-English Word) is used under that id.
 */
import { Document, Packer } from 'docx';
import { strFromU8, unzipSync } from 'fflate';
import type { DocumentMeta } from '../../../document/types';
import { documentStyles } from '../styles';

interface StyleDefinition {
  id: string;
  type: string;
  /** Lower case: Word compares style names without case. */
  name: string | undefined;
  xml: string;
}

const STYLE_ELEMENT = /<w:style\b[^>]*?(?:\/>|>[\s\S]*?<\/w:style>)/g;
const attribute = (tag: string, name: string): string | undefined =>
  new RegExp(`\\b${name}=["']([^"']*)["']`).exec(tag)?.[1];

function stylesIn(stylesXml: string): StyleDefinition[] {
  return [...stylesXml.matchAll(STYLE_ELEMENT)].map(([xml]) => {
    const openingTag = xml.slice(0, xml.indexOf('>') + 1);
    const nameTag = /<w:name\b[^>]*>/.exec(xml)?.[0];
    return {
      id: attribute(openingTag, 'w:styleId') ?? '',
      type: attribute(openingTag, 'w:type') ?? 'paragraph',
      name: nameTag ? attribute(nameTag, 'w:val')?.toLowerCase() : undefined,
      xml,
    };
  });
}

const definitionsByTheme = new Map<string, Map<string, StyleDefinition>>();
const MAX_CACHED_THEMES = 32;

/** The styles our DOCX writer defines for this theme, by id (read from a document it writes). */
async function ourStyles(meta: DocumentMeta): Promise<Map<string, StyleDefinition>> {
  const key = JSON.stringify(meta.theme ?? {});
  const cached = definitionsByTheme.get(key);
  if (cached) return cached;
  const document = new Document({
    ...documentStyles({ theme: meta.theme, language: meta.language }),
    sections: [{ children: [] }],
  });
  const packed = await Packer.toBuffer(document);
  const stylesXml = strFromU8(
    unzipSync(packed, { filter: (file) => file.name === 'word/styles.xml' })['word/styles.xml'],
  );
  const definitions = new Map(stylesIn(stylesXml).map((style) => [style.id, style]));
  if (definitionsByTheme.size >= MAX_CACHED_THEMES) definitionsByTheme.clear();
  definitionsByTheme.set(key, definitions);
  return definitions;
}

const REFERENCE = /(<w:(?:basedOn|next|link)\b[^>]*\bw:val=["'])([^"']*)(["'])/g;

/** Which style ids the body uses in the template, and the definitions to add for those it lacks. */
export class TemplateStyles {
  private readonly templateIds = new Set<string>();
  private readonly idsByName = new Map<string, string>();
  private readonly used = new Set<string>();

  private constructor(
    private readonly ours: Map<string, StyleDefinition>,
    templateStylesXml: string | undefined,
  ) {
    for (const style of stylesIn(templateStylesXml ?? '')) {
      this.templateIds.add(style.id);
      if (style.name && !this.idsByName.has(`${style.type}|${style.name}`))
        this.idsByName.set(`${style.type}|${style.name}`, style.id);
    }
  }

  static async for(meta: DocumentMeta, templateStylesXml: string | undefined): Promise<TemplateStyles> {
    return new TemplateStyles(await ourStyles(meta), templateStylesXml);
  }

  /** The id the template has for one of our styles (records that the body uses it). */
  readonly idFor = (id: string): string => {
    this.used.add(id);
    return this.resolve(id);
  };

  private resolve(id: string): string {
    if (this.templateIds.has(id)) return id;
    const ours = this.ours.get(id);
    return (ours?.name && this.idsByName.get(`${ours.type}|${ours.name}`)) || id;
  }

  /** The template's styles.xml with our definitions of the styles the body used and the template lacks. */
  withMissingStyles(templateStylesXml: string): string {
    const added: string[] = [];
    const pending = [...this.used];
    const seen = new Set<string>();
    while (pending.length > 0) {
      const id = pending.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      const ours = this.ours.get(id);
      if (!ours || this.resolve(id) !== id || this.templateIds.has(id)) continue;
      // The styles it is based on, follows or links to are needed too, under the template's ids.
      const xml = ours.xml.replace(REFERENCE, (_, start: string, referenced: string, end: string) => {
        pending.push(referenced);
        return start + this.resolve(referenced) + end;
      });
      added.push(xml);
    }
    if (added.length === 0) return templateStylesXml;
    const close = templateStylesXml.lastIndexOf('</w:styles>');
    return close < 0
      ? templateStylesXml
      : templateStylesXml.slice(0, close) + added.join('') + templateStylesXml.slice(close);
  }
}
