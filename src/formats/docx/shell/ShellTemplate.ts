/**
 * Word shell templates: an admin's .docx (cover, header, footer, logo, styles) whose
 * `'{OPENCDMP.*}'` placeholders are filled in and whose `'{OPENCDMP.BODY}'` (or the Java plugin's
 * `'{OPENCDMP.PLAN.FORM}'` / `'{OPENCDMP.DESCRIPTION.FORM}'`) paragraph (or end) gets
 * the generated body, as OpenCDMP's Java docx plugin does, without its losses: rich values keep
 * their lists, tables and pictures, and the body uses the template's styles.
 *
 * Text placeholders are replaced here, run-aware, keeping the formatting of the run the placeholder
 * starts in. Content that needs new paragraphs, pictures, links or lists (the body, rich values)
 * is left as a sentinel placeholder, then rendered as WordprocessingML (the generated documents'
 * renderer) in its place (splice.ts), its relationships, media and numbering added to the package.
 */
import { randomBytes } from 'node:crypto';
import { strFromU8, strToU8 } from 'fflate';
import { blocksToPlainText } from '../../../document/text';
import type { Block, DocumentMeta } from '../../../document/types';
import { DocxBodyRenderer } from '../BodyRenderer';
import { CORE_PROPERTIES_PATH, corePropertiesXml } from '../coreProperties';
import { TWIPS_PER_POINT } from '../page';
import { xmlSafe } from '../text';
import { zipPackage } from '../zip';
import { TemplateStyles } from './styles';
import {
  addBodyParts,
  highestId,
  replaceInRun,
  replaceParagraph,
  templateNumberingIds,
  withBodyNamespaces,
} from './splice';
import { malformedPartError, readTemplatePackage, type TemplatePackage } from './upload';
import { NOTHING_IN_HEADER_FOOTER, type ShellValue } from '../../../document/placeholders';
import {
  applyEdits,
  paragraphsOf,
  paragraphXml,
  replaceInParagraph,
  type TextReplacement,
  type WordParagraph,
  type XmlEdit,
} from './wordText';

export interface ShellInput {
  template: Uint8Array;
  /** The configuration field it came from ("plan-template"), named in every error. */
  fieldCode: string;
  /** Placeholder key without delimiters ("OPENCDMP.PLAN.TITLE") -> text, or blocks for rich values. */
  values: Record<string, ShellValue>;
  /** The generated body, placed at the body marker (BODY_KEYS) or at the end of the document. */
  body: Block[];
  meta: DocumentMeta;
}

export interface ShellResult {
  bytes: Uint8Array;
  /** Placeholders left as they were, misplaced markers, content replaced by a note. */
  warnings: string[];
}

const DOCUMENT_PART = 'word/document.xml';
const STYLES_PART = 'word/styles.xml';
const HEADER_FOOTER_PART = /^word\/(header|footer)\d*\.xml$/;
/**
 * Where the generated body goes: ours, and the 1.3 Java plugin's ("Plan's sections and their
 * content" in a plan shell, the description's form in a description shell). Any of them marks
 * the body in either export, so a shell written for one entity still works for the other.
 */
const BODY_KEYS = new Set(['OPENCDMP.BODY', 'OPENCDMP.PLAN.FORM', 'OPENCDMP.DESCRIPTION.FORM']);
/**
 * `'{OPENCDMP.KEY}'` with straight or curly quotes (Word's AutoCorrect turns ' into ‘ and ’), and
 * spaces tolerated inside the braces.
 */
const PLACEHOLDER = /['‘’]\{\s*(OPENCDMP\.[^{}'‘’\s]+)\s*\}['‘’]/g;
/** Reference placeholders name any reference type; one the plan has none of prints nothing. */
const REFERENCE_KEY = /^OPENCDMP\.(PLAN|DESCRIPTION)-REFERENCE\.[^.]+$/;
const DELIMITERS = { start: "'{", end: "}'" };

type Place = 'body' | 'headerFooter';

/** Content waiting for its sentinel: blocks in place of its paragraph, or inline content in its run. */
type Patch =
  { kind: 'blocks'; render: () => string } | { kind: 'inline'; render: (runPropertiesXml: string) => string };

/** What applying the template is made of: the package, the renderer and the patches collected. */
class ShellFilling {
  readonly warnings: string[] = [];
  /** Sentinel (as written in the text) -> what takes its place. */
  readonly patches = new Map<string, Patch>();
  private sentinels = 0;
  private readonly nonce = randomBytes(6).toString('hex');
  /** The sentinel the body marker became, once one was found. */
  private bodyKey: string | undefined;
  private readonly unknown = new Set<string>();

  constructor(
    private readonly input: ShellInput,
    private readonly renderer: DocxBodyRenderer,
  ) {}

  /** Fills the placeholders of one part; the body marker is only honoured in the main document. */
  fillPart(xml: string, place: Place, partName: string): string {
    const edits: XmlEdit[] = [];
    for (const paragraph of paragraphsOf(xml)) {
      if (!paragraph.text.includes('{')) continue;
      const replacements: TextReplacement[] = [];
      for (const match of paragraph.text.matchAll(PLACEHOLDER)) {
        const start = match.index;
        const end = start + match[0].length;
        const text = this.replacementFor(match[1], place, partName, paragraph, match[0], edits);
        if (text !== undefined) replacements.push({ start, end, text });
      }
      edits.push(...replaceInParagraph(paragraph, replacements));
    }
    return applyEdits(xml, edits);
  }

  /** The text standing in for a placeholder, or undefined to leave it as it is. */
  private replacementFor(
    key: string,
    place: Place,
    partName: string,
    paragraph: WordParagraph,
    written: string,
    edits: XmlEdit[],
  ): string | undefined {
    const upper = key.toUpperCase();
    if (BODY_KEYS.has(upper)) return this.bodyMarker(place, partName, written);
    const value = this.valueOf(upper, place);
    if (value === undefined) {
      if (!this.unknown.has(upper)) {
        this.unknown.add(upper);
        this.warnings.push(
          `The Word template in "${this.input.fieldCode}" has the placeholder ${written}, which is not one we know; it was left as it is.`,
        );
      }
      return undefined;
    }
    if (typeof value === 'string') return xmlSafe(value);
    if (place === 'headerFooter') return xmlSafe(blocksToPlainText(value));
    return this.richValue(value, paragraph, written, edits);
  }

  private valueOf(key: string, place: Place): string | Block[] | undefined {
    const value = Object.hasOwn(this.input.values, key) ? this.input.values[key] : undefined;
    if (value === undefined)
      return REFERENCE_KEY.test(key) ? (place === 'body' ? '' : NOTHING_IN_HEADER_FOOTER) : undefined;
    if (typeof value === 'string' || Array.isArray(value)) return value;
    return place === 'body' ? value.inBody : value.inHeaderFooter;
  }

  private bodyMarker(place: Place, partName: string, written: string): string {
    if (place !== 'body') {
      this.warnings.push(
        `The Word template in "${this.input.fieldCode}" has ${written} in ${partName}; the body can only go in the main text, so the marker was removed there.`,
      );
      return '';
    }
    if (this.bodyKey) {
      this.warnings.push(
        `The Word template in "${this.input.fieldCode}" has the body marker ${written} again; the body went to the first marker.`,
      );
      return '';
    }
    this.bodyKey = this.sentinelKey('BODY');
    return DELIMITERS.start + this.bodyKey + DELIMITERS.end;
  }

  /**
   * Rich text in the main document: one paragraph goes inline, in the template's paragraph and run
   * formatting; more blocks take the place of a paragraph holding only the placeholder, or follow
   * the paragraph when it has other text too (as the Java plugin did).
   */
  private richValue(blocks: Block[], paragraph: WordParagraph, written: string, edits: XmlEdit[]): string {
    const key = this.sentinelKey('RICH');
    const sentinel = DELIMITERS.start + key + DELIMITERS.end;
    const [first] = blocks;
    if (blocks.length === 1 && first.type === 'paragraph') {
      this.patches.set(sentinel, {
        kind: 'inline',
        render: (runPropertiesXml) =>
          this.renderer.runs(first.content, { dir: first.dir, lang: first.lang, runPropertiesXml }),
      });
      return sentinel;
    }
    this.patches.set(sentinel, { kind: 'blocks', render: () => this.renderer.fragment(blocks) });
    if (paragraph.text.replace(written, '').trim() === '') return sentinel;
    edits.push({ start: paragraph.end, end: paragraph.end, xml: paragraphXml(sentinel) });
    return '';
  }

  /** A placeholder no template has, to put content at. */
  private sentinelKey(kind: string): string {
    this.sentinels += 1;
    return `OPENCDMP.__${kind}_${this.nonce}_${this.sentinels}__`;
  }

  /** Patches the body in at its marker, or adds a marker paragraph at the end of the document. */
  placeBody(documentXml: string): string {
    let xml = documentXml;
    if (!this.bodyKey) {
      this.bodyKey = this.sentinelKey('BODY');
      xml = insertAtEnd(xml, paragraphXml(DELIMITERS.start + this.bodyKey + DELIMITERS.end));
    }
    const pagesBefore = pageBreaks(xml.slice(0, xml.indexOf(this.bodyKey)));
    this.patches.set(DELIMITERS.start + this.bodyKey + DELIMITERS.end, {
      kind: 'blocks',
      render: () => this.renderer.body(this.input.body, { pagesBefore }),
    });
    return xml;
  }

  /** Each sentinel's content rendered in its place, in the order they were found. */
  splice(documentXml: string): string {
    let xml = withBodyNamespaces(documentXml);
    for (const [sentinel, patch] of this.patches) {
      xml =
        patch.kind === 'blocks'
          ? replaceParagraph(xml, sentinel, patch.render())
          : replaceInRun(xml, sentinel, patch.render);
    }
    return xml;
  }
}

/** Page breaks and section breaks in the template's text (its cover's pages before the body). */
function pageBreaks(documentXml: string): number {
  const count = (pattern: RegExp) => documentXml.match(pattern)?.length ?? 0;
  return (
    count(/<w:br\b[^>]*\bw:type=["']page["']/g) +
    count(/<w:pageBreakBefore\s*\/>/g) +
    count(/<w:pPr>(?:(?!<\/w:pPr>).)*<w:sectPr\b/g)
  );
}

/** Before the body's own section properties, which must stay last. */
function insertAtEnd(documentXml: string, paragraph: string): string {
  const sectPr = documentXml.lastIndexOf('<w:sectPr');
  const lastContent = Math.max(
    documentXml.lastIndexOf('</w:p>'),
    documentXml.lastIndexOf('</w:tbl>'),
    documentXml.lastIndexOf('</w:sdt>'),
  );
  const at = sectPr > lastContent ? sectPr : documentXml.lastIndexOf('</w:body>');
  return at < 0 ? documentXml : documentXml.slice(0, at) + paragraph + documentXml.slice(at);
}

/** The text column of the template's last section, in points, so pictures and tables fit it. */
function templateTextArea(documentXml: string): { textWidthPt: number; textHeightPt: number } | undefined {
  const sectPr = documentXml.slice(documentXml.lastIndexOf('<w:sectPr'));
  const size = /<w:pgSz\b[^>]*>/.exec(sectPr)?.[0];
  const margins = /<w:pgMar\b[^>]*>/.exec(sectPr)?.[0];
  if (!size || !margins) return undefined;
  const twips = (tag: string, name: string) => Number(new RegExp(`\\bw:${name}=["'](-?\\d+)`).exec(tag)?.[1] ?? NaN);
  const width = twips(size, 'w') - Math.abs(twips(margins, 'left')) - Math.abs(twips(margins, 'right'));
  const height = twips(size, 'h') - Math.abs(twips(margins, 'top')) - Math.abs(twips(margins, 'bottom'));
  if (!(width > 720 && height > 720)) return undefined;
  return { textWidthPt: width / TWIPS_PER_POINT, textHeightPt: height / TWIPS_PER_POINT };
}

function partText(files: TemplatePackage, path: string): string | undefined {
  const bytes = files.get(path);
  return bytes ? strFromU8(bytes) : undefined;
}

export async function applyShellTemplate(input: ShellInput): Promise<ShellResult> {
  const files = readTemplatePackage(input.template, input.fieldCode);
  // Parts are edited as text: one that is not well-formed XML is the admin's to fix, named in a 400.
  const malformed = malformedPartError(files, input.fieldCode);
  if (malformed) throw malformed;
  return fillTemplate(input, new Map(files));
}

/** Ids the template's own drawings and bookmarks use: ours go above them. */
function templateIds(
  files: TemplatePackage,
  documentXml: string,
): { firstPictureId: number; firstBookmarkId: number; relationshipPrefix: string } {
  let pictures = 0;
  for (const [path, bytes] of files) {
    if (/^word\/.*\.xml$/.test(path))
      pictures = Math.max(pictures, highestId(strFromU8(bytes), /<wp:docPr\b[^>]*\bid="(\d+)"/g));
  }
  const rels = partText(files, 'word/_rels/document.xml.rels') ?? '';
  const taken = rels.includes('"rIddmp') || [...files.keys()].some((path) => path.startsWith('word/media/dmp'));
  return {
    firstPictureId: pictures + 1,
    firstBookmarkId: highestId(documentXml, /<w:bookmarkStart\b[^>]*\bw:id="(\d+)"/g) + 1,
    relationshipPrefix: taken ? `dmp${randomBytes(4).toString('hex')}` : 'dmp',
  };
}

/** Fills the template; `files` (a copy of the upload's) become the output package's. */
async function fillTemplate(input: ShellInput, files: TemplatePackage): Promise<ShellResult> {
  let documentXml = partText(files, DOCUMENT_PART)!;
  const stylesXml = partText(files, STYLES_PART);
  const styles = await TemplateStyles.for(input.meta, stylesXml);
  const renderer = new DocxBodyRenderer(input.meta, {
    ...templateTextArea(documentXml),
    ...templateIds(files, documentXml),
    numbering: templateNumberingIds(files),
    styleId: styles.idFor,
  });
  const filling = new ShellFilling(input, renderer);

  documentXml = filling.fillPart(documentXml, 'body', 'the main text');
  for (const [path, bytes] of files) {
    const part = HEADER_FOOTER_PART.exec(path);
    if (part) files.set(path, strToU8(filling.fillPart(strFromU8(bytes), 'headerFooter', `a ${part[1]}`)));
  }
  documentXml = filling.splice(filling.placeBody(documentXml));
  files.set(DOCUMENT_PART, strToU8(documentXml));
  if (stylesXml !== undefined) files.set(STYLES_PART, strToU8(styles.withMissingStyles(stylesXml)));
  addBodyParts(files, renderer.relationships, renderer.lists);
  if (files.has(CORE_PROPERTIES_PATH)) files.set(CORE_PROPERTIES_PATH, strToU8(corePropertiesXml(input.meta)));

  return { bytes: zipPackage(files), warnings: [...filling.warnings, ...renderer.warnings] };
}
