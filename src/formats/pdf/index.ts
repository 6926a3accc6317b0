/** PDF: the same document model as DOCX, laid out with pdfmake (fonts load in the worker). */
import type { DocumentFormat } from '../types';

export const pdfFormat: DocumentFormat = {
  format: 'pdf',
  mimeType: 'application/pdf',
  extension: 'pdf',
  icon: 'fa-file-pdf-o',
  layout: 'template',
  writer: () => require('./render'),
};
