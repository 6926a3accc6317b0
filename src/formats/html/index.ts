/** HTML: the document model as one self-contained, script-free HTML file (hast-util-to-html). */
import type { DocumentFormat } from '../types';

export const htmlFormat: DocumentFormat = {
  format: 'html',
  mimeType: 'text/html',
  extension: 'html',
  icon: 'fa-html5',
  layout: 'template',
  writer: () => require('./render'),
};
