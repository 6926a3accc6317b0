/** Markdown exporter: the document model as CommonMark with GFM tables (mdast-util-to-markdown). */
import { documentExporter } from '../documentConfiguration';

export const markdownExporter = documentExporter({ format: 'md', mimeType: 'text/markdown', extension: 'md', icon: 'fa-file-text-o' }, () =>
  require('./render'),
);
