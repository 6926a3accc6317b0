/** Markdown: the document model as CommonMark with GFM tables (mdast-util-to-markdown). */
import type { DocumentFormat } from '../types';

export const markdownFormat: DocumentFormat = {
  format: 'md',
  mimeType: 'text/markdown',
  extension: 'md',
  icon: 'fa-file-text-o',
  layout: 'template',
  writer: () => require('./render'),
};
