/**
 * Tagged PDF, the writer's half: structure roles carried on pdfmake nodes. The writer (blocks/,
 * definition.ts, text.ts) says what each node is by setting `pdfTag`; internals/tagging/structure.ts
 * turns the tags met during pdfmake's layout into a structure tree and labels every drawn line,
 * image and vector with its place in it; internals/tagging/marking.ts writes the marked content
 * and the structure elements. Pure data here; nothing else in the writer knows about PDF structure.
 */

/** Standard structure types of PDF 1.7 (ISO 32000-1, 14.8.4) this writer emits. */
export type StructureRole =
  | 'Document'
  | 'H1'
  | 'H2'
  | 'H3'
  | 'H4'
  | 'H5'
  | 'H6'
  | 'P'
  | 'L'
  | 'LI'
  | 'Lbl'
  | 'LBody'
  | 'Table'
  | 'THead'
  | 'TBody'
  | 'TR'
  | 'TH'
  | 'TD'
  | 'Figure'
  | 'Caption'
  | 'Link'
  | 'BlockQuote'
  | 'Code'
  | 'TOC'
  | 'TOCI'
  | 'Reference'
  | 'Span';

/** What the document as a whole declares (carried on the root node). */
export interface DocumentTagging {
  /** BCP 47 language of the document; elements in another language get their own /Lang. */
  lang: string;
  /** Write the PDF/UA-1 identification (pdfuaid) into the XMP ourselves: pdfkit writes one subset's only, PDF/A's here. */
  addPdfUaId: boolean;
  /** A file embedded in the PDF as an associated file of the document (PDF/A-3). */
  attachment?: {
    name: string;
    mimeType: string;
    description: string;
    bytes: Uint8Array;
    relationship: 'Data' | 'Source' | 'Supplement';
  };
}

export interface PdfTag {
  /** 'H' is a heading of `level`; the renderer numbers headings so that no level is skipped. 'Artifact': running header or footer. */
  role: StructureRole | 'H' | 'Artifact';
  level?: number;
  /**
   * Nodes tagged with the same role and key under the same parent are one element: table rows
   * gather their cells, a paragraph cut across pages stays one P.
   */
  key?: string | number;
  /** Elements between the enclosing element and this one (resolved like this one, key included). */
  path?: readonly PdfTag[];
  lang?: string;
  /** Figure: the alternate description. */
  alt?: string;
  /** Span or P: the text in reading order, when it is drawn in another (right-to-left lines). */
  actualText?: string;
  /** TH: the cells it heads. */
  scope?: 'Column' | 'Row' | 'Both';
  colSpan?: number;
  rowSpan?: number;
  /** Among siblings with an order, the logical position (right-to-left tables are drawn mirrored). */
  order?: number;
  /** Root only. */
  document?: DocumentTagging;
}

export type TaggedNode = { pdfTag?: PdfTag };

/** Sets the node's tag, keeping a right-to-left line's reading-order text (text.ts puts it there). */
export function tagNode<T>(node: T, tag: PdfTag): T {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return node;
  const existing = (node as TaggedNode).pdfTag;
  const actualText = tag.actualText ?? (existing?.role === 'Span' ? existing.actualText : undefined);
  (node as TaggedNode).pdfTag = actualText === undefined ? tag : { ...tag, actualText };
  return node;
}

export const tagOf = (node: unknown): PdfTag | undefined =>
  node !== null && typeof node === 'object' && !Array.isArray(node) ? (node as TaggedNode).pdfTag : undefined;

let continuation = 0;

/** The same element for content split into several nodes (a paragraph cut after its first lines). */
export function continuedTag(tag: PdfTag): PdfTag {
  return tag.key !== undefined ? tag : { ...tag, key: `continued-${++continuation}` };
}
