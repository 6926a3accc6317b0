/**
 * DocumentModel -> pdfmake document definition: page setup, metadata, running header and footer,
 * and the body. Pure data in, pure data out; nothing here touches pdfmake itself.
 */
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { firstStrongDirection, resolveDocumentDirections } from '../../document/direction';
import type { Direction, DocumentModel } from '../../document/types';
import { blocks, type DocumentEnv, type Flow } from './blocks';
import { FONT_FILES, fontVariant, splitByFont, textWidth } from './fonts';
import { collectHeadings } from './headings';
import { DOCUMENT_PIXEL_BUDGET } from './images';
import { inlineSegments, type RunStyle } from './runs';
import { LINE_HEIGHT, textContent } from './text';
import { DEFAULT_PDF_PROFILE, isTagged, type PdfOutput, profileSettings } from './profile';
import { tagNode } from './tags';
import { pageGeometry, type PdfTheme, resolveTheme } from './theme';

/** Running header and footer: pagination artifacts, not content. */
const ARTIFACT = { role: 'Artifact' } as const;

export interface PdfDefinition {
  definition: TDocumentDefinitions;
  /** Font files the document uses. */
  fontFiles: Set<string>;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Shortens text with an ellipsis until it fits on one line (running headers must not wrap). */
function fitOneLine(text: string, style: RunStyle, width: number): string {
  const variant = fontVariant(style.bold, style.italics);
  const measure = (value: string): number =>
    splitByFont(value, style.family).reduce(
      (sum, run) => sum + textWidth(run.text, run.family, variant, style.fontSize),
      0,
    );
  if (measure(text) <= width) return text;
  const parts = [...graphemes.segment(text)].map((part) => part.segment);
  let low = 0;
  let high = parts.length;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (measure(`${parts.slice(0, mid).join('')}\u2026`) <= width) low = mid;
    else high = mid - 1;
  }
  return `${parts.slice(0, low).join('').trimEnd()}\u2026`;
}

/**
 * A running header or footer line: it reads in its own text's direction (the document's when it
 * has no letters), and a header stands where the document's lines start.
 */
function marginText(
  text: string,
  theme: PdfTheme,
  env: DocumentEnv,
  width: number,
  documentDirection: Direction,
  align: 'start' | 'center',
): Content {
  const style: RunStyle = {
    family: theme.bodyFamily,
    fontSize: theme.fontSize * 0.8,
    color: theme.mutedColor,
    bold: false,
    italics: false,
    underline: false,
    strike: false,
    sub: false,
    sup: false,
    code: false,
  };
  const fitted = fitOneLine(text.replace(/\s+/g, ' ').trim(), style, width * 0.98);
  const segments = inlineSegments([{ type: 'text', text: fitted }], style, {
    linkColor: theme.linkColor,
    codeFamily: theme.codeFamily,
  });
  return textContent(segments, {
    width,
    direction: firstStrongDirection(fitted) ?? documentDirection,
    align: align === 'center' ? 'center' : documentDirection === 'rtl' ? 'right' : 'left',
    fontSize: style.fontSize,
    color: style.color,
    fontFiles: env.fontFiles,
  }).node;
}

const fillFooter = (template: string, page: number, pages: number): string =>
  template.replace(/\{page\}/g, String(page)).replace(/\{pages\}/g, String(pages));

export function buildPdfDefinition(
  model: DocumentModel,
  output: PdfOutput = { profile: DEFAULT_PDF_PROFILE },
): PdfDefinition {
  const doc = resolveDocumentDirections(model);
  const { meta } = doc;
  const theme = resolveTheme(meta);
  const geometry = pageGeometry(meta);
  const env: DocumentEnv = {
    theme,
    language: meta.language,
    geometry,
    fontFiles: new Set([FONT_FILES[theme.bodyFamily].normal]),
    images: {},
    embeddedImages: new Map(),
    imagePixelsLeft: DOCUMENT_PIXEL_BUDGET,
    headings: collectHeadings(doc.blocks),
    placedAnchors: new Set(),
    contents: [],
  };
  const direction: Direction = meta.direction === 'rtl' ? 'rtl' : 'ltr';
  const flow: Flow = { width: geometry.textWidth, direction, bold: false };
  const content = blocks(doc.blocks, flow, env);
  const profile = profileSettings(output, meta.language);

  const { margins } = geometry;
  const headerText = meta.headerText?.trim() ?? '';
  const header = headerText ? marginText(headerText, theme, env, geometry.textWidth, direction, 'start') : undefined;
  // A cover page (the document opens with its title) looks better without the running header.
  const hasCover = doc.blocks[0]?.type === 'paragraph' && doc.blocks[0].style === 'title';
  const headerTop = Math.max(6, margins.top * 0.45);
  const footerTemplate = meta.footerText?.trim() ?? '';
  // Built once up front so the fonts a footer needs are known before rendering.
  if (footerTemplate) marginText(fillFooter(footerTemplate, 1, 1), theme, env, geometry.textWidth, direction, 'center');

  const definition: TDocumentDefinitions = {
    pageSize: { width: geometry.width, height: geometry.height },
    pageOrientation: meta.orientation === 'landscape' ? 'landscape' : 'portrait',
    pageMargins: [margins.left, margins.top, margins.right, margins.bottom],
    info: {
      title: meta.title,
      author: meta.author,
      subject: meta.subject,
      keywords: meta.keywords?.join(', '),
      creator: 'dmp-file-transformer',
      producer: 'dmp-file-transformer (pdfmake)',
    },
    language: meta.language,
    displayTitle: true,
    ...profile.definition,
    defaultStyle: { font: theme.bodyFamily, fontSize: theme.fontSize, color: theme.textColor, lineHeight: LINE_HEIGHT },
    images: env.images,
    content: isTagged(output) ? tagNode({ stack: content }, { role: 'Document', document: profile.tagging }) : content,
    header: header
      ? (currentPage: number): Content | null =>
          currentPage === 1 && hasCover
            ? null
            : tagNode(
                { stack: [structuredClone(header)], margin: [margins.left, headerTop, margins.right, 0] },
                ARTIFACT,
              )
      : undefined,
    footer: footerTemplate
      ? (currentPage: number, pageCount: number): Content => {
          const text = marginText(
            fillFooter(footerTemplate, currentPage, pageCount),
            theme,
            env,
            geometry.textWidth,
            direction,
            'center',
          );
          return tagNode(
            { stack: [text], margin: [margins.left, Math.max(6, margins.bottom * 0.35), margins.right, 0] },
            ARTIFACT,
          );
        }
      : undefined,
  };
  return { definition, fontFiles: env.fontFiles };
}
