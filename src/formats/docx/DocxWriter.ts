/**
 * DocumentModel -> .docx. Everything the model holds reaches the file: named styles, real list
 * numbering, tables with repeating header rows and merged cells, embedded pictures, hyperlinks, a
 * table of contents, running header and footer with page numbers, core properties and language.
 */
import { AlignmentType, Document, Footer, Header, PageNumber, PageOrientation, Paragraph, TextRun } from 'docx';
import { firstStrongDirection } from '../../document/direction';
import type { Direction, DocumentMeta, DocumentModel } from '../../document/types';
import { DocxBodyRenderer } from './BodyRenderer';
import { CORE_PROPERTIES_PATH, corePropertiesXml } from './coreProperties';
import { FONT_TABLE_PATH, fontTableXml } from './fonts';
import { numberingPartXml } from './numbering';
import { BODY_PLACEHOLDER, packDocx } from './package';
import { pageGeometry } from './page';
import { documentStyles, resolveTheme, StyleId } from './styles';
import { xmlSafe } from './text';

export interface WriteDocxOptions {
  /** Told about content that was replaced by a note (an image Word could not take, ...). */
  onWarning?: (message: string) => void;
}

/** Where the running header and footer sit from the page edge, in twips (Word's default, 1.25 cm). */
const HEADER_DISTANCE = 708;

export async function writeDocx(doc: DocumentModel, options: WriteDocxOptions = {}): Promise<Uint8Array> {
  const { meta } = doc;
  const renderer = new DocxBodyRenderer(meta);
  const bodyXml = renderer.body(doc.blocks);
  renderer.warnings.forEach((warning) => options.onWarning?.(warning));
  const cover = startsWithTitle(doc);
  return packDocx(frameKey(meta, cover), () => frameDocument(meta, cover), {
    // Word wants at least one paragraph in the body.
    bodyXml: bodyXml || '<w:p/>',
    relationships: renderer.relationships,
    parts: {
      [CORE_PROPERTIES_PATH]: corePropertiesXml(meta),
      'word/numbering.xml': numberingPartXml(renderer.lists),
      [FONT_TABLE_PATH]: fontTableXml(Object.values(resolveTheme(meta.theme).fonts)),
    },
  });
}

/** What the package around the body is made from: its styles, page, header and footer. */
function frameKey(meta: DocumentMeta, cover: boolean): string {
  const { theme, language, direction, headerText, footerText, pageSize, orientation, margins } = meta;
  return JSON.stringify([theme, language, direction, headerText, footerText, pageSize, orientation, margins, cover]);
}

/** A document that opens with its title has a cover page (the PDF writer's rule too). */
const startsWithTitle = (doc: DocumentModel): boolean =>
  doc.blocks[0]?.type === 'paragraph' && doc.blocks[0].style === 'title';

/** The document with a placeholder for its body: docx writes its styles, section, header and footer. */
function frameDocument(meta: DocumentMeta, cover: boolean): Document {
  const page = pageGeometry(meta);
  const header = runningHeader(meta);
  const footer = runningFooter(meta);
  // A cover page (the document opens with its title) has no running header, as in the PDF.
  const coverFooter = cover ? runningFooter(meta) : undefined;
  return new Document({
    ...documentStyles(meta),
    sections: [
      {
        properties: {
          titlePage: cover && header !== undefined,
          page: {
            size: {
              width: page.width,
              height: page.height,
              orientation: page.landscape ? PageOrientation.LANDSCAPE : PageOrientation.PORTRAIT,
            },
            margin: {
              ...page.margins,
              header: Math.min(HEADER_DISTANCE, Math.round(page.margins.top / 2)),
              footer: Math.min(HEADER_DISTANCE, Math.round(page.margins.bottom / 2)),
            },
          },
        },
        headers: header ? { default: header, ...(cover && { first: new Header({ children: [] }) }) } : undefined,
        footers: footer ? { default: footer, ...(coverFooter && { first: coverFooter }) } : undefined,
        // Stands in for the body, which is written as XML (BodyRenderer) and spliced in its place.
        children: [new Paragraph({ children: [new TextRun(BODY_PLACEHOLDER)] })],
      },
    ],
  });
}

function runningHeader(meta: DocumentMeta): Header | undefined {
  const text = xmlSafe(meta.headerText ?? '').trim();
  if (!text) return undefined;
  const rtl = textDirection(text, meta) === 'rtl';
  return new Header({
    children: [
      new Paragraph({
        style: StyleId.header,
        bidirectional: rtl || undefined,
        // The text reads in its own direction, on the side where the document's lines start.
        alignment:
          rtl === (meta.direction === 'rtl')
            ? undefined
            : meta.direction === 'rtl'
              ? AlignmentType.RIGHT
              : AlignmentType.LEFT,
        children: [new TextRun({ text, rightToLeft: rtl || undefined })],
      }),
    ],
  });
}

/** "Page {page} of {pages}" -> text with PAGE and NUMPAGES fields, which Word and LibreOffice fill in. */
function runningFooter(meta: DocumentMeta): Footer | undefined {
  const text = xmlSafe(meta.footerText ?? '');
  if (!text.trim()) return undefined;
  const parts = text
    .split(/(\{pages\}|\{page\})/)
    .flatMap((part) =>
      part === '{page}' ? [PageNumber.CURRENT] : part === '{pages}' ? [PageNumber.TOTAL_PAGES] : part ? [part] : [],
    );
  const rtl = textDirection(text.replace(/\{pages?\}/g, ''), meta) === 'rtl' || undefined;
  return new Footer({
    children: [
      new Paragraph({
        style: StyleId.footer,
        alignment: AlignmentType.CENTER,
        bidirectional: rtl,
        children: [new TextRun({ children: parts, rightToLeft: rtl })],
      }),
    ],
  });
}

/** Running headers and footers take their direction from their text, as paragraphs do. */
const textDirection = (text: string, meta: DocumentMeta): Direction => firstStrongDirection(text) ?? meta.direction;
