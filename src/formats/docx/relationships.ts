/**
 * What the body brings to the package besides its XML: the relationships of its links and pictures
 * (from `word/document.xml`) and the pictures' media parts. Ids carry a prefix no part of docx's
 * or of a Word shell uses, so they can be added to any `document.xml.rels`.
 */
import { escapeXml } from './xml';

const HYPERLINK = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink';
const IMAGE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image';

export class BodyRelationships {
  private readonly links = new Map<string, string>();
  private readonly pictures: { id: string; name: string; data: Uint8Array }[] = [];
  private xml = '';

  constructor(
    /** Relationship ids and media names start with it. */
    private readonly prefix = 'dmp',
  ) {}

  /** The relationship id of an external link (one per target). */
  hyperlink(target: string): string {
    let id = this.links.get(target);
    if (!id) {
      id = `rId${this.prefix}L${this.links.size + 1}`;
      this.links.set(target, id);
      this.xml += `<Relationship Id="${id}" Type="${HYPERLINK}" Target="${escapeXml(target)}" TargetMode="External"/>`;
    }
    return id;
  }

  /** The relationship id of a picture, stored as `word/media/<prefix><n>.<extension>`. */
  picture(data: Uint8Array, extension: string): string {
    const id = `rId${this.prefix}P${this.pictures.length + 1}`;
    const name = `${this.prefix}${this.pictures.length + 1}.${extension}`;
    this.pictures.push({ id, name, data });
    this.xml += `<Relationship Id="${id}" Type="${IMAGE}" Target="media/${name}"/>`;
    return id;
  }

  /** The `Relationship` elements to add to `word/_rels/document.xml.rels`. */
  relationshipsXml(): string {
    return this.xml;
  }

  /** The media parts: package path -> bytes. */
  media(): [string, Uint8Array][] {
    return this.pictures.map(({ name, data }) => [`word/media/${name}`, data]);
  }

  /** The picture types used, by file extension. */
  extensions(): Set<string> {
    return new Set(this.pictures.map(({ name }) => name.slice(name.lastIndexOf('.') + 1)));
  }
}

/** Relationships added before the end of a `.rels` part. */
export function withRelationships(relsXml: string, added: string): string {
  if (!added) return relsXml;
  const end = relsXml.lastIndexOf('</Relationships>');
  if (end < 0) throw new Error('the relationships part has no </Relationships>');
  return relsXml.slice(0, end) + added + relsXml.slice(end);
}
