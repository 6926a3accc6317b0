/** HTML exporter: the document model as one self-contained, script-free HTML file (hast-util-to-html). */
import { documentExporter } from '../documentConfiguration';

export const htmlExporter = documentExporter({ format: 'html', mimeType: 'text/html', extension: 'html', icon: 'fa-html5' }, () =>
  require('./render'),
);
