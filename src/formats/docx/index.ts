/** DOCX: the document model written as WordprocessingML, or poured into an admin's Word shell. */
import type { DocumentFormat } from '../types';

export const docxFormat: DocumentFormat = {
  format: 'docx',
  mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  extension: 'docx',
  icon: 'fa-file-word-o',
  layout: 'template',
  writer: () => require('./render'),
};
