/**
 * pdfkit writes each object in three pieces (its number, its dictionary, "endobj") and each line
 * of the cross-reference table on its own, every piece made a Buffer and pushed into the output
 * stream: ~9,000 chunks for a 100-description plan untagged, ~60,000 tagged (an object per
 * structure element). Text is gathered here and pushed as one Buffer per ~64 KB, before any bytes
 * pdfkit writes as a Buffer (streams' contents), and before the output ends: the same bytes, in
 * order, in far fewer chunks.
 */
import type { PrototypeHook } from './hook';
import { PDFKIT_0_19_1, pdfkitClass } from './libraries';

interface PdfKitDocument {
  /** Bytes written so far: pdfkit records each object's start from it. */
  _offset: number;
  push(chunk: Buffer | null, encoding?: unknown): boolean;
}

const CHUNK_LENGTH = 1 << 16;

/** Per document: text written and not yet pushed. */
const gathered = new WeakMap<PdfKitDocument, { parts: string[]; length: number }>();

function pushGathered(doc: PdfKitDocument): void {
  const text = gathered.get(doc);
  if (!text || text.parts.length === 0) return;
  const chunk = Buffer.from(text.parts.join(''), 'latin1');
  text.parts = [];
  text.length = 0;
  doc.push(chunk);
}

export const outputGathered: PrototypeHook = {
  name: 'output gathered',
  writtenFor: PDFKIT_0_19_1,
  target: { owner: 'PDFDocument', method: '_write', parameters: ['data'] },
  reads: { 'this._offset': 'number' },
  prototype: () => pdfkitClass().prototype,
  wrap: (write) =>
    function gatherWrite(this: PdfKitDocument, data: unknown) {
      if (Buffer.isBuffer(data)) {
        pushGathered(this);
        return write.call(this, data);
      }
      // What pdfkit's _write makes of text: the text and a newline, one byte per character.
      const piece = `${data}\n`;
      let text = gathered.get(this);
      if (!text) gathered.set(this, (text = { parts: [], length: 0 }));
      text.parts.push(piece);
      text.length += piece.length;
      this._offset += piece.length;
      if (text.length >= CHUNK_LENGTH) pushGathered(this);
      return undefined;
    },
};

/** The output ends (pdfkit pushes null) only after the text gathered. */
export const outputEnds: PrototypeHook = {
  name: 'output ends after what is gathered',
  writtenFor: PDFKIT_0_19_1,
  // Node's Readable method, which pdfkit's PDFDocument inherits.
  target: { owner: 'PDFDocument', method: 'push', parameters: ['chunk', 'encoding'] },
  reads: {},
  prototype: () => pdfkitClass().prototype,
  wrap: (push) =>
    function pushChunk(this: PdfKitDocument, chunk: Buffer | null, encoding?: unknown) {
      if (chunk === null) pushGathered(this);
      return push.call(this, chunk, encoding);
    },
};
