/**
 * pdfkit copies the Title, Author, Subject and Keywords of the document information into the XMP
 * packet unescaped: a title with "&" or "<" made the metadata stream malformed XML.
 */
import { type PrototypeHook } from './hook';
import { PDFKIT_0_19_1, pdfkitClass } from './libraries';

interface PdfKitDocument {
  info: Record<string, unknown>;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]);

export const xmpEscaped: PrototypeHook = {
  name: 'XMP metadata escaped',
  writtenFor: PDFKIT_0_19_1,
  target: { owner: 'PDFDocument', method: '_addInfo', parameters: [] },
  reads: { 'this.info': 'object', 'this.info.Title': 'string' },
  prototype: () => pdfkitClass().prototype,
  wrap: (original) =>
    function addInfo(this: PdfKitDocument, ...args: unknown[]) {
      const info = this.info;
      const escaped: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(info))
        escaped[key] = typeof value === 'string' ? escapeXml(value) : value;
      this.info = escaped;
      try {
        return Reflect.apply(original, this, args);
      } finally {
        this.info = info;
      }
    },
};
